"""Sheet labels and the rules summary, as gettext messages filled from the game's data.

The numbers in the rules (starting coins, trade price, military zones...) come from the
intermediate form, so a data change updates the summary in every language.
"""
from __future__ import annotations

from dataclasses import dataclass

from wondersmith.ir.model import Game
from wondersmith.render import phrases
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
    }


def card_types(t: Translator, game: Game) -> list[tuple[str, Text, Text]]:
    """What each colour of card does: (colour, heading, text), in the game's colour order."""
    texts = {
        "brown": t.gettext("Produce raw materials, every turn."),
        "grey": t.gettext("Produce manufactured goods, every turn."),
        "blue": t.gettext("Give victory points."),
        "green": t.gettext("Give a science symbol and often victory points."),
        "yellow": t.gettext("Give coins, produce resources or change the trade price; each "
                            "one adds a coin when you discard a card."),
        "red": t.gettext("Give shields that move the conflict pawn."),
        "purple": t.gettext("Give coins and victory points for what the richest city has."),
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


def rules_summary(t: Translator, game: Game) -> list[Section]:
    """The two-page summary of the rules, numbers taken from the game."""
    s = game.setup
    zone_points = t.join([Text(str(z.points)) for z in game.zones])
    loots = [z.loot for z in game.zones if z.loot]
    raisers = phrases.colors_or(t, game.trade_raised_by)
    bonus = phrases.colors_or(t, game.discard_bonus_colors)
    cards_per_age = game.ages[0].cards - s.removed_cards_per_age if game.ages else 0
    f = t.format
    return [
        Section(t.gettext("Goal"), [
            f(t.gettext("Each player leads a city through {ages} Ages, building cards and "
                        "Wonders. There are three ways to win: military supremacy, "
                        "scientific supremacy and civilian victory."), ages=len(game.ages)),
        ], []),
        Section(t.gettext("Set-up"), [], [
            f(t.ngettext("Each player takes {n} coin from the bank.",
                         "Each player takes {n} coins from the bank.", s.starting_coins),
              n=s.starting_coins),
            f(t.ngettext("Place {n} progress token face up on the board; the others go back "
                         "to the box.",
                         "Place {n} progress tokens face up on the board; the others go "
                         "back to the box.", s.board_tokens), n=s.board_tokens),
            f(t.gettext("Choose the Wonders: reveal 4, the first player takes 1, the second "
                        "player 2, the first player the last one; then reveal 4 more and "
                        "start with the second player. Each player has {n} Wonders."),
              n=sum(r.count("first") for r in s.wonder_draft)),
            f(t.ngettext("Remove {n} card from each Age deck without looking at it.",
                         "Remove {n} cards from each Age deck without looking at them.",
                         s.removed_cards_per_age), n=s.removed_cards_per_age),
            f(t.gettext("Shuffle {n} guilds, drawn at random, into the deck of Age {age}."),
              n=s.guilds_drawn, age=s.guild_age),
        ]),
        Section(t.gettext("Turn"), [
            f(t.gettext("Lay out the {n} cards of the Age as the diagram shows. On your "
                        "turn, take a card that no other card covers, then do one of "
                        "three things:"), n=cards_per_age),
        ], [
            t.gettext("Build it: pay its cost and put it in your city."),
            f(t.gettext("Discard it: take {n} coins from the bank, plus 1 for each {color} "
                        "card in your city."), n=game.discard_coins, color=bonus),
            t.gettext("Build a Wonder: pay the Wonder's cost and slide the card under it."),
            t.gettext("Then turn face up any card that is no longer covered."),
        ]),
        Section(t.gettext("Costs and trade"), [
            t.gettext("Resources you produce are never spent: each turn they pay again."),
            f(t.gettext("A missing resource can be bought from the bank for {n} coins, plus "
                        "1 for each unit of it that the {color} cards of your opponent "
                        "produce."), n=game.trade_base_price, color=raisers),
            t.gettext("A card whose chain symbol appears in your city is built for free."),
        ], []),
        Section(t.gettext("Military"), [
            t.gettext("Each shield moves the conflict pawn one space towards your opponent's "
                      "capital."),
            f(t.gettext("Zones reached give the coins they take from your opponent "
                        "({loot}), once; at the end of the game the pawn's zone is worth "
                        "{points} victory points."),
              loot=t.join([Text(str(n)) for n in loots]), points=zone_points),
            f(t.gettext("If the pawn reaches the capital ({n} spaces from the centre), "
                        "you win at once."), n=game.supremacy_at),
        ], []),
        Section(t.gettext("Science"), [
            t.gettext("Each pair of identical science symbols lets you choose a progress "
                      "token on the board.") if game.science_pair_takes_token else Text(""),
            f(t.gettext("With {n} different science symbols you win at once."),
              n=game.science_supremacy),
        ], []),
        Section(t.gettext("End of an Age"), [
            t.gettext("The player with the weaker military (the pawn on their side) "
                      "chooses who starts the next Age; with the pawn in the centre, the "
                      "player who took the last card chooses."),
            f(t.gettext("Only {n} Wonders can be built: when the last one is built, the "
                        "remaining Wonder goes back to the box."), n=s.max_wonders_built),
        ], []),
        Section(t.gettext("End of the game"), [
            f(t.gettext("After Age {age}, add up victory points: military, buildings, "
                        "Wonders, progress tokens and 1 for each set of {n} coins."),
              age=len(game.ages), n=game.coins_per_point),
            f(t.gettext("On a tie, the player with the most victory points from {color} "
                        "cards wins; if still tied, they share the victory."),
              color=phrases.color_adjective(t, game.tie_break)),
        ], []),
    ]
