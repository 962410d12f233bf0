"""The names the data may use for the engine's seatings and rule mechanics.

`game.yaml` (format 3) names its seating and the ordered list of mechanics the engine composes
for it. This module is the one list of those names: the schema describes them, the semantic
checks refuse unknown ones (WS319) and ones that do not fit the seating (WS320), and the engine
builds a game's class from the modules of this package with the same names. It imports nothing,
so the toolkit can read it without loading the engine.
"""
from __future__ import annotations

from dataclasses import dataclass

OPPONENT = "opponent"
CIRCLE = "circle"

# How the seats sit, and what each means for the neighbours of a seat.
SEATINGS = {
    OPPONENT: "exactly two seats, each the other's only neighbour (7 Wonders Duel)",
    CIRCLE: "N seats around a table, each with a left and a right neighbour (7 Wonders)",
}


@dataclass(frozen=True)
class About:
    """What the validator needs to know of a mechanic before the engine is loaded."""

    name: str
    summary: str
    seatings: tuple[str, ...] = (OPPONENT, CIRCLE)  # the seatings it can be played in
    requires: tuple[str, ...] = ()  # mechanics it reads the state of
    # The keys of game.yaml it needs: (section, keys of the section), (section,) for a whole
    # section, ("ages[]", keys of every Age). The game schema requires them of a game that
    # lists the mechanic (`rules_keys.mechanic_requirements`).
    reads: tuple[tuple[str, ...], ...] = ()
    # The lists of components of the data it puts in play ("wonders", "tokens", "boards"):
    # a game whose mechanics play none of a list never uses it (WS327). Buildings are played
    # by every game.
    plays: tuple[str, ...] = ()


MECHANICS: dict[str, About] = {a.name: a for a in (
    About("progress_tokens", "progress tokens laid on the board and kept in the box",
          reads=(("setup", "board_tokens"),), plays=("tokens",)),
    About("wonder_draft", "Wonders drafted in rounds, each pick by a named seat (Duel's "
                          "draft names the first and the second player)",
          seatings=(OPPONENT,), reads=(("setup", "wonder_draft"),), plays=("wonders",)),
    About("card_structure", "each Age's cards dealt into a structure of overlapping rows; a "
                            "card is taken when no card covers it; its constructions are "
                            "priced and paid by bank_trade", requires=("bank_trade",),
          reads=(("structures",), ("ages[]", "cards", "colors"), ("setup", "removed_cards_per_age"))),
    About("bank_trade", "missing resources bought from the bank, at a price raised by what "
                        "the neighbours produce", reads=(("trade", "raised_by", "raise_per_unit"),)),
    About("military_track", "a tug-of-war conflict pawn between two capitals, with looting "
                            "and military supremacy; inherently two-sided",
          seatings=(OPPONENT,), reads=(("military",),)),
    About("science_pairs", "pairs of identical science symbols take a progress token; "
                           "different symbols win at once", requires=("progress_tokens",),
          reads=(("science", "pair_takes_token", "pair_size", "supremacy", "cards_per_symbol"),)),
    About("wonder_limit", "at most a given number of Wonders built in the whole game",
          reads=(("setup", "max_wonders_built"),)),
    About("weaker_player_starts", "before each Age after the first, the player the conflict "
                                  "pawn leans towards chooses who starts",
          seatings=(OPPONENT,), requires=("military_track",), reads=(("next_age",),)),
    About("hand_draft", "hands of 7 cards dealt from the copies printed for N players, chosen "
                        "from all at once and passed left and right; build, build a Wonder "
                        "stage (with wonder_boards) or discard", seatings=(CIRCLE,),
          reads=(("turn",), ("ages[]", "hand", "pass"))),
    About("neighbour_trade", "missing resources bought from the left and right neighbours, "
                             "paid to them; the buyer chooses whom to pay",
          seatings=(CIRCLE,), requires=("hand_draft",),
          reads=(("trade", "from", "sellable", "income_spendable"),)),
    About("conflicts", "at the end of each Age every city compares shields with each "
                       "neighbour: victory and defeat tokens", seatings=(CIRCLE,),
          requires=("hand_draft",), reads=(("conflicts",),)),
    About("science_sets", "science scored at the end: each symbol's count squared plus points "
                          "per set of different symbols; wildcards chosen to score the most",
          seatings=(CIRCLE,), reads=(("science", "identical", "set_size", "set_points", "wildcards"),)),
    About("wonder_boards", "a Wonder board per city, dealt with a side: its starting resource "
                           "and its stages built in order with a card",
          seatings=(CIRCLE,), requires=("hand_draft",), reads=(("setup", "boards"),),
          plays=("boards",)),
    About("senate", "Agora's Senate: influence cubes placed and moved in chambers; the "
                    "most cubes control a chamber, its Decree and its points; controlling "
                    "enough chambers wins at once", seatings=(OPPONENT,),
          requires=("card_structure",), reads=(("senate",),), plays=("tokens",)),  # its Decrees
    About("conspiracies", "Agora's conspiracies: a hidden deck; a conspire draws and keeps "
                          "one, a turn may prepare one under the card taken instead of "
                          "playing it, and a prepared one is triggered at a later turn's start",
          seatings=(OPPONENT,), requires=("card_structure", "progress_tokens"),
          reads=(("conspiracies",),), plays=("tokens",)),  # the conspiracies are tokens
)}

# What each list of components is called in messages.
COMPONENT_LISTS = {"wonders": "Wonders", "tokens": "progress tokens", "boards": "Wonder boards"}


def played_by(components: str) -> tuple[str, ...]:
    """The mechanics that put a list of components in play ("wonders", "tokens", "boards")."""
    return tuple(name for name, about in MECHANICS.items() if components in about.plays)


# Mechanics the engine adds itself, never named in game.yaml (so not in `MECHANICS`: the data
# may not list them): the 2-player variant's Free City joins a game of the classic mechanics
# at the player count of `two_player_variant` (mechanics.composition).
ADDED: dict[str, About] = {a.name: a for a in (
    About("free_city", "the 2-player variant of the classic game: a third city, the Free "
                       "City, played in turn by the holder of the Free City card, who draws "
                       "from its pile", seatings=(CIRCLE,),
          requires=("hand_draft", "wonder_boards")),  # two_player_variant, where the data has it
)}

# Who chooses the player who starts the next Age, and who when nobody is that player.
NEXT_AGE_CHOOSERS = {
    "weaker_military": "the player towards whose capital the conflict pawn stands",
}
NEXT_AGE_TIES = {
    "last_player": "the player who played the last card of the Age",
}

# The mechanics of 7 Wonders Duel, in the order the engine composes them.
DUEL = ("progress_tokens", "wonder_draft", "card_structure", "bank_trade", "military_track",
        "science_pairs", "wonder_limit", "weaker_player_starts")

# The mechanics of classic 7 Wonders, in the order the engine composes them.
CLASSIC = ("hand_draft", "neighbour_trade", "conflicts", "science_sets", "wonder_boards")

# The sections of game.yaml that hold rules (not components, not the cards' layout): the
# compiled ruleset carries them as plain data (`Ruleset.rules`), and the core and each
# mechanic read their part into a frozen config of their own.
RULE_SECTIONS = ("setup", "trade", "discard", "military", "science", "scoring", "next_age")
