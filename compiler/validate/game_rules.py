"""Layer 3 for game.yaml's rule sections: the set-up against the components and against
itself, and the military track's zones.

They read the rules record (`Game.rules`) by key, as the schema defines it, with the
defaults of a game whose mechanics do not read a key. They register with
`wondersmith.validate.semantics` and run with its checks.
"""
from __future__ import annotations

from typing import Iterator

from wondersmith.diagnostics import Diagnostic, did_you_mean
from wondersmith.dsl.terms import ON_BUILD
from wondersmith.ir.model import Game
from wondersmith.validate.semantics import check_, in_game
from wondersmith.validate.strict_yaml import Document


@check_(whole_game=True)
def setup_components(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The set-up numbers against the tokens, guilds and Wonders there are."""
    s = game.rules["setup"]
    wonder_ids = {w.id for w in game.wonders}
    board_tokens = s.get("board_tokens", 0)
    if board_tokens > len(game.tokens):
        yield in_game(doc, ("setup", "board_tokens"), "WS314",
                      f"{board_tokens} tokens on the board, but the game has "
                      f"{len(game.tokens)}", f"write `board_tokens: {len(game.tokens)}` or "
                      "less, or add tokens")
    drawn = s["guilds"]["count"]
    if isinstance(drawn, int) and drawn > len(game.guilds()):  # else: WS322 (circle.py)
        yield in_game(doc, ("setup", "guilds", "count"), "WS314",
                      f"{drawn} guilds drawn, but the game has {len(game.guilds())}",
                      f"write `count: {len(game.guilds())}` or less, or add guilds")
    picks = sum(len(r) for r in s.get("wonder_draft", ()))
    if game.wonders and picks > len(game.wonders):
        yield in_game(doc, ("setup", "wonder_draft"), "WS314",
                      f"the draft deals {picks} Wonders, but the game has {len(game.wonders)}",
                      "deal fewer Wonders in `wonder_draft`, or add Wonders")
    for seat, wonders in s.get("first_game_wonders", {}).items():
        for j, wid in enumerate(wonders):
            if wid not in wonder_ids:
                yield in_game(doc, ("setup", "first_game_wonders", seat, j), "WS313",
                              f"no Wonder has the id '{wid}'", did_you_mean(wid, wonder_ids))


@check_
def setup(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The set-up numbers against each other and against game.yaml."""
    s = game.rules["setup"]
    guild_age = s["guilds"]["age"]
    if guild_age not in {d.age for d in game.ages}:
        yield in_game(doc, ("setup", "guilds", "age"), "WS313",
                      f"guilds go into Age {guild_age}, which `ages` does not declare",
                      "ages declared: " + ", ".join(str(d.age) for d in game.ages))
    removed = s.get("removed_cards_per_age", 0)
    for deck in game.ages:
        if removed > deck.cards:
            yield in_game(doc, ("setup", "removed_cards_per_age"), "WS314",
                          f"{removed} cards left out of Age {deck.age}'s "
                          f"{deck.cards}", f"leave out at most {deck.cards}")
    draft = s.get("wonder_draft", ())
    picks = sum(len(r) for r in draft)
    if any(r.count("first") != r.count("second") for r in draft):
        yield in_game(doc, ("setup", "wonder_draft"), "WS314",
                      "every draft round must give each player the same number of Wonders",
                      "list `first` and `second` equally often in each round")
    most_built = s.get("max_wonders_built", 0)
    if most_built > picks:
        yield in_game(doc, ("setup", "max_wonders_built"), "WS314",
                      f"{most_built} Wonders can be built, but only {picks} are dealt",
                      f"write `max_wonders_built: {picks}` or less")
    first_game = s.get("first_game_wonders")
    if first_game:
        per_seat = picks // 2
        for seat, wonders in first_game.items():
            if len(wonders) != per_seat:
                yield in_game(doc, ("setup", "first_game_wonders", seat), "WS314",
                              f"{len(wonders)} Wonders for the {seat} player; the draft gives "
                              f"{per_seat}", f"list {per_seat} Wonders for each player")
        both = [*first_game["first"], *first_game["second"]]
        if len(set(both)) != len(both):
            yield in_game(doc, ("setup", "first_game_wonders"), "WS314",
                          "a Wonder is given to both players", "give each Wonder to one player")


@check_(needs="military_track")
def military(game: Game, doc: Document) -> Iterator[Diagnostic]:
    expected = 0
    track = game.rules["military"]
    for i, zone in enumerate(track["zones"]):
        first, last = zone["from"], zone["to"]
        if first != expected or last < first:
            yield in_game(doc, ("military", "zones", i), "WS315",
                          f"zone {i + 1} covers {first}-{last}; the previous zone "
                          f"ends at {expected - 1}, so it should start at {expected}",
                          f"write `from: {expected}` and a `to:` of {expected} or more")
        expected = last + 1
    supremacy_at = track["supremacy_at"]
    if track["zones"] and supremacy_at != expected:
        yield in_game(doc, ("military", "supremacy_at"), "WS315",
                      f"supremacy at {supremacy_at}, but the zones end at {expected - 1}",
                      f"write `supremacy_at: {expected}`, or make the last zone end at "
                      f"{supremacy_at - 1}")


@check_(whole_game=True, needs="senate")
def senate_decrees(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The Senate's Decrees are tokens of the game, whose effects can hold while a chamber
    is controlled (ongoing, or VP at the end): an effect on gain could never be taken back,
    but for those that can be undone (shields: the pawn moves back)."""
    tokens = {t.id: t for t in game.tokens}
    for i, decree in enumerate(game.rules["senate"]["decrees"]):
        token = tokens.get(decree)
        if token is None:
            yield in_game(doc, ("senate", "decrees", i), "WS314",
                          f"Decree {decree!r} is not a token of the game",
                          did_you_mean(decree, set(tokens)) or "name a token of `tokens`")
        elif any(e.TIMING == ON_BUILD and not e.UNDOABLE for e in token.effects):
            yield in_game(doc, ("senate", "decrees", i), "WS314",
                          f"Decree {decree!r} has an effect on gain; a Decree's effects hold "
                          "while its chamber is controlled",
                          "give the token ongoing effects, points or shields only")
