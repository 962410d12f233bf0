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
from wondersmith.dsl.words import senate_section
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
        "senate": t.gettext("The Senate"),
        "chamber": t.gettext("Chamber"),
        "section": t.gettext("Section"),
        "decree": t.gettext("Decree"),
        "decrees": t.gettext("Decrees"),
        "conspiracies": t.gettext("Conspiracies"),
        "military_tokens": t.gettext("Military tokens"),
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


def _cards_per_age(game: Game) -> list[int]:
    """The cards laid out in each Age: its structure's slots (Agora's hold the senators too),
    else the deck less the cards removed."""
    if game.structures:
        return [s.slots for s in game.structures]
    removed = game.config("card_structure").removed_cards_per_age
    return [game.ages[0].cards - removed] if game.ages else [0]


def _lay_out(t: Translator, g: Game) -> Text:
    counts = _cards_per_age(g)
    if len(set(counts)) == 1:
        return t.format(t.gettext(
            "Lay out the {n} cards of the Age as the diagram shows. On your turn, take a card "
            "that no other card covers, then do one of three things:"), n=counts[0])
    return t.format(t.gettext(
        "Lay out the cards of the Age as the diagram shows ({counts}, Age by Age). On your "
        "turn, take a card that no other card covers, then do one of three things:"),
        counts=t.join([Text(str(n)) for n in counts]))


def _first_player_wonders(game: Game) -> int:
    """Wonders the first player takes in the draft (seat 0 of each round's picks)."""
    return sum(r.count(0) for r in game.config("wonder_draft").rounds)


def _military_zones(t: Translator, g: Game) -> Text:
    """What a zone gives when the pawn enters it: coins taken (Duel) or a military token
    (Agora), and what the pawn's zone is worth at the end."""
    zones = g.config("military_track").zones
    points = t.join([Text(str(z.points)) for z in zones])
    if any(z.loot for z in zones):
        return t.format(t.gettext(
            "Zones reached give the coins they take from your opponent ({loot}), once; at the "
            "end of the game the pawn's zone is worth {points} victory points."),
            loot=t.join([Text(str(z.loot)) for z in zones if z.loot]), points=points)
    if any(z.token for z in zones):
        return t.format(t.gettext(
            "The player who pushes the pawn into a zone with a military token resolves the "
            "token, once; at the end of the game the pawn's zone is worth {points} victory "
            "points."), points=points)
    return t.format(t.gettext(
        "At the end of the game the pawn's zone is worth {points} victory points."),
        points=points)


def _senate(game: Game):
    return game.config("senate")


section_name = senate_section  # the DSL's word, as the effects print it


def _sections(t: Translator, g: Game) -> Text:
    """The Senate's sections, in board order, with their chambers: "3 sections (left: 2,
    middle: 2, right: 2)"."""
    order: dict[str, int] = {}
    for chamber in _senate(g).chambers:
        order[chamber.section] = order.get(chamber.section, 0) + 1
    listed = t.join([t.format(t.gettext("{section}: {n}"), section=section_name(t, s), n=n)
                     for s, n in order.items()])
    return t.format(t.ngettext("{n} section ({sections})", "{n} sections ({sections})",
                               len(order)), n=len(order), sections=listed)


def _senate_setup(t: Translator, g: Game) -> Text:
    senate = _senate(g)
    up = sum(c.face_up for c in senate.chambers)
    return t.format(t.gettext(
        "Place a Decree drawn at random in each chamber of the Senate, {up} of them face up "
        "and the others face down; each player takes {cubes} influence cubes."),
        up=up, cubes=senate.cubes)


def _senators_setup(t: Translator, g: Game) -> Text:
    senators = _senate(g).senators
    if senators is None:
        return Text("")
    return t.format(t.gettext(
        "Shuffle senators into the Age decks, Age by Age: {counts}."),
        counts=t.join([Text(str(n)) for n in senators.per_age]))


def _political_supremacy(t: Translator, g: Game) -> Text:
    senate = _senate(g)
    if senate.supremacy == len(senate.chambers):
        return t.format(t.gettext(
            "If you control all {n} chambers at once, you win at once: political supremacy."),
            n=senate.supremacy)
    return t.format(t.ngettext(
        "If you control {n} chamber at once, you win at once: political supremacy.",
        "If you control {n} chambers at once, you win at once: political supremacy.",
        senate.supremacy), n=senate.supremacy)


def _politicians(t: Translator, g: Game) -> Text:
    """A Politician's Senate actions, by the buildings of a colour in the city."""
    senate = _senate(g)
    if senate.senators is None:
        return Text("")
    first, *more = senate.action_steps  # the first is from 0 cards on (senate.Config)
    steps = t.join([Text(str(first.actions))] + [
        t.format(t.ngettext("{n} from {cards} card", "{n} from {cards} cards", step.cards),
                 n=step.actions, cards=step.cards) for step in more])
    return t.format(t.gettext(
        "A Politician gives Senate actions by the {color} cards in your city: {steps}. "
        "Each places one of your cubes in a chamber of the Politician's section, or moves "
        "one of your cubes to the chamber beside it."),
        color=phrases.color_adjective(t, senate.action_color), steps=steps)


SUMMARY = (
    Layout(lambda t: t.gettext("Goal"), paragraphs=(
        Part(("military_track", "science_pairs"), lambda t, g: t.format(t.gettext(
            "Each player leads a city through {ages} Ages, building cards and Wonders. There "
            "are four ways to win: military supremacy, scientific supremacy, political "
            "supremacy and civilian victory.") if "senate" in g.mechanics else t.gettext(
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
        Part(("senate",), _senate_setup),
        Part(("senate",), _senators_setup),
        Part(("wonder_boards",), circle.boards_dealt),
        Part(("hand_draft",), circle.decks),
        Part((), circle.guilds),
    )),
    Layout(lambda t: t.gettext("Turn"), paragraphs=(
        Part(("card_structure",), _lay_out),
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
        Part(("military_track",), _military_zones),
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
    Layout(lambda t: t.gettext("The Senate"), paragraphs=(
        Part(("senate",), lambda t, g: t.format(t.ngettext(
            "The Senate has {n} chamber in {sections}.",
            "The Senate has {n} chambers in {sections}.", len(_senate(g).chambers)),
            n=len(_senate(g).chambers), sections=_sections(t, g))),
        Part(("senate",), lambda t, g: t.gettext(
            "You control a chamber when you have more influence cubes in it than your "
            "opponent; with as many, no one does. Its controller has the benefit of its "
            "Decree for as long as they control it.")),
        Part(("senate",), lambda t, g: t.gettext(
            "A face-down Decree is turned face up when the first cube enters its chamber.")
            if not all(c.face_up for c in _senate(g).chambers) else Text("")),
        Part(("senate",), lambda t, g: t.format(t.gettext(
            "At the end of the game each chamber gives its controller victory points, in "
            "the board's order: {points}."),
            points=t.join([Text(str(c.points)) for c in _senate(g).chambers]))),
        Part(("senate",), _political_supremacy),
    ), bullets=(
        Part(("senate",), lambda t, g: t.gettext(
            "A senator costs 1 coin for each senator you already have.")
            if _senate(g).senators else Text("")),
        Part(("senate",), _politicians),
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
