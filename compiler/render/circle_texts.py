"""The rules summary's sentences for games of cities around a table (7 Wonders): drafted
hands, trade with the neighbours, conflicts, science sets, Wonder boards and the 2-player
variant.

Each function is the `words` of a `texts.Part`: it reads every number from the game's rules
record, through the engine's config of the mechanic where one reads it (the hand size, the
pass direction of each Age, the trade price, the conflict tokens, the science set, the
variant's settings) and fills a gettext message with it, so a data change updates the
summary in every language and no number is written into a message.
"""
from __future__ import annotations

from wondersmith.ir.model import Game
from wondersmith.ir.rules import CORE, guilds_at
from wondersmith.render import phrases
from wondersmith.render.i18n import Text, Translator
from wondersmith.render.scoring import pad_rows

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}


def roman(age: int) -> str:
    return ROMAN.get(age, str(age))


def _ages(t: Translator, ages: list[int]) -> Text:
    return t.join([Text(roman(a)) for a in ages])


def goal(t: Translator, g: Game) -> Text:
    return t.format(t.gettext(
        "Each player leads a city through {ages} Ages, building cards and the stages of a "
        "Wonder. After Age {last}, the player with the most victory points wins."),
        ages=len(g.ages), last=roman(len(g.ages)))


def boards_dealt(t: Translator, g: Game) -> Text:
    deal = g.rules["setup"].get("boards")
    if deal is None:
        return Text("")
    if deal["deal"] == "random":
        board = t.gettext("Deal one of the {n} Wonder boards to each player at random.")
    else:
        board = t.gettext("Each player chooses one of the {n} Wonder boards.")
    if deal["side"] == "random":
        side = t.gettext("Whether side A or side B is played is drawn at random.")
    else:
        side = t.gettext("Each player chooses side A or side B of their board.")
    return t.format(Text(f"{board} {side}", board.fallback or side.fallback), n=deal["count"])


def decks(t: Translator, g: Game) -> Text:
    counts = list(g.player_counts)
    return t.format(t.gettext(
        "For each Age, use only the cards marked with the number of players or fewer "
        "({first}+ to {last}+): each player is then dealt {hand} cards."),
        first=counts[0], last=counts[-1], hand=_hand(g))


def _hand(g: Game) -> int:
    """Cards dealt to each player in Age I."""
    hands = g.config("hand_draft").hand
    return hands[0] if hands else 0


def guilds(t: Translator, g: Game) -> Text:
    guilds = g.rules["setup"]["guilds"]
    if isinstance(guilds["count"], dict):
        return t.format(t.gettext(
            "Shuffle as many guilds as there are players plus {n}, drawn at random, into the "
            "deck of Age {age}; the others go back to the box unseen."),
            n=guilds["count"]["players_plus"], age=roman(guilds["age"]))
    return t.format(t.gettext(
        "Shuffle {n} guilds, drawn at random, into the deck of Age {age}."),
        n=guilds["count"], age=guilds["age"])


def turn(t: Translator, g: Game) -> Text:
    return t.gettext(
        "Every player chooses a card from their hand at the same time; then all the chosen "
        "cards are revealed and played together. With your card, do one of three things:")


def build_stage(t: Translator, g: Game) -> Text:
    return t.gettext(
        "Build a stage of your Wonder with it: pay the stage's cost and tuck the card face "
        "down under your board. Stages are built in order, from left to right.")


def discard(t: Translator, g: Game) -> Text:
    coins = g.config("hand_draft").discard_coins
    return t.format(t.ngettext("Discard it: take {n} coin from the bank.",
                               "Discard it: take {n} coins from the bank.", coins), n=coins)


def no_duplicates(t: Translator, g: Game) -> Text:
    return t.gettext("A city never holds two buildings of the same name.")


def passing(t: Translator, g: Game) -> Text:
    by_direction: dict[str, list[int]] = {}
    for deck, direction in zip(g.ages, g.config("hand_draft").passes):
        by_direction.setdefault(direction, []).append(deck.age)
    words = {"left": lambda n: t.ngettext("to the left neighbour in Age {ages}",
                                          "to the left neighbour in Ages {ages}", n),
             "right": lambda n: t.ngettext("to the right neighbour in Age {ages}",
                                           "to the right neighbour in Ages {ages}", n)}
    parts = [t.format(words[d](len(ages)), ages=_ages(t, ages))
             for d, ages in by_direction.items() if d in words]
    return t.format(t.gettext("Then pass the rest of your hand {directions}."),
                    directions=t.join(parts))


def last_turn(t: Translator, g: Game) -> Text:
    turns = g.config("hand_draft").turns
    left = _hand(g) - turns
    return t.format(t.ngettext(
        "An Age has {turns} turns: after the last one, each player discards the {left} card "
        "left in their hand face down.",
        "An Age has {turns} turns: after the last one, each player discards the {left} cards "
        "left in their hand face down.", left), turns=turns, left=left)


def _sellable(t: Translator, g: Game) -> Text:
    items = [t.gettext("their Wonder board") if s == "board"
             else Text(phrases.discount_target(t, s))
             for s in g.config("neighbour_trade").sellable]
    return t.join(items, style="or")


def neighbour_trade(t: Translator, g: Game) -> Text:
    return t.format(t.gettext(
        "A missing resource can be bought from your left or right neighbour for {n} coins a "
        "unit, paid to that neighbour, if it comes from {sellable}. The neighbour cannot "
        "refuse and keeps the resource."), n=g.config("neighbour_trade").base_price,
        sellable=_sellable(t, g))


def trade_income(t: Translator, g: Game) -> Text:
    if g.config("neighbour_trade").income_spendable == "next_turn":
        return t.gettext("Coins received during a turn can be spent only from the next turn.")
    return t.gettext("Coins received during a turn can be spent at once.")


def _points(t: Translator, n: int) -> Text:
    """'3 victory points', '-1 victory point': the plural follows the size, not the sign."""
    return t.format(t.ngettext("{n} victory point", "{n} victory points", abs(n)), n=n)


def conflicts(t: Translator, g: Game) -> Text:
    c = g.config("conflicts")
    victory = t.join([t.format(t.gettext("{points} in Age {age}"), points=_points(t, points),
                               age=roman(age)) for age, points in enumerate(c.victory, 1)])
    return t.format(t.gettext(
        "At the end of each Age, compare your shields with each neighbour's. More shields "
        "take a victory token ({victory}); fewer take a defeat token ({defeat}); as many take "
        "nothing."), victory=victory, defeat=_points(t, c.defeat))


def science(t: Translator, g: Game) -> Text:
    s = g.config("science_sets")
    examples = t.join([Text(str(n * n)) for n in range(1, 5)])
    return t.format(t.gettext(
        "Each science symbol scores the square of its number of copies ({examples} victory "
        "points for 1, 2, 3, 4 of them); each set of {size} different symbols scores {points} "
        "victory points more."), examples=examples, size=s.set_size, points=s.set_points)


def wildcards(t: Translator, g: Game) -> Text:
    return t.gettext("A science symbol of your choice is chosen at the end of the game, to "
                     "score the most.")


def boards_produce(t: Translator, g: Game) -> Text:
    return t.gettext("Your Wonder board produces its starting resource every turn, like a "
                     "brown or grey card.")


def scoring(t: Translator, g: Game) -> Text:
    rows = [label for key, label in pad_rows(t, g) if key != "total"]
    return t.format(t.gettext(
        "After Age {age}, add up victory points on the scoring pad: {rows}. Each set of {n} "
        "coins is worth 1 victory point."), age=roman(len(g.ages)), rows=t.join(rows),
        n=g.config(CORE).coins_per_point)


def tie(t: Translator, g: Game) -> Text:
    tie_break = g.config(CORE).tie_break
    if tie_break == "coins":
        return t.gettext("On a tie, the player with the most coins wins; if still tied, they "
                         "share the victory.")
    return t.format(t.gettext(
        "On a tie, the player with the most victory points from {color} cards wins; if "
        "still tied, they share the victory."), color=phrases.color_adjective(t, tie_break))


# The 2-player variant --------------------------------------------------------------------

# The variant's settings the summary words, and the values each may take (None: any value).
VARIANT_SETTINGS: dict[str, tuple[str, ...] | None] = {
    "free_city": None, "cards": None, "draw_pile": None, "free_city_coins": None,
    "free_city_card_starts": ("left_of_free_city", "right_of_free_city"),
    "free_city_discards": ("only_when_nothing_buildable", "freely"),
    "free_city_builds_chains": ("always", "when_chosen"),
    "free_city_last_card": ("discarded", "played"),
}


def unknown_variant_settings(g: Game) -> list[str]:
    """Settings of the 2-player variant the summary has no words for (refused, never left
    out quietly)."""
    unknown = []
    for key, value in _variant(g).items():
        if key not in VARIANT_SETTINGS:
            unknown.append(repr(key))
        elif VARIANT_SETTINGS[key] is not None and value not in VARIANT_SETTINGS[key]:
            unknown.append(f"{key}: {value!r}")
    return unknown


def _variant(g: Game) -> dict[str, object]:
    """The variant's settings as game.yaml writes them (its player counts apart)."""
    variant = g.rules.get("two_player_variant") or {}
    return {k: v for k, v in variant.items() if k not in ("players", "deck_players")}


def _deck_cards(g: Game, players: int) -> int:
    """Cards in each Age's deck for `players` (guilds counted in their Age)."""
    sizes = {deck.age: sum(b.copies_at(players) for b in g.age_cards(deck.age))
             for deck in g.ages}
    age = g.rules["setup"]["guilds"]["age"]
    sizes[age] = sizes.get(age, 0) + guilds_at(g.rules, players)
    return min(sizes.values()) if sizes else 0


def variant_setup(t: Translator, g: Game) -> Text:
    v = g.rules.get("two_player_variant")
    if v is None:
        return Text("")
    settings = _variant(g)
    return t.format(t.gettext(
        "With {players} players, a third city, the Free City, is played by both players in "
        "turn: it takes a Wonder board and {coins} coins like the others. Use the cards for "
        "{deck} players ({cards} cards in each Age)."), players=v["players"],
        coins=settings.get("free_city_coins", g.config(CORE).starting_coins),
        deck=v["deck_players"], cards=_deck_cards(g, v["deck_players"]))


def variant_draw_pile(t: Translator, g: Game) -> Text:
    settings = _variant(g)
    if "draw_pile" not in settings:
        return Text("")
    return t.format(t.gettext(
        "Each player is dealt {hand} cards; the {pile} cards left are the Free City's draw "
        "pile."), hand=_hand(g), pile=settings["draw_pile"])


def variant_turn(t: Translator, g: Game) -> Text:
    settings = _variant(g)
    if "two_player_variant" not in g.rules:
        return Text("")
    starts = {"left_of_free_city": t.gettext("The player to the left of the Free City"),
              "right_of_free_city": t.gettext("The player to the right of the Free City")}
    who = starts.get(str(settings.get("free_city_card_starts")), t.gettext("A player"))
    return t.format(t.gettext(
        "{who} starts with the Free City card. Each turn, its holder draws the top card of "
        "the pile and chooses a card for their own city and one for the Free City, which is "
        "played first; then the hands cross the Border card and the Free City card changes "
        "hands."), who=who)


def variant_free_city(t: Translator, g: Game) -> Text:
    settings = _variant(g)
    sentences = []
    if settings.get("free_city_discards") == "only_when_nothing_buildable":
        sentences.append(t.gettext("The Free City discards a card only when it can build "
                                   "nothing."))
    elif settings.get("free_city_discards") == "freely":
        sentences.append(t.gettext("The Free City may discard a card like any city."))
    if settings.get("free_city_builds_chains") == "always":
        sentences.append(t.gettext("It always builds a card that a chain makes free for it."))
    elif settings.get("free_city_builds_chains") == "when_chosen":
        sentences.append(t.gettext("It builds a card that a chain makes free for it only when "
                                   "the player chooses to."))
    if settings.get("free_city_last_card") == "discarded":
        sentences.append(t.gettext("On the last turn of an Age, the last card of the pile is "
                                   "discarded with the others."))
    elif settings.get("free_city_last_card") == "played":
        sentences.append(t.gettext("On the last turn of an Age, the last card of the pile is "
                                   "played for the Free City."))
    return Text(" ".join(sentences), any(s.fallback for s in sentences))


def variant_scoring(t: Translator, g: Game) -> Text:
    if "two_player_variant" not in g.rules:
        return Text("")
    return t.gettext("Conflicts and scoring are those of the game with more players, the Free "
                     "City being the neighbour of both players.")
