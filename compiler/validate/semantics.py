"""Layer 3: the checks a schema cannot express, over a whole game.

Each check is a small function yielding diagnostics; `check` runs them all. They read the
typed intermediate form, whose items remember where each of their parts was written, and its
rules record (`Game.rules`) by key, as the schema defines it: never an engine config, which
may refuse a schema-valid value that a check should report with its location.

When some card files are broken (YAML or schema errors), the game is checked without them.
Checks marked `whole_game` count cards across files (science symbols, set-up against the
components): they would misfire on a partial game, so they run only when every file loaded.
Checks marked `sees_unread` run all the same, told what the broken files' text says
(`Unread`): the chain ends take a symbol a broken file names as given or used there, and say
which unreadable file might give a missing one; the counts of an Age (its cards, structure,
hands, copies) wait only for the Ages a broken file may hold. Checks of what one mechanic reads
(`needs`) run only for games that list it. The checks of a circle of cities (7 Wonders) live
in `wondersmith.validate.circle`, those of game.yaml's set-up and military track in
`wondersmith.validate.game_rules`.
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from wondersmith.diagnostics import Diagnostic, closest, did_you_mean
from wondersmith.dsl.rules_keys import KNOWN as MECHANICS
from wondersmith.engine.mechanics.catalogue import COMPONENT_LISTS, OPPONENT, played_by
from wondersmith.ir.model import Board, Building, Game, Loc, Token, Wonder, stage_id_of
from wondersmith.ir.rules import guilds_at
from wondersmith.validate.strict_yaml import Document
from wondersmith.dsl.effect import CARD, CITY, COLOUR, RESOURCE, SECTION, SYMBOL, Effect

Item = Building | Wonder | Token | Board


@dataclass(frozen=True)
class Unread:
    """A card file of the game that could not be loaded, and what its text says: the chain
    symbols it names as given and as used, the Ages whose cards it may hold (None: any, its
    text could not be read or says no one Age)."""

    file: str
    gives: frozenset[str] | None
    uses: frozenset[str] | None
    ages: frozenset[int] | None

    @classmethod
    def of(cls, doc: Document) -> Unread:
        """What a card file that failed to load says, read from its text: a file with a YAML
        error cannot be parsed, yet its `chain_gives: tower` lines and `age: 1` are there."""
        if doc.text is None:
            return cls(doc.file, None, None, None)
        ages = [int(a) for a in _AGE.findall(doc.text)]
        return cls(doc.file, frozenset(_GIVES.findall(doc.text)),
                   frozenset(_USES.findall(doc.text)),
                   frozenset() if "buildings" not in doc.text else
                   frozenset(ages) if len(ages) == 1 else None)


def _chain_key(key: str) -> re.Pattern[str]:
    # `chain_gives: tower`, `- chain_gives: "tower"`, `{..., chain_gives: tower}`
    return re.compile(r"(?:^|[\s{,-])['\"]?" + key + r"['\"]?[ \t]*:[ \t]*['\"]?([A-Za-z0-9_]+)",
                      re.MULTILINE)


_GIVES, _USES = _chain_key("chain_gives"), _chain_key("chain_from")
_AGE = re.compile(r"^age[ \t]*:[ \t]*([0-9]{1,2})[ \t]*(?:#.*)?$", re.MULTILINE)


def _waiting_ages(unread: tuple[Unread, ...]) -> frozenset[int] | None:
    """The Ages whose cards may be in files that could not be loaded (None: any Age)."""
    ages: frozenset[int] = frozenset()
    for u in unread:
        if u.ages is None:
            return None
        ages |= u.ages
    return ages


def waits(age: int, unread: tuple[Unread, ...]) -> bool:
    """Whether an Age's counts wait for a file that could not be loaded."""
    ages = _waiting_ages(unread)
    return ages is None or age in ages


Check = Callable[[Game, Document], Iterator[Diagnostic]]
CHECKS: list[Check] = []
WHOLE_GAME: set[Check] = set()
SEES_UNREAD: set[Check] = set()
NEEDS: dict[Check, str] = {}


def check_(fn: Check | None = None, *, whole_game: bool = False, sees_unread: bool = False,
           needs: str = "") -> Any:
    """Register a check; `whole_game` ones need every card of the game to be loaded,
    `sees_unread` ones take a third argument, the files that could not be loaded (`Unread`),
    and `needs` ones check what that mechanic reads, in games that list it."""
    def register(fn: Check) -> Check:
        CHECKS.append(fn)
        if whole_game:
            WHOLE_GAME.add(fn)
        if sees_unread:
            SEES_UNREAD.add(fn)
        if needs:
            NEEDS[fn] = needs
        return fn
    return register(fn) if fn is not None else register


def at(item: Item, part: str, code: str, message: str, hint: str = "") -> Diagnostic:
    """A diagnostic at a part of an item ("cost.wood"; "@cost.wood" for the key), or its
    nearest written parent."""
    if part.startswith("@") and part not in item.field_locs:
        part = part[1:]
    while part and part not in item.field_locs:
        part = part.rpartition(".")[0]
    loc: Loc = item.field_locs.get(part, item.loc) if part else item.loc
    return Diagnostic(loc.file, loc.line, loc.column, code, message, hint)


def in_game(doc: Document, path: tuple, code: str, message: str, hint: str = "") -> Diagnostic:
    return doc.error(path, code, message, hint)


def _walk(effects: tuple[Effect, ...], prefix: str = "effects") -> Iterator[tuple[str, Effect]]:
    for i, effect in enumerate(effects):
        yield from _nested(f"{prefix}.{i}", effect)


def _nested(part: str, effect: Effect) -> Iterator[tuple[str, Effect]]:
    """An effect and those nested in it (`whenever`'s), each with where it is written."""
    yield part, effect
    for where, child in effect.children():
        yield from _nested(f"{part}.{where}", child)


def effects_of(item: Item) -> Iterator[tuple[str, Effect]]:
    if isinstance(item, Board):
        for side, stages in item.sides:
            for s, stage in enumerate(stages):
                yield from _walk(stage.effects, f"sides.{side}.stages.{s}.effects")
    else:
        yield from _walk(item.effects)


def costs_of(item: Item) -> Iterator[tuple[str, dict[str, int]]]:
    if isinstance(item, Board):
        yield "produces", dict(item.produces)
        for side, stages in item.sides:
            for s, stage in enumerate(stages):
                yield f"sides.{side}.stages.{s}.cost", dict(stage.cost.resources)
    elif not isinstance(item, Token):
        yield "cost", dict(item.cost.resources)


@check_
def unique_ids(game: Game, doc: Document) -> Iterator[Diagnostic]:
    first: dict[str, Item] = {}
    for item in game.components():
        if item.id in first:
            where = first[item.id].loc
            yield at(item, "id", "WS301",
                     f"id '{item.id}' is already used ({where.file}:{where.line})",
                     "rename one of the two: ids are unique across all the game's files")
        else:
            first[item.id] = item
    # A Wonder stage's id is made from its board's ("gizah_b_4"); no card may take it.
    for board in game.boards:
        for side, stages in board.sides:
            for n in range(1, len(stages) + 1):
                taken = first.get(stage_id_of(board.id, side, n))
                if taken is not None and taken is not board:
                    yield at(taken, "id", "WS301",
                             f"id '{taken.id}' is also the id of stage {n} of side "
                             f"{side.upper()} of board '{board.id}'",
                             "rename the card: a stage's id is `<board>_<side>_<n>`")


# Each verb reports the names it uses (`Effect.uses`) with where they are written relative to
# the effect, so that diagnostics point at the name itself, e.g. "produce.ore" (a key: "@") or
# "trade_price.resources.1".

def _under(part: str, where: str) -> str:
    """The dotted path of `where` inside the effect at `part` ("@" marks a key)."""
    key = where.startswith("@")
    return ("@" if key else "") + f"{part}.{where.lstrip('@')}"


@check_
def declared_names(game: Game, doc: Document) -> Iterator[Diagnostic]:
    resources, colors, symbols = set(game.resources), set(game.colors), set(game.science_symbols)
    sections = {c["section"] for c in game.rules.get("senate", {}).get("chambers", ())}
    buildings = {b.id for b in game.buildings}

    def undeclared(item: Item, part: str, what: str, name: str, known: set[str]) -> Diagnostic:
        return at(item, part, "WS302", f"{what} '{name}' is not declared in game.yaml",
                  did_you_mean(name, known) or f"{what}s of this game: "
                  + ", ".join(sorted(known)))

    for item in game.components():
        if isinstance(item, Building) and item.color not in colors:
            yield undeclared(item, "color", "colour", item.color, colors)
        for part, cost in costs_of(item):
            for resource in cost:
                if resource not in resources:
                    yield undeclared(item, f"@{part}.{resource}", "resource", resource,
                                     resources)
        for part, effect in effects_of(item):
            uses = list(effect.uses())
            for kind, what, known in ((RESOURCE, "resource", resources),
                                      (COLOUR, "colour", colors), (SYMBOL, "science symbol",
                                                                   symbols),
                                      (SECTION, "senate section", sections)):
                for use in uses:
                    if use.kind == kind and use.name not in known:
                        yield undeclared(item, _under(part, use.where), what, use.name, known)
            for use in uses:  # a building named by its id (`whenever`'s cards)
                if use.kind == CARD and use.name not in buildings:
                    yield at(item, _under(part, use.where), "WS313",
                             f"no building of this game has the id '{use.name}'",
                             did_you_mean(use.name, buildings) or "name a building by its id")
            if game.players < 3:
                for use in uses:
                    if use.kind == CITY and use.name in ("left", "right"):
                        yield at(item, _under(part, use.where), "WS316",
                                 f"'{use.name}' needs three players or more; this game has "
                                 f"{game.players}", "use 'neighbours'")


@check_
def chain_links(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """Each symbol from an earlier Age (among the cards loaded); in Duel, each given once and
    used once. Around a table (7 Wonders) two cards may give a symbol and two use it."""
    givers = _chain_givers(game)
    once = game.seating == OPPONENT
    for b in game.buildings:
        if once and b.chain_gives and givers[b.chain_gives] is not b:
            yield at(b, "chain_gives", "WS303", f"chain symbol '{b.chain_gives}' is already "
                     f"given by '{givers[b.chain_gives].id}'", "give the other card its own "
                     "symbol, or remove `chain_gives` from one of them")
    takers: dict[str, Building] = {}
    for b in game.buildings:
        if not b.chain_from:
            continue
        giver = givers.get(b.chain_from)
        if giver is not None and giver.age >= b.age:
            yield at(b, "chain_from", "WS305",
                     f"'{b.id}' (Age {b.age}) chains from '{giver.id}' (Age {giver.age})",
                     "the card that gives the symbol must be of an earlier Age")
        if once and b.chain_from in takers:
            yield at(b, "chain_from", "WS306", f"chain symbol '{b.chain_from}' already frees "
                     f"'{takers[b.chain_from].id}'", "give this card a symbol of its own, "
                     "or remove its `chain_from`")
        else:
            takers[b.chain_from] = b


def _unread_note(symbol: str, unread: tuple[Unread, ...], side: str) -> str | None:
    """How the files that could not be loaded bear on a chain symbol that no loaded card
    gives (`side` "gives") or uses ("uses"): None when one of them names it that way (no
    diagnostic until it loads), else the words that say what they could not tell."""
    named = [getattr(u, side) for u in unread]
    if any(names is not None and symbol in names for names in named):
        return None
    blind = [_name(u.file) for u, names in zip(unread, named) if names is None]
    verb = "give" if side == "gives" else "use"
    if blind:
        return (f" (the file {blind[0]} could not be read and may {verb} it)"
                if len(blind) == 1 else
                f" (the files {_and(blind)} could not be read and may {verb} it)")
    if unread:
        files = [_name(u.file) for u in unread]
        return f" (nor {'does' if len(files) == 1 else 'do'} {_and(files)}, which could not " \
               "be loaded)"
    return ""


def _name(file: str) -> str:
    return file.replace("\\", "/").rpartition("/")[2]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@check_(sees_unread=True)
def chain_ends(game: Game, doc: Document, unread: tuple[Unread, ...]) -> Iterator[Diagnostic]:
    """Every symbol used has a giver and every symbol given has a user. With files that could
    not be loaded (`unread`), a symbol their text names is taken as given or used there."""
    givers = _chain_givers(game)
    used = {b.chain_from for b in game.buildings if b.chain_from}
    for b in game.buildings:
        if b.chain_from and b.chain_from not in givers:
            note = _unread_note(b.chain_from, unread, "gives")
            if note is not None:
                yield at(b, "chain_from", "WS304",
                         f"no card gives chain symbol '{b.chain_from}'{note}",
                         _missing_symbol_hint(game, b, givers, unread))
    for symbol, giver in givers.items():
        if symbol not in used:
            note = _unread_note(symbol, unread, "uses")
            if note is not None:
                yield at(giver, "chain_gives", "WS307",
                         f"no card chains from '{symbol}'{note}",
                         _unused_symbol_hint(game, symbol, givers))


def _missing_symbol_hint(game: Game, taker: Building, givers: dict[str, Building],
                         unread: tuple[Unread, ...] = ()) -> str:
    """What `chain_from` may have meant: a card's id names the symbol that card gives; "did
    you mean" offers only symbols an earlier Age's card gives (or an unread file's text),
    never the card's own."""
    named = next((b for b in game.buildings if b.id == taker.chain_from), None)
    if named is not None and named.chain_gives:
        return (f"'{named.id}' is a card, not a chain symbol: {named.name} gives "
                f"`{named.chain_gives}`; write `chain_from: {named.chain_gives}`")
    if named is not None:
        return (f"'{named.id}' is a card, not a chain symbol, and {named.name} gives none: "
                f"add `chain_gives: <symbol>` to it and write that symbol here")
    earlier = {symbol: f"{giver.name} gives `{symbol}`" for symbol, giver in givers.items()
               if giver.age < taker.age}
    for u in unread:
        earlier.update((symbol, f"{_name(u.file)}, which could not be loaded, names it")
                       for symbol in u.gives or () if symbol not in earlier)
    earlier.pop(taker.chain_gives, None)
    close = closest(taker.chain_from, earlier)
    if close is not None:
        return f"did you mean '{close}'? ({earlier[close]})"
    return "add `chain_gives` to the earlier card, or remove `chain_from`"


def _unused_symbol_hint(game: Game, symbol: str, givers: dict[str, Building]) -> str:
    """A symbol nobody chains from: when a later card's `chain_from` names a symbol nobody
    gives and is close to this one, that card is the one to fix (its own WS304 says so):
    never suggest copying its misspelling here."""
    dangling = {b.chain_from: b for b in game.buildings
                if b.chain_from and b.chain_from not in givers}
    by_id = dangling.get(givers[symbol].id)
    if by_id is not None:
        return (f"{by_id.name} names this card by its id, `chain_from: {by_id.chain_from}`: "
                f"write `chain_from: {symbol}` there")
    close = closest(symbol, dangling)
    if close is not None:
        taker = dangling[close]
        return (f"{taker.name} chains from `{taker.chain_from}`, which no card gives: if "
                "it means this card's symbol, spell the two alike")
    return f"add `chain_from: {symbol}` to the later card, or remove `chain_gives`"


def _chain_givers(game: Game) -> dict[str, Building]:
    """The card that gives each chain symbol: the first, or of several the earliest Age's."""
    givers: dict[str, Building] = {}
    for b in game.buildings:
        if b.chain_gives and (b.chain_gives not in givers
                              or b.age < givers[b.chain_gives].age):
            givers[b.chain_gives] = b
    return givers


@check_
def declared_ages(game: Game, doc: Document) -> Iterator[Diagnostic]:
    declared = {deck.age for deck in game.ages}
    guild_age = game.rules["setup"]["guilds"]["age"]
    for b in game.buildings:
        guild = b.color == game.guild_color and b.age == guild_age
        if b.age not in declared and not guild:
            yield at(b, "", "WS313", f"Age {b.age} is not declared in game.yaml `ages`",
                     "ages declared: " + ", ".join(str(a) for a in sorted(declared)))


def _cards(n: int) -> str:
    return f"{n} card" + ("" if n == 1 else "s")


@check_(sees_unread=True, needs="card_structure")
def age_counts(game: Game, doc: Document, unread: tuple[Unread, ...]) -> Iterator[Diagnostic]:
    """Each Age's deck has the cards, and the cards of each colour, game.yaml declares. The
    hints name both ways out: the number to write in game.yaml, or the cards to change."""
    for i, deck in enumerate(game.ages):
        if waits(deck.age, unread):
            continue
        cards = game.age_cards(deck.age)
        files = sorted({b.loc.file for b in cards})
        where = " or ".join(files) if files else "a card file with `age: " + str(deck.age) + "`"
        if len(cards) != deck.cards:
            extra = len(cards) - deck.cards
            fix = (f"remove {_cards(extra)} from" if extra > 0 else
                   f"add {_cards(-extra)} to")
            yield in_game(doc, ("ages", i, "cards"), "WS308",
                          f"Age {deck.age} has {len(cards)} cards; game.yaml says {deck.cards}",
                          f"write `cards: {len(cards)}` for Age {deck.age} in game.yaml, or "
                          f"{fix} {where}")
        counts = Counter(b.color for b in cards)
        wanted = dict(deck.colors)
        for color in sorted(set(counts) | set(wanted), key=str):
            have, want = counts.get(color, 0), wanted.get(color, 0)
            if have != want:
                verb = "write" if color in wanted else "add"
                other = (f"make {_cards(want - have)} of Age {deck.age} {color}" if want > have
                         else f"give {_cards(have - want)} of Age {deck.age} another colour")
                where = ("ages", i, "colors") + ((color,) if color in wanted else ())
                yield in_game(doc, where, "WS309",
                              f"Age {deck.age} has {have} {color} cards; game.yaml says {want}",
                              f"{verb} `{color}: {have}` under `colors` of Age {deck.age} in "
                              f"game.yaml, or {other}")


@check_(whole_game=True, needs="science_pairs")
def science_symbols(game: Game, doc: Document) -> Iterator[Diagnostic]:
    holders: dict[str, list[Building]] = defaultdict(list)
    for b in game.buildings:
        for _, effect in effects_of(b):
            for symbol in effect.card_symbols():
                holders[symbol].append(b)
    wanted = game.rules["science"]["cards_per_symbol"]
    for symbol, cards in sorted(holders.items()):
        if len(cards) != wanted:
            change = wanted - len(cards)
            yield at(cards[-1], "effects", "WS310",
                     f"science symbol '{symbol}' is on {len(cards)} card(s) "
                     f"({', '.join(c.id for c in cards)}); each card symbol is on {wanted}",
                     f"give '{symbol}' to {change} more green card(s)" if change > 0 else
                     f"take '{symbol}' off {-change} of these cards")


def cards_in_play(game: Game, age: int) -> int | None:
    """The cards an Age's structure holds (card_structure): its deck, less the cards left in
    the box, plus the guilds and the senators drawn into it; None when `ages` does not
    declare the Age."""
    deck = next((d for d in game.ages if d.age == age), None)
    if deck is None:
        return None
    setup = game.rules["setup"]
    drawn = min(guilds_at(game.rules, game.players), len(game.guilds())) \
        if age == setup["guilds"]["age"] else 0
    return deck.cards - setup["removed_cards_per_age"] + drawn + game.senators_at(age)


@check_(sees_unread=True, needs="card_structure")
def structure_slots(game: Game, doc: Document,
                    unread: tuple[Unread, ...]) -> Iterator[Diagnostic]:
    """Each structure has a slot for every card in play: the deck, less the cards left in the
    box, plus the guilds and senators drawn into its Age."""
    for i, structure in enumerate(game.structures):
        in_play = cards_in_play(game, structure.age)
        if in_play is None or waits(structure.age, unread):
            continue  # an Age `ages` lacks (structures() says so), or one a broken file holds
        if structure.slots != in_play:
            change = in_play - structure.slots
            deck_size = next(d.cards for d in game.ages if d.age == structure.age) - change
            fix = (f"add {change} slot{'s' if change != 1 else ''} to" if change > 0 else
                   f"remove {-change} slot{'s' if change != -1 else ''} from")
            yield in_game(doc, ("structures", i, "rows"), "WS311",
                          f"Age {structure.age}'s structure has {structure.slots} slots for "
                          f"{in_play} cards in play",
                          f"{fix} the rows of Age {structure.age}'s structure (each row's "
                          f"`columns`), or make Age {structure.age}'s deck `cards: {deck_size}`")


@check_(needs="card_structure")
def structures(game: Game, doc: Document) -> Iterator[Diagnostic]:
    seen: set[int] = set()
    for i, structure in enumerate(game.structures):
        path = ("structures", i)
        if structure.age in seen:
            yield in_game(doc, path + ("age",), "WS312",
                          f"Age {structure.age} has more than one structure",
                          "remove one of them, or give it the Age it was meant for")
        seen.add(structure.age)
        deck = next((d for d in game.ages if d.age == structure.age), None)
        if deck is None:
            yield in_game(doc, path + ("age",), "WS313",
                          f"structure for Age {structure.age}, which `ages` does not declare")
            continue
        for r, row in enumerate(structure.rows):
            where = path + ("rows", r, "columns")
            if any(b - a < 2 for a, b in zip(row.columns, row.columns[1:])):
                yield in_game(doc, where, "WS312", f"row {r + 1} of Age {structure.age}: slots "
                              "overlap or are out of order (keep them 2 half-cards apart)",
                              "list the columns in increasing order, at least 2 apart, for "
                              "example [0, 2, 4]")
            if r == 0:
                continue
            above = set(structure.rows[r - 1].columns)
            for c in row.columns:
                if c - 1 not in above and c + 1 not in above:
                    yield in_game(doc, where, "WS312",
                                  f"row {r + 1} of Age {structure.age}: the card at column {c} "
                                  "rests on no card of the row above",
                                  _resting_columns(above, row.columns))
    for deck in game.ages:
        if deck.age not in seen:
            yield in_game(doc, ("structures",), "WS312", f"Age {deck.age} has no structure",
                          f"add a structure with `age: {deck.age}` and its rows")


def _resting_columns(above: set[int], taken: tuple[int, ...]) -> str:
    """A hint naming the free columns where a card would rest on the row above."""
    free = sorted({a + d for a in above for d in (-1, 1)} - set(taken) - {-1})
    return "move it to a column one off from a card above" + (
        ": " + ", ".join(map(str, free)) if free else "")


@check_
def mechanics(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """The seating and mechanics name rules the engine has, and fit together."""
    if game.seating == OPPONENT and set(game.player_counts) != {2}:
        counts = game.player_counts
        seated = str(counts.start) if len(counts) == 1 else f"{counts.start} to {counts[-1]}"
        yield in_game(doc, ("seating",), "WS320",
                      f"`seating: opponent` seats exactly two players; this game has "
                      f"{seated}", "write `seating: circle`, or `players: 2`")
    for i, name in enumerate(game.mechanics):
        about = MECHANICS.get(name)
        if about is None:
            hint = did_you_mean(name, MECHANICS) or "known: " + ", ".join(MECHANICS)
            yield in_game(doc, ("mechanics", i), "WS319",
                          f"the engine has no mechanic '{name}'", hint)
            continue
        if game.seating not in about.seatings:
            yield in_game(doc, ("mechanics", i), "WS320",
                          f"mechanic '{name}' plays only with `seating: "
                          f"{' or '.join(about.seatings)}`; this game has `seating: "
                          f"{game.seating}`", f"remove '{name}' from `mechanics`, or write "
                          f"`seating: {about.seatings[0]}`")
        for needed in about.requires:
            if needed not in game.mechanics:
                yield in_game(doc, ("mechanics", i), "WS320",
                              f"mechanic '{name}' needs mechanic '{needed}', which is not "
                              "listed", f"add '{needed}' to `mechanics`, or remove '{name}'")


@check_
def unplayed(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """Wonders, tokens or boards that no mechanic of the game puts in play: the engine would
    leave them out, and sheets would show components no game uses."""
    for key, label in COMPONENT_LISTS.items():
        items = getattr(game, key)
        if not items or any(name in game.mechanics for name in played_by(key)):
            continue
        fitting = [name for name in played_by(key) if game.seating in MECHANICS[name].seatings]
        if fitting:
            hint = f"add '{fitting[0]}' to `mechanics`, or remove them"
        elif key == "wonders" and "wonder_boards" in game.mechanics:
            hint = "a game with Wonder boards builds its Wonders as board stages: write it under `boards:`"
        else:
            hint = f"remove them: no mechanic plays {label} with `seating: {game.seating}`"
        more = f" and {len(items) - 1} more" if len(items) > 1 else ""
        yield at(items[0], "", "WS327",
                 f"{label} ('{items[0].id}'{more}) that no mechanic of this game plays "
                 f"(mechanics: {', '.join(game.mechanics)})", hint)


@check_
def verbs_without_their_mechanic(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """A verb the engine plays only with a mechanic the game does not list (the Senate's)."""
    for item in game.components():
        for part, effect in effects_of(item):
            if effect.MECHANIC and effect.MECHANIC not in game.mechanics:
                yield at(item, f"@{part}.{effect.VERB}", "WS340",
                         f"'{effect.VERB}' needs the mechanic '{effect.MECHANIC}', which this "
                         f"game does not list (mechanics: {', '.join(game.mechanics)})",
                         f"add '{effect.MECHANIC}' to `mechanics`, or remove the effect")


@check_
def useless(game: Game, doc: Document) -> Iterator[Diagnostic]:
    """Cards without an effect are almost always a forgotten `effects:` list."""
    for item in game.components():
        if not isinstance(item, Board) and not item.effects:
            yield at(item, "", "WS318", f"'{item.id}' has no effect",
                     "add its `effects:` list")


def check(game: Game, doc: Document, *, unread: tuple[Unread, ...] = ()) -> list[Diagnostic]:
    """Every semantic problem of a game; with `unread` card files (they could not be loaded),
    only the checks that hold for any part of the game, those marked `sees_unread` told of
    the files."""
    found = []
    for fn in CHECKS:
        if (unread and fn in WHOLE_GAME) or NEEDS.get(fn, "") not in ("", *game.mechanics):
            continue
        found += fn(game, doc, unread) if fn in SEES_UNREAD else fn(game, doc)
    return found
