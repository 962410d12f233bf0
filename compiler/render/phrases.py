"""Effect text generated from the DSL: one phrase template per verb, translated by gettext.

Nothing here is written per card: a new card with known verbs needs no new translation.
Templates are English gettext messages with named placeholders; plural messages take `{n}`.
"""
from __future__ import annotations

from wondersmith.dsl import vocabulary as v
from wondersmith.render.i18n import Text, Translator


def resource_name(t: Translator, resource: str) -> Text:
    names = {
        "wood": t.pgettext("resource", "wood"),
        "clay": t.pgettext("resource", "clay"),
        "stone": t.pgettext("resource", "stone"),
        "ore": t.pgettext("resource", "ore"),
        "glass": t.pgettext("resource", "glass"),
        "papyrus": t.pgettext("resource", "papyrus"),
        "loom": t.pgettext("resource", "loom"),
    }
    return names.get(resource, Text(resource, True))


def resource_units(t: Translator, resource: str, n: int) -> Text:
    forms = {
        "wood": t.ngettext("{n} wood", "{n} wood", n),
        "clay": t.ngettext("{n} clay", "{n} clay", n),
        "stone": t.ngettext("{n} stone", "{n} stone", n),
        "ore": t.ngettext("{n} ore", "{n} ore", n),
        "glass": t.ngettext("{n} glass", "{n} glass", n),
        "papyrus": t.ngettext("{n} papyrus", "{n} papyrus", n),
        "loom": t.ngettext("{n} loom", "{n} loom", n),
    }
    # The resource goes in as a value, never into the template: its text may hold braces.
    return t.format(forms.get(resource, Text("{n} {resource}", True)), n=n, resource=resource)


def color_adjective(t: Translator, color: str) -> Text:
    """A card colour as it qualifies 'card' ('a yellow card')."""
    names = {
        "brown": t.pgettext("card colour", "brown"),
        "grey": t.pgettext("card colour", "grey"),
        "blue": t.pgettext("card colour", "blue"),
        "green": t.pgettext("card colour", "green"),
        "yellow": t.pgettext("card colour", "yellow"),
        "red": t.pgettext("card colour", "red"),
        "purple": t.pgettext("card colour", "purple"),
    }
    return names.get(color, Text(color, True))


def color_heading(t: Translator, color: str) -> Text:
    """The heading of a colour's group of cards on the sheet."""
    names = {
        "brown": t.gettext("Raw materials (brown cards)"),
        "grey": t.gettext("Manufactured goods (grey cards)"),
        "blue": t.gettext("Civilian buildings (blue cards)"),
        "green": t.gettext("Scientific buildings (green cards)"),
        "yellow": t.gettext("Commercial buildings (yellow cards)"),
        "red": t.gettext("Military buildings (red cards)"),
        "purple": t.gettext("Guilds (purple cards)"),
    }
    return names.get(color, Text(color, True))


def discount_target(t: Translator, target: str) -> Text:
    names = {
        "wonders": t.pgettext("discount target", "Wonders"),
        "brown": t.pgettext("discount target", "brown cards"),
        "grey": t.pgettext("discount target", "grey cards"),
        "blue": t.pgettext("discount target", "blue cards"),
        "green": t.pgettext("discount target", "green cards"),
        "yellow": t.pgettext("discount target", "yellow cards"),
        "red": t.pgettext("discount target", "red cards"),
        "purple": t.pgettext("discount target", "purple cards"),
    }
    return names.get(target, Text(target, True))


def science_name(t: Translator, symbol: str) -> Text:
    names = {
        "armillary_sphere": t.pgettext("science symbol", "armillary sphere"),
        "wheel": t.pgettext("science symbol", "wheel"),
        "sundial": t.pgettext("science symbol", "sundial"),
        "mortar": t.pgettext("science symbol", "mortar and pestle"),
        "plumb_level": t.pgettext("science symbol", "plumb level"),
        "quill": t.pgettext("science symbol", "quill"),
        "law": t.pgettext("science symbol", "scales of law"),
        "compass": t.pgettext("science symbol", "compass"),
        "gear": t.pgettext("science symbol", "gear"),
        "tablet": t.pgettext("science symbol", "tablet"),
    }
    return names.get(symbol, Text(symbol.replace("_", " "), True))


def where(t: Translator, city: str, duel: bool) -> Text:
    """Whose city something is counted in or taken from."""
    if city == "self":
        return t.gettext("in your city")
    if city == "neighbours":
        return t.gettext("in your opponent's city") if duel \
            else t.gettext("in your neighbours' cities")
    if city == "left":
        return t.gettext("in your left neighbour's city")
    if city == "right":
        return t.gettext("in your right neighbour's city")
    return t.gettext("in the city that has the most of them")


def who(t: Translator, city: str, duel: bool) -> Text:
    if city == "neighbours":
        return t.gettext("Your opponent") if duel else t.gettext("Each neighbour")
    if city == "left":
        return t.gettext("Your left neighbour")
    if city == "right":
        return t.gettext("Your right neighbour")
    if city == "self":
        return t.gettext("You")
    return t.gettext("The player with the most")


def coins(t: Translator, n: int) -> Text:
    return t.format(t.ngettext("{n} coin", "{n} coins", n), n=n)


def points(t: Translator, n: int) -> Text:
    return t.format(t.ngettext("{n} victory point", "{n} victory points", n), n=n)


def colors_or(t: Translator, colors: tuple[str, ...]) -> Text:
    return t.join([color_adjective(t, c) for c in colors], style="or")


def counted(t: Translator, amount: Text, count: v.Count, duel: bool) -> Text:
    """'2 coins for each Wonder in your city'."""
    place = where(t, count.city, duel)
    if count.per == "coins":
        if count.every == 1:
            return t.format(t.gettext("{amount} for each coin {where}"), amount=amount,
                            where=place)
        template = t.ngettext("{amount} for each set of {n} coin {where}",
                              "{amount} for each set of {n} coins {where}", count.every)
        return t.format(template, amount=amount, n=count.every, where=place)
    if count.per == "cards":
        unit = t.format(t.gettext("{color} card"), color=colors_or(t, count.colors))
    elif count.per == "wonders":
        unit = t.gettext("Wonder")
    else:
        unit = t.gettext("progress token")
    return t.format(t.gettext("{amount} for each {unit} {where}"), amount=amount, unit=unit,
                    where=place)


def effect_text(t: Translator, effect: v.Effect, duel: bool = True) -> Text:
    """The text of one effect."""
    if isinstance(effect, v.Produce):
        items = [resource_units(t, r, n) for r, n in effect.resources]
        return t.format(t.gettext("Produces {resources} each turn"),
                        resources=t.join(items))
    if isinstance(effect, v.ProduceOneOf):
        items = [resource_units(t, r, 1) for r in effect.resources]
        return t.format(t.gettext("Produces {resources} each turn, your choice"),
                        resources=t.join(items, style="or"))
    if isinstance(effect, v.TradePrice):
        names = t.join([resource_name(t, r) for r in effect.resources])
        if duel:
            template = t.ngettext(
                "You buy {resources} from the bank for {n} coin per unit",
                "You buy {resources} from the bank for {n} coins per unit", effect.price)
            return t.format(template, resources=names, n=effect.price)
        template = t.ngettext("You buy {resources} {where} for {n} coin per unit",
                              "You buy {resources} {where} for {n} coins per unit",
                              effect.price)
        return t.format(template, resources=names, n=effect.price,
                        where=where(t, effect.source, duel))
    if isinstance(effect, v.Discount):
        template = t.ngettext(
            "Your {target} cost {n} resource less to build, of your choice",
            "Your {target} cost {n} resources less to build, of your choice", effect.units)
        return t.format(template, target=discount_target(t, effect.target), n=effect.units)
    if isinstance(effect, v.ShieldBonus):
        template = t.ngettext(
            "Each {color} card you build from now on gives {n} more shield",
            "Each {color} card you build from now on gives {n} more shields", effect.amount)
        return t.format(template, color=colors_or(t, effect.colors), n=effect.amount)
    if isinstance(effect, v.Science):
        return t.format(t.gettext("Science symbol: {symbol}"),
                        symbol=science_name(t, effect.symbol))
    if isinstance(effect, v.ScienceChoice):
        symbols = t.join([science_name(t, s) for s in effect.symbols], style="or")
        return t.format(t.gettext("One science symbol of your choice: {symbols}"),
                        symbols=symbols)
    if isinstance(effect, v.WondersPlayAgain):
        return t.gettext("Every Wonder you build from now on gives you another turn")
    if isinstance(effect, v.CollectTradeSpend):
        if duel:
            return t.gettext("You receive the coins your opponent pays the bank for resources")
        return t.format(t.gettext("You receive the coins paid for trading {where}"),
                        where=where(t, effect.source, duel))
    if isinstance(effect, v.PlaySeventhCard):
        return t.gettext("At the end of each Age you may play the last card of your hand")
    if isinstance(effect, v.Coins):
        amount = effect.amount
        if amount.count is None:
            return t.format(t.ngettext("Take {n} coin from the bank",
                                       "Take {n} coins from the bank", amount.value),
                            n=amount.value)
        return t.format(t.gettext("Take {amount}, once"),
                        amount=counted(t, coins(t, amount.value), amount.count, duel))
    if isinstance(effect, v.LoseCoins):
        template = t.ngettext("{who} loses {n} coin", "{who} loses {n} coins", effect.amount)
        return t.format(template, who=who(t, effect.who, duel), n=effect.amount)
    if isinstance(effect, v.Shields):
        return t.format(t.ngettext("{n} shield", "{n} shields", effect.amount),
                        n=effect.amount)
    if isinstance(effect, v.PlayAgain):
        return t.gettext("Play a second turn right away")
    if isinstance(effect, v.Destroy):
        return t.format(t.gettext("Discard a {color} card of your choice {where}"),
                        color=colors_or(t, effect.colors), where=where(t, effect.who, duel))
    if isinstance(effect, v.BuildFromDiscard):
        return t.gettext("Build a card of your choice from the discard pile, for free")
    if isinstance(effect, v.TakeToken):
        if effect.source == "box":
            template = t.ngettext(
                "Take {n} progress token left out of the game at set-up",
                "Draw {n} progress tokens left out of the game at set-up, keep one",
                effect.draw)
        else:
            template = t.ngettext("Take {n} progress token from the board",
                                  "Take one of {n} progress tokens from the board",
                                  effect.draw)
        return t.format(template, n=effect.draw)
    if isinstance(effect, v.Points):
        amount = effect.amount
        if amount.count is None:
            return points(t, amount.value)
        return t.format(t.gettext("{amount} at the end of the game"),
                        amount=counted(t, points(t, amount.value), amount.count, duel))
    if isinstance(effect, v.Whenever):
        inner = t.join([effect_text(t, e, duel) for e in effect.effects])
        return t.format(
            t.gettext("Each time you build a card for free through its chain symbol: {effects}"),
            effects=inner)
    return Text(effect.VERB, True)  # a verb added to the vocabulary without a phrase yet
