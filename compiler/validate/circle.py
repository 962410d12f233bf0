"""Layer 3 for a circle of cities (7 Wonders): decks dealt by player count, guilds, copies.

A card of 7 Wonders is printed in copies, each marked with the smallest player count that uses
it ("3+", "4+"): a game of N players deals the copies marked N or less (`copies`), and N + 2
guilds in Age III. These checks hold the files to what game.yaml says of each Age at every
player count. They register with `wondersmith.validate.semantics` and run with its checks.
"""
from __future__ import annotations

from typing import Iterator

from wondersmith.diagnostics import Diagnostic
from wondersmith.ir.model import Building, Game
from wondersmith.ir.rules import guilds_at
from wondersmith.validate.semantics import Unread, at, check_, in_game, waits
from wondersmith.validate.strict_yaml import Document


def _plural(n: int, word: str, words: str = "") -> str:
    return f"{n} " + (word if n == 1 else words or word + "s")


@check_(sees_unread=True, needs="hand_draft")
def hands_dealt(game: Game, doc: Document, unread: tuple[Unread, ...]) -> Iterator[Diagnostic]:
    """Each Age deals every player a full hand, at every player count: its copies printed
    for N or fewer, plus the guilds drawn into it, make `hand` × N cards."""
    guilds = game.guilds()
    guild_age = game.rules["setup"]["guilds"]["age"]
    for i, (deck, age) in enumerate(zip(game.ages, game.rules["ages"])):
        if waits(deck.age, unread):
            continue
        cards = game.age_cards(deck.age)
        hand = age["hand"]
        wrong = []
        for n in game.player_counts:
            dealt = sum(b.copies_at(n) for b in cards)
            drawn = min(guilds_at(game.rules, n), len(guilds)) if deck.age == guild_age else 0
            if dealt + drawn != hand * n:
                wrong.append((n, dealt, drawn))
        if wrong:  # one diagnostic an Age, at its first wrong player count
            (n, dealt, drawn), others = wrong[0], [str(w[0]) for w in wrong[1:]]
            wanted = hand * n
            with_guilds = f" and {_plural(drawn, 'guild')}" if drawn else ""
            change = wanted - dealt - drawn
            fix = (f"print {_plural(change, 'more copy', 'more copies')} for {n} "
                   "players or fewer" if change > 0 else
                   f"mark {_plural(-change, 'copy', 'copies')} for more than {n} players")
            yield in_game(doc, ("ages", i, "hand"), "WS321",
                          f"at {n} players Age {deck.age} deals {_plural(dealt, 'card')}"
                          f"{with_guilds}; {n} hands of {hand} need {wanted}"
                          + (f" (wrong at {', '.join(others)} players too)"
                             if others else ""),
                          fix + f" in Age {deck.age}'s "
                          "`copies`, or change its `hand`")


@check_(whole_game=True)
def guilds_enough(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The guilds in the box are enough for the most players the game seats."""
    if not isinstance(game.rules["setup"]["guilds"]["count"], dict):
        return  # a fixed number of guilds: WS314 holds it to the guilds there are
    most = max(game.player_counts)
    needed = guilds_at(game.rules, most)
    have = len(game.guilds())
    if have < needed:
        yield in_game(doc, ("setup", "guilds", "count"), "WS322",
                      f"{most} players draw {needed} guilds, but the game has {have}",
                      f"add {_plural(needed - have, 'guild')}, or lower `players_plus` or "
                      "the most players")


@check_(sees_unread=True)
def printed_counts(game: Game, doc: Document, unread: tuple[Unread, ...]) -> Iterator[Diagnostic]:
    """`printed` in game.yaml matches the copies of the card files."""
    guilds = game.guilds()
    setup_guilds = game.rules["setup"]["guilds"]
    for i, age in enumerate(game.rules.get("ages", ())):
        said = age.get("printed", 0)
        if not said or waits(age["age"], unread):
            continue
        printed = sum(len(b.copies) or 1 for b in game.age_cards(age["age"]))
        if age["age"] == setup_guilds["age"]:
            printed += len(guilds)
        if printed != said:
            yield in_game(doc, ("ages", i, "printed"), "WS323",
                          f"Age {age['age']}'s files print {_plural(printed, 'card')}; "
                          f"game.yaml says {said}",
                          f"write `printed: {printed}`, or add or remove copies in Age "
                          f"{age['age']}'s files")
    said = setup_guilds.get("printed", 0)
    if said and said != len(guilds) and not waits(setup_guilds["age"], unread):
        yield in_game(doc, ("setup", "guilds", "printed"), "WS323",
                      f"the files hold {_plural(len(guilds), 'guild')}; game.yaml says "
                      f"{said}", f"write `printed: {len(guilds)}`, or "
                      "add or remove guilds")


@check_
def player_counts(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The player range is a range, and every copy is printed for a count in it."""
    if game.players_max and game.players_max < game.players:
        yield in_game(doc, ("players", "max"), "WS324",
                      f"at most {game.players_max} players but at least {game.players}",
                      "make `max` at least `min`")
        return
    counts = game.player_counts
    for b in game.buildings:
        for j, n in enumerate(b.copies):
            if n not in counts:
                yield at(b, f"copies.{j}", "WS324",
                         f"a copy of '{b.id}' is printed for {n} players; the game seats "
                         f"{counts.start} to {counts.stop - 1}",
                         f"print it for {counts.start} to {counts.stop - 1} players")
        if list(b.copies) != sorted(b.copies):
            yield at(b, "copies", "WS324", f"the copies of '{b.id}' are out of order",
                     "list them in increasing order: " + ", ".join(map(str, sorted(b.copies))))


@check_
def same_name_same_card(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """Cards of one name are one card: never two of an Age printed for the same player count
    (a city never holds two of a name), and alike in every Age they are printed in."""
    first: dict[str, Building] = {}
    seen: dict[tuple[int, str], Building] = {}
    for b in game.buildings:
        other = seen.get((b.age, b.name))
        if other is not None and set(other.copies or (0,)) & set(b.copies or (0,)):
            both = sorted(set(other.copies or (0,)) & set(b.copies or (0,)))
            yield at(b, "name", "WS325",
                     f"'{b.id}' and '{other.id}' are both '{b.name}' in Age {b.age}, printed "
                     f"for {', '.join(map(str, both))} players",
                     "merge them into one card with both counts in `copies`")
        seen.setdefault((b.age, b.name), b)
        same = first.setdefault(b.name, b)
        if same is not b and (same.color, same.cost, same.effects) != \
                (b.color, b.cost, b.effects):
            yield at(b, "name", "WS325",
                     f"'{b.id}' is named '{b.name}' like '{same.id}' but differs from it in "
                     "colour, cost or effects", "give it another name, or make it the same")


@check_
def circle_setup(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """What game.yaml names exists: the colours neighbours may buy from, the 2-player
    variant's deck."""
    for j, sold in enumerate(game.rules["trade"].get("sellable", ())):
        if sold != "board" and sold not in game.colors:
            yield in_game(doc, ("trade", "sellable", j), "WS302",
                          f"colour '{sold}' is not declared in game.yaml",
                          "colours of this game: " + ", ".join(game.colors))
    variant = game.rules.get("two_player_variant")
    if variant is not None and variant["deck_players"] not in game.player_counts:
        counts = game.player_counts
        yield in_game(doc, ("two_player_variant", "deck_players"), "WS324",
                      f"the variant plays the deck of {variant['deck_players']} players; the "
                      f"game seats {counts.start} to {counts.stop - 1}",
                      f"write a count from {counts.start} to {counts.stop - 1}")


@check_(whole_game=True, needs="wonder_boards")
def boards_dealt(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The set-up deals the boards there are, one a player at most."""
    count = game.rules["setup"]["boards"]["count"]
    if count != len(game.boards):
        yield in_game(doc, ("setup", "boards", "count"), "WS314",
                      f"{count} boards in the box, but the game has {len(game.boards)}",
                      f"write `count: {len(game.boards)}`, or add or remove boards")
    elif len(game.boards) < max(game.player_counts):
        yield in_game(doc, ("setup", "boards", "count"), "WS314",
                      f"{max(game.player_counts)} players need a board each, but the game "
                      f"has {len(game.boards)}", "add boards, or seat fewer players")


@check_(needs="conflicts")
def conflict_tokens(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """One victory token per Age."""
    victory = game.rules["conflicts"]["victory"]
    if len(victory) != len(game.ages):
        yield in_game(doc, ("conflicts", "victory"), "WS326",
                      f"{_plural(len(victory), 'victory token')} for "
                      f"{_plural(len(game.ages), 'Age')}",
                      "list the victory token of each Age, in Age order")
