"""Sheet labels and the rules summary, as gettext messages filled from the game's data.

The numbers in the rules (starting coins, trade price, military zones...) come from the
rules record, read through the engine's config of each mechanic (`Game.config`), so a data
change updates the summary in every language. The summary is assembled from parts, each
describing the rule mechanics it needs: a game's summary holds the parts of the mechanics its
game.yaml lists (`mechanics`), so no game's rules are assumed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from wondersmith.ir.model import Game
from wondersmith.ir.rules import CORE
from wondersmith.render import circle_texts as circle, phrases
from wondersmith.render.i18n import Text, Translator


def labels(t: Translator) -> dict[str, Text]:
    """Fixed words of the sheet, by key."""
    return {
        "reference_sheet": t.gettext("Reference sheet"),
        "rules_reference": t.gettext("Rules reference"),
        "contents": t.gettext("Contents"),
        "age": t.gettext("Age {age}"),
        "wonders": t.gettext("The Wonders"),
        "tokens": t.gettext("Progress tokens"),
        "guilds": t.gettext("Guilds"),
        "military_track": t.gettext("Military track"),
        "rules_summary": t.gettext("Rules summary"),
        "cost": t.gettext("Cost"),
        "free": t.gettext("Free"),
        "chain_gives": t.gettext("Chain symbol"),
        "chain_from": t.gettext("Free with"),
        "card": t.gettext("Card"),
        "effects": t.gettext("Effects"),
        "page": t.gettext("Page {page} of {pages}"),
        "untranslated": t.gettext(
            "Marked text has no translation yet and is shown in English."),
        "untranslated_mark": t.gettext("EN"),
        "zone": t.gettext("Zone"),
        "spaces": t.gettext("Spaces"),
        "loot": t.gettext("Opponent loses"),
        "capital": t.gettext("Capital: military supremacy"),
        "structure": t.gettext("Card layout of Age {age}"),
        "face_down": t.gettext("face down"),
        "face_up": t.gettext("face up"),
        "generated": t.gettext("Generated from the rules data by wondersmith; do not edit."),
        "name": t.gettext("Name"),
        "vp": t.gettext("VP"),
        "card_types": t.gettext("Card types"),
        "boards": t.gettext("Wonder boards"),
        "side": t.gettext("Side"),
        "stage": t.gettext("Stage"),
        "players": t.gettext("Players"),
        "conflict_tokens": t.gettext("Conflict tokens"),
        "age_column": t.pgettext("table heading", "Age"),
        "victory_token": t.gettext("Victory token"),
        "defeat_token": t.gettext("Defeat token"),
    }


def card_types(t: Translator, game: Game) -> list[tuple[str, Text, Text]]:
    """What each colour of card does: (colour, heading, text), in the game's colour order.
    Where the games differ, the mechanics the game lists choose the text."""
    listed = set(game.mechanics)
    texts = {
        "brown": t.gettext("Produce raw materials, every turn."),
        "grey": t.gettext("Produce manufactured goods, every turn."),
        "blue": t.gettext("Give victory points."),
        "green": t.gettext("Give a science symbol and often victory points.")
        if "science_pairs" in listed else t.gettext(
            "Give a science symbol, scored in sets at the end of the game."),
        "yellow": t.gettext("Give coins, produce resources or change the trade price; each "
                            "one adds a coin when you discard a card.")
        if game.rules["discard"].get("bonus") else t.gettext(
            "Give coins, produce resources or lower the price of trade."),
        "red": t.gettext("Give shields that move the conflict pawn.")
        if "military_track" in listed else t.gettext(
            "Give shields, compared with your neighbours' at the end of each Age."),
        "purple": t.gettext("Give coins and victory points for what the richest city has.")
        if game.seating == "opponent" else t.gettext(
            "Give victory points for what your neighbours' cities or your own hold."),
        "senator": t.gettext("Give Senate actions; each costs a coin per senator you have."),
    }
    return [(c, phrases.color_heading(t, c), texts[c]) for c in game.colors if c in texts]


def chain_name(t: Translator, symbol: str) -> Text:
    names = {
        "horseshoe": t.pgettext("chain symbol", "horseshoe"),
        "sword": t.pgettext("chain symbol", "sword"),
        "tower": t.pgettext("chain symbol", "tower"),
        "target": t.pgettext("chain symbol", "target"),
        "helmet": t.pgettext("chain symbol", "helmet"),
        "book": t.pgettext("chain symbol", "book"),
        "gear": t.pgettext("chain symbol", "gear"),
        "lyre": t.pgettext("chain symbol", "lyre"),
        "lamp": t.pgettext("chain symbol", "lamp"),
        "mask": t.pgettext("chain symbol", "mask"),
        "pillar": t.pgettext("chain symbol", "pillar"),
        "moon": t.pgettext("chain symbol", "moon"),
        "sun": t.pgettext("chain symbol", "sun"),
        "drop": t.pgettext("chain symbol", "water drop"),
        "temple": t.pgettext("chain symbol", "temple"),
        "amphora": t.pgettext("chain symbol", "amphora"),
        "barrel": t.pgettext("chain symbol", "barrel"),
    }
    return names.get(symbol, Text(symbol.replace("_", " "), True))


@dataclass
class Section:
    title: Text
    paragraphs: list[Text]
    bullets: list[Text]


Words = Callable[[Translator, Game], Text]


@dataclass(frozen=True)
class Part:
    """A sentence of the rules summary, and the mechanics it describes (names validation
    knows, `wondersmith.dsl.rules_keys.KNOWN`): it is in the summary of a game that lists all
    of them in game.yaml's `mechanics` (a part needing none is in every one). A part whose
    words are empty for a game (a 2-player variant it does not declare) is left out."""

    needs: tuple[str, ...]
    words: Words


@dataclass(frozen=True)
class Layout:
    title: Callable[[Translator], Text]
    paragraphs: tuple[Part, ...] = ()
    bullets: tuple[Part, ...] = ()


def rules_summary(t: Translator, game: Game) -> list[Section]:
    """The two-page summary of the rules: the parts of the mechanics the game lists, in the
    summary's reading order, numbers taken from the game. Sections left empty are left out."""
    listed = set(game.mechanics)
    out = []
    for layout in SUMMARY:
        paragraphs = _texts(t, game, layout.paragraphs, listed)
        bullets = _texts(t, game, layout.bullets, listed)
        if paragraphs or bullets:
            out.append(Section(layout.title(t), paragraphs, bullets))
    return out


def _texts(t: Translator, game: Game, parts: tuple[Part, ...], listed: set[str]) -> list[Text]:
    """The words of the parts whose mechanics are listed; a part with nothing to say for
    this game (a variant it does not declare) is left out."""
    texts = (p.words(t, game) for p in parts if listed >= set(p.needs))
    return [text for text in texts if text]


def _cards_per_age(game: Game) -> int:
    removed = game.config("card_structure").removed_cards_per_age
    return game.ages[0].cards - removed if game.ages else 0


def _first_player_wonders(game: Game) -> int:
    """Wonders the first player takes in the draft (seat 0 of each round's picks)."""
    return sum(r.count(0) for r in game.config("wonder_draft").rounds)


SUMMARY = (
    Layout(lambda t: t.gettext("Goal"), paragraphs=(
        Part(("military_track", "science_pairs"), lambda t, g: t.format(t.gettext(
            "Each player leads a city through {ages} Ages, building cards and Wonders. There "
            "are three ways to win: military supremacy, scientific supremacy and civilian "
            "victory."), ages=len(g.ages))),
        Part(("hand_draft", "wonder_boards"), circle.goal),
    )),
    Layout(lambda t: t.gettext("Set-up"), bullets=(
        Part((), lambda t, g: t.format(t.ngettext(
            "Each player takes {n} coin from the bank.",
            "Each player takes {n} coins from the bank.", g.config(CORE).starting_coins),
            n=g.config(CORE).starting_coins)),
        Part(("progress_tokens",), lambda t, g: t.format(t.ngettext(
            "Place {n} progress token face up on the board; the others go back to the box.",
            "Place {n} progress tokens face up on the board; the others go back to the box.",
            g.config("progress_tokens").board_tokens),
            n=g.config("progress_tokens").board_tokens)),
        Part(("wonder_draft",), lambda t, g: t.format(t.gettext(
            "Choose the Wonders: reveal 4, the first player takes 1, the second player 2, the "
            "first player the last one; then reveal 4 more and start with the second player. "
            "Each player has {n} Wonders."),
            n=_first_player_wonders(g))),
        Part(("card_structure",), lambda t, g: t.format(t.ngettext(
            "Remove {n} card from each Age deck without looking at it.",
            "Remove {n} cards from each Age deck without looking at them.",
            g.config("card_structure").removed_cards_per_age),
            n=g.config("card_structure").removed_cards_per_age)),
        Part(("wonder_boards",), circle.boards_dealt),
        Part(("hand_draft",), circle.decks),
        Part((), circle.guilds),
    )),
    Layout(lambda t: t.gettext("Turn"), paragraphs=(
        Part(("card_structure",), lambda t, g: t.format(t.gettext(
            "Lay out the {n} cards of the Age as the diagram shows. On your turn, take a card "
            "that no other card covers, then do one of three things:"), n=_cards_per_age(g))),
        Part(("hand_draft",), circle.turn),
    ), bullets=(
        Part((), lambda t, g: t.gettext("Build it: pay its cost and put it in your city.")),
        # The discard rule is read by card_structure (the mechanics catalogue says so).
        Part(("card_structure",), lambda t, g: t.format(t.gettext(
            "Discard it: take {n} coins from the bank, plus 1 for each {color} card in your "
            "city."), n=g.config("card_structure").discard_coins,
            color=phrases.colors_or(t, g.config("card_structure").discard_bonus_colors))),
        Part(("wonder_draft",), lambda t, g: t.gettext(
            "Build a Wonder: pay the Wonder's cost and slide the card under it.")),
        Part(("card_structure",), lambda t, g: t.gettext(
            "Then turn face up any card that is no longer covered.")),
        Part(("wonder_boards",), circle.build_stage),
        Part(("hand_draft",), circle.discard),
        Part(("hand_draft",), circle.passing),
        Part(("hand_draft",), circle.last_turn),
        Part(("hand_draft",), circle.no_duplicates),
    )),
    Layout(lambda t: t.gettext("Costs and trade"), paragraphs=(
        Part((), lambda t, g: t.gettext(
            "Resources you produce are never spent: each turn they pay again.")),
        Part(("bank_trade",), lambda t, g: t.format(t.gettext(
            "A missing resource can be bought from the bank for {n} coins, plus 1 for each "
            "unit of it that the {color} cards of your opponent produce."),
            n=g.config("bank_trade").base_price,
            color=phrases.colors_or(t, g.config("bank_trade").raised_by))),
        Part(("neighbour_trade",), circle.neighbour_trade),
        Part(("neighbour_trade",), circle.trade_income),
        Part(("wonder_boards",), circle.boards_produce),
        Part((), lambda t, g: t.gettext(
            "A card whose chain symbol appears in your city is built for free.")),
    )),
    Layout(lambda t: t.gettext("Military"), paragraphs=(
        Part(("military_track",), lambda t, g: t.gettext(
            "Each shield moves the conflict pawn one space towards your opponent's capital.")),
        Part(("military_track",), lambda t, g: t.format(t.gettext(
            "Zones reached give the coins they take from your opponent ({loot}), once; at the "
            "end of the game the pawn's zone is worth {points} victory points."),
            loot=t.join([Text(str(z.loot)) for z in g.config("military_track").zones
                         if z.loot]),
            points=t.join([Text(str(z.points)) for z in g.config("military_track").zones]))),
        Part(("military_track",), lambda t, g: t.format(t.gettext(
            "If the pawn reaches the capital ({n} spaces from the centre), you win at once."),
            n=g.config("military_track").supremacy_at)),
        Part(("conflicts",), circle.conflicts),
    )),
    Layout(lambda t: t.gettext("Science"), paragraphs=(
        Part(("science_pairs",), lambda t, g: t.gettext(
            "Each pair of identical science symbols lets you choose a progress token on the "
            "board.") if g.config("science_pairs").pair_takes_token else Text("")),
        Part(("science_pairs",), lambda t, g: t.format(t.gettext(
            "With {n} different science symbols you win at once."),
            n=g.config("science_pairs").supremacy)),
        Part(("science_sets",), circle.science),
        Part(("science_sets",), circle.wildcards),
    )),
    Layout(lambda t: t.gettext("End of an Age"), paragraphs=(
        Part(("weaker_player_starts",), lambda t, g: t.gettext(
            "The player with the weaker military (the pawn on their side) chooses who starts "
            "the next Age; with the pawn in the centre, the player who took the last card "
            "chooses.")),
        Part(("wonder_limit",), lambda t, g: t.format(t.gettext(
            "Only {n} Wonders can be built: when the last one is built, the remaining Wonder "
            "goes back to the box."), n=g.config("wonder_limit").max_wonders_built)),
    )),
    Layout(lambda t: t.gettext("End of the game"), paragraphs=(
        Part(("progress_tokens",), lambda t, g: t.format(t.gettext(  # it names the tokens
            "After Age {age}, add up victory points: military, buildings, Wonders, progress "
            "tokens and 1 for each set of {n} coins."), age=len(g.ages),
            n=g.config(CORE).coins_per_point)),
        Part(("hand_draft",), circle.scoring),
        Part((), circle.tie),
    )),
    # Shown when game.yaml declares `two_player_variant` (its parts are empty otherwise).
    Layout(lambda t: t.gettext("Two players"), paragraphs=(
        Part(("hand_draft",), circle.variant_setup),
        Part(("hand_draft",), circle.variant_draw_pile),
        Part(("hand_draft",), circle.variant_turn),
        Part(("hand_draft",), circle.variant_free_city),
        Part(("hand_draft", "conflicts"), circle.variant_scoring),
    )),
)
