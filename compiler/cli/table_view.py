"""What `wondersmith play` shows of a game: the table and each city, as `you` may see them."""
from __future__ import annotations

import textwrap

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wondersmith.engine import Game
from wondersmith.engine.state import REMOVED

from .city_words import WORDED, city_rows
from .seats import FREE_CITY

STYLE = {"brown": "dark_orange3", "grey": "grey62", "blue": "bright_blue", "green": "green",
         "yellow": "yellow", "red": "red", "purple": "magenta"}
# Characters per half-card width in the structure view: as wide as the terminal allows, so
# names wrap as little as possible.
MIN_HALF, MAX_HALF = 6, 10
# The abbreviations the panels use, in the words `play` explains each with, once.
KEY = {"(8c)": "a Wonder not built yet, and what building it costs its city now, in coins "
               "(the resources it lacks bought)",
       "✓": "a Wonder built",
       "VP": "victory points"}


def _card_style(game: Game, c: int) -> str:
    color = game.t.color[c]
    return STYLE.get(game.t.colors[color], "white") if color >= 0 else "white"


def render_structure(game: Game, you: int, width: int = 80) -> Panel:
    t = game.t
    if not game.age:
        return Panel("(the Ages have not started)", title="Structure")
    _, _, _, layout = t.structures[game.age]
    half = max(MIN_HALF, min(MAX_HALF, (width - 4) // (max(c for _, c in layout) + 2)))
    rows: dict[int, list[int]] = {}
    for s, (r, _) in enumerate(layout):
        rows.setdefault(r, []).append(s)
    lines = []
    accessible = set(game.accessible)
    for r in sorted(rows):
        cells = []  # (position, lines of the name wrapped to the cell's width, style)
        for s in rows[r]:
            col = layout[s][1]
            if game.taken[s]:
                cell, style = "", ""
            elif not game.face_up[s]:  # its back: the Age's, or its deck's (guild, senator)
                cell, style = _back_cell(game, s)
            else:
                c = game.slot_card[s]
                cell = t.names[c]
                style = _card_style(game, c) + (" bold reverse" if s in accessible else "")
            cells.append((col * half, textwrap.wrap(cell, 2 * half - 1) or [""], style))
        lines += _row_lines(cells, 2 * half - 1)
    shown = dict.fromkeys(t.backs[b] for s, b in enumerate(game.back) if b
                          and not game.face_up[s] and not game.taken[s])
    legend = "".join(f"; [{name}?]: a {name} face down" for name in shown)
    return Panel(Group(*lines), title=escape(f"Age {game.age} structure (highlighted: cards you "
                                             f"can take{legend})"))


def _back_cell(game: Game, s: int) -> tuple[str, str]:
    """A face-down card: `[ ? ]` under the Age's back, `[guild?]` or `[senator?]` under
    the back of its own deck (in the colour of its cards)."""
    t = game.t
    b = game.back[s]
    if not b:
        return "[ ? ]", "dim"
    color = next((t.colors[t.color[c]] for c in range(t.NB) if t.card_back[c] == b), "")
    return f"[{t.backs[b]}?]", "dim " + STYLE.get(color, "white")


def _row_lines(cells: list[tuple[int, list[str], str]], width: int) -> list[Text]:
    """A row of the structure: each card at its position, its name wrapped over as many
    lines as the longest needs (never cut)."""
    out = []
    for k in range(max(len(wrapped) for _, wrapped, _ in cells)):
        line, pos = Text(), 0
        for at, wrapped, style in cells:
            line.append(" " * max(0, at - pos))
            line.append((wrapped[k] if k < len(wrapped) else "").ljust(width), style=style)
            line.append(" ")
            pos = max(at, pos) + width + 1
        out.append(line)
    return out


def abbreviations(game: Game) -> list[str]:
    """The abbreviations of KEY the panels of `game` show now."""
    shown = ["VP"]
    if "wonder_draft" in type(game).MECHANICS:
        tucks = [tuck for city in game.wonder_tuck for tuck in city]
        shown += ["(8c)"] * any(tuck < 0 and tuck != REMOVED for tuck in tucks)
        shown += ["✓"] * any(tuck >= 0 for tuck in tucks)
    return shown


def render_city(game: Game, p: int, title: str, you: int) -> Panel:
    """A city as `you` may see it. Every text from the data goes in as a `Text`, never as
    markup: a card named `Altar [/b]` is shown as written."""
    t = game.t
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="bold")
    rows.add_column()
    rows.add_row("coins", str(game.coins[p]))
    res = ", ".join(f"{n} {t.resources[r]}" for r, n in enumerate(game.prod[p]) if n) or "-"
    choices = "; ".join("/".join(t.resources[r] for r in c) for c in game.choices[p])
    rows.add_row("produces", Text(res + (f" + one of {choices}" if choices else "")))
    mechanics = type(game).MECHANICS
    if "bank_trade" in mechanics:
        prices = game.price(p)
        rows.add_row("prices", Text(", ".join(f"{t.resources[r]} {prices[r]}" for r in range(t.R))))
    by_color: dict[int, list[str]] = {}
    for c in game.city[p]:
        by_color.setdefault(t.color[c], []).append(t.names[c])
    for color in sorted(by_color):
        rows.add_row(Text(t.colors[color], style=STYLE.get(t.colors[color], "")),
                     Text(", ".join(by_color[color])))
    if "wonder_draft" in mechanics:
        rows.add_row("wonders", _wonders(game, p))
    if "progress_tokens" in mechanics:
        tokens = ", ".join(t.names[t.token0 + x] for x in game.tokens[p])
        rows.add_row("tokens", Text(tokens or "-"))
    symbols = [t.symbols[i] + (f"×{n}" if n > 1 else "") for i, n in enumerate(game.sci[p]) if n]
    rows.add_row("science", Text(", ".join(symbols) or "-"))
    seen = game.observation(you)
    for label, value in city_rows(game, p, you, seen):  # classic: hand, board, conflicts
        rows.add_row(label, value)
    for key, value in seen["players"][p].items():  # what else a city holds in this game
        if key not in SHOWN and value not in (None, [], {}):
            rows.add_row(key.replace("_", " "), Text(_in_words(game, value)))
    seats = len(seen["players"])
    for section in seen.get("mechanics", {}).values():  # per-seat state of other mechanics
        for key, value in section.items():
            if key in WORDED or not isinstance(value, list) or len(value) != seats:
                continue
            if value[p] not in (None, [], {}):
                rows.add_row(key.replace("_", " "), Text(_in_words(game, value[p])))
    rows.add_row("VP now", str(game.scores()[p]["total"]))
    return Panel(rows, title=title)


def _wonders(game: Game, p: int) -> Text:
    t = game.t
    wonders = []
    for w, tuck in zip(game.wonders[p], game.wonder_tuck[p]):
        name = t.names[t.wonder0 + w]
        if tuck >= 0:
            wonders.append(Text(name + " ✓", style="bold"))
        elif tuck == REMOVED:
            wonders.append(Text(name, style="strike"))
        else:
            wonders.append(Text(f"{name} ({game.build_cost(p, t.wonder0 + w)}c)"))
    return Text(", ").join(wonders) if wonders else Text("-")


# Keys of a city's JSON the rows above already show.
SHOWN = {"coins", "buildings", "wonders", "tokens", "loot_lost", "pairs_rewarded"}


def _in_words(game: Game, value) -> str:
    """A JSON value of the state for people: component ids as names."""
    by_id = game.ruleset.by_id
    if isinstance(value, list):
        return ", ".join(_in_words(game, v) for v in value) or "-"
    if isinstance(value, dict):
        return " · ".join(f"{k} {_in_words(game, v)}" for k, v in value.items())
    if isinstance(value, str) and value in by_id:
        return by_id[value].name
    return str(value)


def render_track(game: Game) -> Panel:
    """Duel's conflict track and progress tokens, with the discard pile."""
    t = game.t
    cells = []
    for x in range(-t.supremacy_at, t.supremacy_at + 1):
        cells.append("⚔" if x == game.pawn else "|" if x == 0 else "·")
    loot = []
    for side, label in ((0, "seat 0"), (1, "seat 1")):
        left = [f"-{loot_}" for (first, loot_), used in zip(t.loot_zones, game.loot_used[side]) if not used]
        loot.append(f"loot on {label}'s side: {' '.join(left) or 'none'}")
    board = ", ".join(t.names[t.token0 + x] for x in game.board_tokens) or "none"
    text = (f"seat 0 capital [{''.join(cells)}] seat 1 capital   pawn {game.pawn:+d}\n"
            + "   ".join(loot) + f"\nprogress tokens on the board: {board}"
            + f"\ndiscard pile: {', '.join(t.names[c] for c in game.discard) or 'empty'}")
    return Panel(Text(text), title="Conflict track, tokens and discard pile")


def render_table(game: Game, you: int) -> Panel:
    """The Age (and where hands pass) and the discard pile as `you` may see it (face down in
    classic: a count), for a game without Duel's track."""
    ages = game.ruleset.rules.get("ages") or []
    passing = next((f", hands pass {a['pass']}" for a in ages
                    if isinstance(a, dict) and a.get("age") == game.age and a.get("pass")), "")
    discard = game.observation(you)["discard"]
    pile = (f"{discard} card{'' if discard == 1 else 's'} face down" if isinstance(discard, int)
            else _in_words(game, discard) if discard else "empty")
    return Panel(Text(f"Age {game.age} of {game.t.ages}{passing}\ndiscard pile: {pile}"),
                 title="Table")


def render(game: Game, you: int, console: Console, names: list[str]) -> None:
    mechanics = type(game).MECHANICS
    if "card_structure" in mechanics:
        console.print(render_structure(game, you, console.width))
    console.print(render_track(game) if "military_track" in mechanics else render_table(game, you))
    console.print(render_city(game, you, f"Your city (seat {you})", you))
    for p in game.t.seats:
        if p != you:
            console.print(render_city(game, p, city_title(game, p, you, names), you))


def city_title(game: Game, p: int, you: int, names: list[str]) -> str:
    """Whose city `p` is and, around a table, which of your neighbours: the one you trade
    with by `pay left` or `pay right`."""
    if names[p] == FREE_CITY:
        title = f"{FREE_CITY} (seat {p})"
    else:
        title = f"Bot's city (seat {p})" if names[p] == "bot" else f"City of {names[p]}"
    seating = game.t.seating
    sides = [side for side, of in (("left", seating.left), ("right", seating.right))
             if seating.kind == "circle" and of[you] == p]  # Duel: simply the opponent's
    title += f", your {' and '.join(sides)} neighbour" if sides else ""
    if names[p] == FREE_CITY:
        title += (f": played by the holder of the Free City card, "
                  f"{names[game.free_city_holder]} now")
    return title
