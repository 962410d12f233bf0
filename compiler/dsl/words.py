"""The DSL's nouns in words: resources, colours, symbols, cities and counted amounts.

Each is an English gettext message (extracted into the catalogs of
`wondersmith/render/locale/`), translated through the `Translator` a caller hands in; the verbs'
phrases are built from them. A name the catalogs do not know is shown as written, flagged
untranslated.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from wondersmith.dsl.effect import Translator

if TYPE_CHECKING:
    from wondersmith.dsl.amount import Count


def resource_name(t: Translator, resource: str) -> str:
    names = {
        "wood": t.pgettext("resource", "wood"),
        "clay": t.pgettext("resource", "clay"),
        "stone": t.pgettext("resource", "stone"),
        "ore": t.pgettext("resource", "ore"),
        "glass": t.pgettext("resource", "glass"),
        "papyrus": t.pgettext("resource", "papyrus"),
        "loom": t.pgettext("resource", "loom"),
    }
    return names.get(resource, t.untranslated(resource))


def resource_units(t: Translator, resource: str, n: int) -> str:
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
    return t.format(forms.get(resource, t.untranslated("{n} {resource}")), n=n, resource=resource)


def senate_section(t: Translator, section: str) -> str:
    """A section of Agora's Senate ('a chamber of the left section')."""
    names = {
        "left": t.pgettext("Senate section", "left"),
        "middle": t.pgettext("Senate section", "middle"),
        "right": t.pgettext("Senate section", "right"),
    }
    return names.get(section, t.untranslated(section.replace("_", " ")))


def color_adjective(t: Translator, color: str) -> str:
    """A card colour as it qualifies 'card' ('a yellow card')."""
    names = {
        "brown": t.pgettext("card colour", "brown"),
        "grey": t.pgettext("card colour", "grey"),
        "blue": t.pgettext("card colour", "blue"),
        "green": t.pgettext("card colour", "green"),
        "yellow": t.pgettext("card colour", "yellow"),
        "red": t.pgettext("card colour", "red"),
        "purple": t.pgettext("card colour", "purple"),
        "senator": t.pgettext("card colour", "senator"),
    }
    return names.get(color, t.untranslated(color))


def discount_target(t: Translator, target: str) -> str:
    names = {
        "wonders": t.pgettext("discount target", "Wonders"),
        "brown": t.pgettext("discount target", "brown cards"),
        "grey": t.pgettext("discount target", "grey cards"),
        "blue": t.pgettext("discount target", "blue cards"),
        "green": t.pgettext("discount target", "green cards"),
        "yellow": t.pgettext("discount target", "yellow cards"),
        "red": t.pgettext("discount target", "red cards"),
        "purple": t.pgettext("discount target", "purple cards"),
        "senator": t.pgettext("discount target", "senators"),
    }
    return names.get(target, t.untranslated(target))


def science_name(t: Translator, symbol: str) -> str:
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
    return names.get(symbol, t.untranslated(symbol.replace("_", " ")))


def where(t: Translator, city: str, opponent: bool) -> str:
    """Whose city something is counted in or taken from."""
    if city == "self":
        return t.gettext("in your city")
    if city == "neighbours":
        return t.gettext("in your opponent's city") if opponent \
            else t.gettext("in your neighbours' cities")
    if city == "left":
        return t.gettext("in your left neighbour's city")
    if city == "right":
        return t.gettext("in your right neighbour's city")
    return t.gettext("in the city that has the most of them")


def who(t: Translator, city: str, opponent: bool) -> str:
    if city == "neighbours":
        return t.gettext("Your opponent") if opponent else t.gettext("Each neighbour")
    if city == "left":
        return t.gettext("Your left neighbour")
    if city == "right":
        return t.gettext("Your right neighbour")
    if city == "self":
        return t.gettext("You")
    return t.gettext("The player with the most")


def coins(t: Translator, n: int) -> str:
    return t.format(t.ngettext("{n} coin", "{n} coins", n), n=n)


def points(t: Translator, n: int) -> str:
    return t.format(t.ngettext("{n} victory point", "{n} victory points", n), n=n)


def colors_or(t: Translator, colors: tuple[str, ...]) -> str:
    return t.join([color_adjective(t, c) for c in colors], style="or")


def counted(t: Translator, amount: str, count: Count, opponent: bool) -> str:
    """'2 coins for each Wonder in your city'."""
    place = where(t, count.city, opponent)
    if count.per == "age":
        return t.format(t.gettext("{amount} for each Age so far (the current Age's number)"),
                        amount=amount)
    if count.per == "coins":
        if count.every == 1:
            return t.format(t.gettext("{amount} for each coin {where}"), amount=amount,
                            where=place)
        template = t.ngettext("{amount} for each set of {n} coin {where}",
                              "{amount} for each set of {n} coins {where}", count.every)
        return t.format(template, amount=amount, n=count.every, where=place)
    if count.per == "cubes" and count.every == 1 and count.city in ("self", "neighbours") \
            and opponent:
        template = (t.gettext("{amount} for each of your influence cubes in the Senate")
                    if count.city == "self" else
                    t.gettext("{amount} for each of your opponent's influence cubes in the Senate"))
        return t.format(template, amount=amount)
    return t.format(t.gettext("{amount} for each {unit} {where}"), amount=amount,
                    unit=unit(t, count, opponent), where=place)


def unit(t: Translator, count: Count, opponent: bool) -> str:
    """One of what `count` counts, other than coins: "blue card", "Wonder", "progress token"."""
    if count.per == "cards":
        return t.format(t.gettext("{color} card"), color=colors_or(t, count.colors))
    if count.per == "wonders":  # a classic board's stage is what counts (Arena, Builders)
        return t.gettext("Wonder") if opponent else t.gettext("Wonder stage")
    if count.per == "defeat_tokens":
        return t.gettext("defeat token")
    if count.per == "cubes":
        return t.gettext("influence cube in the Senate")
    return t.gettext("progress token")


def plural(n: int, word: str) -> str:
    """English for the diff wording, which is not translated: "1 coin", "2 coins"."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
