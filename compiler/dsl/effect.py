"""What every verb is: the base class, the registry, and the small interfaces it is handed.

A verb is one frozen dataclass (one module of `wondersmith.dsl.verbs`) that owns everything
about it: its timing, value schema, parsing, text phrase, icons, diff wording, the names it
uses (for the semantic checks) and the code it compiles to. The code generator, renderers,
semantic checks and diff ask the verb instead of dispatching on its type.

The DSL sits below all of them, so a verb never imports them: it is handed a `Translator`
(gettext with named placeholders), a `ClassWriter` (the card's class being generated, with
the checked literal writers) and reports the names it uses as `Use`s.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterator, NamedTuple, Protocol

from wondersmith.dsl.terms import ON_BUILD


class Translator(Protocol):
    """gettext for one language (`wondersmith.render.i18n.Translator`); results may carry
    a flag saying some part is untranslated English, kept through `format` and `join`."""

    def gettext(self, msgid: str) -> str: ...
    def pgettext(self, context: str, msgid: str) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...
    def format(self, template: str, **values: Any) -> str: ...
    def join(self, items: list[Any], style: str = "standard") -> str: ...
    def untranslated(self, text: str) -> str: ...


class ClassWriter(Protocol):
    """The class of one card being generated (`wondersmith.codegen.python`).

    Data reaches Python source only through `whole` and `flat` (the checked literal writers
    of `wondersmith.codegen.literals`); statements are built from what they return.
    """

    def whole(self, value: Any) -> str: ...
    def flat(self, value: Any) -> str: ...
    def shown(self, text: str) -> str: ...
    def fail(self, message: str) -> Exception: ...
    @property
    def seating(self) -> str: ...  # the game's: "opponent" (Duel) or "circle" (7 Wonders)
    def resource_index(self, resource: str) -> int: ...
    def set(self, attr: str, value: Any) -> None: ...
    def has(self, attr: str) -> bool: ...
    def units(self, attr: str, resource: str, n: int) -> None: ...
    def collect(self, attr: str, *items: Any) -> None: ...
    def total(self, attr: str, n: int) -> None: ...
    def on_build(self, lines: list[str]) -> None: ...
    def end_points(self, expression: str) -> None: ...
    def on_chain_build(self, lines: list[str]) -> None: ...
    def on_draft(self, lines: list[str]) -> None: ...
    def on_event(self, trigger: tuple, lines: list[str]) -> None: ...
    # A choice of effects (`one_of`): (words, statements) per option; its index in the card.
    def choice(self, options: list[tuple[str, list[str]]]) -> int: ...


@dataclass
class Icon:
    """An icon of an effect on the sheet."""

    name: str  # file stem in wondersmith/render/icons/
    label: str  # what it means, for screen readers and the text layer
    count: int | None = None  # a number printed beside it
    style: str = "times"  # "times": x2 (units); "value": the number itself (coins, points)

    @property
    def css(self) -> str:
        return "i-" + self.name.replace("_", "-")


class Use(NamedTuple):
    """A name an effect uses, and where it is written relative to the effect ("produce.ore";
    a leading "@" points at the key rather than its value)."""

    kind: str  # one of USE_KINDS
    name: str
    where: str


RESOURCE, COLOUR, SYMBOL, CITY = "resource", "colour", "science symbol", "city"
SECTION = "senate section"  # a section of game.yaml's senate.chambers (verb influence)
CARD = "card"  # a building's id (verb whenever: the cards whose building it counts)
USE_KINDS = (RESOURCE, COLOUR, SYMBOL, CITY, SECTION, CARD)


class Effect:
    """Base of every verb. Subclasses are frozen dataclasses registered in VERBS."""

    VERB: ClassVar[str]
    TIMING: ClassVar[str]
    SUMMARY: ClassVar[str]
    EXAMPLE: ClassVar[str]
    VALUE_SCHEMA: ClassVar[dict[str, Any] | None] = None  # None: a bare verb, no value
    # Class attributes this verb gathers over a card's effects (`ClassWriter.units`,
    # `collect`, `total`); generated classes list them in registry order.
    COLLECTS: ClassVar[tuple[str, ...]] = ()
    # An on-build effect that can be taken back: on a component held only for a while (an
    # Agora Decree, while its chamber is controlled) it acts on gain and is undone on loss.
    UNDOABLE: ClassVar[bool] = False
    # The mechanic a game must list for the engine to play this verb ("" for any game).
    MECHANIC: ClassVar[str] = ""

    # The data --------------------------------------------------------------------------

    @classmethod
    def parse(cls, value: Any) -> "Effect":
        return cls()  # verbs without a value

    def value(self) -> Any:
        """The YAML value of this effect (None for a bare verb)."""
        return None

    def data(self) -> Any:
        """This effect as it is written in YAML."""
        return self.VERB if self.VALUE_SCHEMA is None else {self.VERB: self.value()}

    def children(self) -> Iterator[tuple[str, "Effect"]]:
        """Effects nested in this one, with where each is written relative to it."""
        return iter(())

    # What it means -----------------------------------------------------------------------

    def phrase(self, t: Translator, opponent: bool) -> str:
        """The effect in words, through gettext. `opponent`: the game seats two players
        facing each other (7 Wonders Duel), so "your neighbours" reads "your opponent"."""
        raise NotImplementedError(f"verb '{self.VERB}' has no phrase")

    def icons(self, t: Translator) -> list[Icon]:
        """The icons that show the effect on a sheet (none by default)."""
        return []

    def describe(self) -> str:
        """The effect in plain English for `wondersmith diff`."""
        raise NotImplementedError(f"verb '{self.VERB}' has no diff wording")

    def uses(self) -> Iterator[Use]:
        """The declared names (resources, colours, symbols, cities) the effect uses."""
        return iter(())

    def card_symbols(self) -> tuple[str, ...]:
        """Science symbols printed on the card (each is on a fixed number of cards)."""
        return ()

    # The code it compiles to -------------------------------------------------------------

    def compile(self, out: ClassWriter) -> None:
        """Write this effect into its card's class: attributes, or statements run when the
        card is built. Verbs the engine cannot play yet say so here."""
        if self.TIMING != ON_BUILD:
            raise out.fail(f"'{self.VERB}' is not supported by the engine yet")
        out.on_build(self.statements(out))

    def statements(self, out: ClassWriter) -> list[str]:
        """The statements that act out an on-build effect (also when a trigger fires)."""
        raise out.fail(f"'{self.VERB}' cannot be triggered")


VERBS: dict[str, type[Effect]] = {}


def verb(cls: type[Effect]) -> type[Effect]:
    """Register a verb; the registry's order is the order of the schema and the docs."""
    if cls.VERB in VERBS:
        raise ValueError(f"verb '{cls.VERB}' is registered twice")
    VERBS[cls.VERB] = cls
    return cls


def parse_effect(data: Any) -> Effect:
    """An effect from schema-valid YAML data."""
    if isinstance(data, str):
        return VERBS[data].parse(None)
    ((name, value),) = data.items()
    return VERBS[name].parse(value)


def collected_attributes() -> tuple[str, ...]:
    """Every gathered class attribute, in registry order."""
    return tuple(dict.fromkeys(a for cls in VERBS.values() for a in cls.COLLECTS))
