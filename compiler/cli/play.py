"""`wondersmith play`: a human against a bot in the terminal."""
from __future__ import annotations

import typer
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wondersmith.engine import EngineError, Game, UnknownRulesetError, load_ruleset
from wondersmith.engine.bots import BOTS, make_bot
from wondersmith.engine.errors import IllegalActionError, NotationError
from wondersmith.engine.state import CHANCE, REMOVED

STYLE = {"brown": "dark_orange3", "grey": "grey62", "blue": "bright_blue", "green": "green",
         "yellow": "yellow", "red": "red", "purple": "magenta"}
# Characters per half-card width in the structure view: as wide as the terminal allows,
# so names are cut as little as possible.
MIN_HALF, MAX_HALF = 6, 10


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
        line = Text()
        pos = 0
        for s in rows[r]:
            col = layout[s][1]
            line.append(" " * max(0, col * half - pos))
            pos = col * half
            if game.taken[s]:
                cell, style = "", ""
            elif not game.face_up[s]:
                cell, style = "[ ? ]", "dim"
            else:
                c = game.slot_card[s]
                cell = t.names[c][:2 * half - 2]
                style = _card_style(game, c) + (" bold reverse" if s in accessible else "")
            cell = cell.ljust(2 * half - 1)
            line.append(cell, style=style)
            line.append(" ")
            pos += 2 * half
        lines.append(line)
    return Panel(Group(*lines), title=f"Age {game.age} structure (highlighted: cards you can take)")


def render_city(game: Game, p: int, title: str) -> Panel:
    t = game.t
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="bold")
    rows.add_column()
    rows.add_row("coins", str(game.coins[p]))
    res = ", ".join(f"{n} {t.resources[r]}" for r, n in enumerate(game.prod[p]) if n) or "-"
    choices = "; ".join("/".join(t.resources[r] for r in c) for c in game.choices[p])
    rows.add_row("produces", res + (f" + one of {choices}" if choices else ""))
    prices = game.price(p)
    rows.add_row("prices", ", ".join(f"{t.resources[r]} {prices[r]}" for r in range(t.R)))
    by_color: dict[int, list[str]] = {}
    for c in game.city[p]:
        by_color.setdefault(t.color[c], []).append(t.names[c])
    for color in sorted(by_color):
        rows.add_row(Text(t.colors[color], style=STYLE.get(t.colors[color], "")),
                     ", ".join(by_color[color]))
    wonders = []
    for w, tuck in zip(game.wonders[p], game.wonder_tuck[p]):
        name = t.names[t.wonder0 + w]
        if tuck >= 0:
            wonders.append(f"[b]{name}[/b] ✓")
        elif tuck == REMOVED:
            wonders.append(f"[strike]{name}[/strike]")
        else:
            wonders.append(f"{name} ({game.build_cost(p, t.wonder0 + w)}c)")
    rows.add_row("wonders", ", ".join(wonders) or "-")
    rows.add_row("tokens", ", ".join(t.names[t.token0 + x] for x in game.tokens[p]) or "-")
    symbols = [t.symbols[i] + (f"×{n}" if n > 1 else "") for i, n in enumerate(game.sci[p]) if n]
    rows.add_row("science", ", ".join(symbols) or "-")
    rows.add_row("VP now", str(game.scores()[p]["total"]))
    return Panel(rows, title=title)


def render_track(game: Game) -> Panel:
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
    return Panel(text, title="Conflict track, tokens and discard pile")


def render(game: Game, you: int, console: Console) -> None:
    console.print(render_structure(game, you, console.width))
    console.print(render_track(game))
    console.print(render_city(game, you, f"Your city (seat {you})"))
    console.print(render_city(game, 1 - you, f"Bot's city (seat {1 - you})"))


def in_words(game: Game, action: int) -> str:
    """The action as the player would type it; its id only if it names no action at all."""
    try:
        return game.action_to_text(action)
    except NotationError:
        return f"action #{action}"


def explain(game: Game, error: EngineError) -> str:
    """An engine error for the player: actions in words, never as internal ids."""
    if isinstance(error, IllegalActionError) and isinstance(error.action, int):
        return f"illegal action '{in_words(game, error.action)}': {error.reason}"
    return str(error)


def history_in_words(game: Game, seat: int) -> list[str]:
    """The players' moves so far, oldest first, each in words (chance outcomes left out)."""
    replay = Game(game.ruleset, seed=game.seed, auto_chance=False)
    moves = []
    for action in game.history:
        p = replay.current_player
        if p != CHANCE:
            who = "you" if p == seat else "bot"
            moves.append(f"{len(moves) + 1:>3}. {who}: {replay.action_to_text(action)}")
        replay.apply(action)
    return moves


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        game_name: str = typer.Argument("duel", metavar="GAME", help="The game, e.g. duel"),
        bot: str = typer.Option("greedy", "--bot", help=f"Your opponent ({', '.join(BOTS)})"),
        seed: int = typer.Option(None, "--seed", help="Seed of the chance outcomes [default: random]"),
        seat: int = typer.Option(0, "--seat", help="Your seat, 0 or 1"),
    ) -> None:
        """Play against a bot: pick an action by number or type it (e.g. 'build Baths')."""
        if bot not in BOTS:
            typer.echo(f"wondersmith play: unknown bot {bot!r}; choose from {', '.join(BOTS)}", err=True)
            raise typer.Exit(2)
        if seat not in (0, 1):
            typer.echo(f"wondersmith play: --seat is 0 or 1, not {seat}", err=True)
            raise typer.Exit(2)
        try:
            ruleset = load_ruleset(game_name)
        except UnknownRulesetError as exc:
            typer.echo(f"wondersmith play: {exc}", err=True)
            raise typer.Exit(2) from None
        if seed is None:
            import random
            seed = random.randrange(2**32)
        console = Console()
        game = Game(ruleset, seed=seed)
        opponent = make_bot(bot, seed)
        console.print(f"[bold]{ruleset.name}[/] — you are seat {seat}, against the {bot} bot "
                      f"(seed {seed}). Type a number or an action; 'h' lists the moves so far, "
                      "'q' quits.")
        shown = -1
        while not game.is_terminal:
            p = game.current_player
            if p == CHANCE:
                game.apply(game.sample_chance())
                continue
            if p != seat:
                action = opponent.choose(game)
                console.print(f"[cyan]bot:[/] {game.action_to_text(action)}")
                game.apply(action)
                continue
            if shown != len(game.history):
                render(game, seat, console)
                shown = len(game.history)
            legal = game.legal_actions()
            console.print(f"[bold]Your decision ({game.decision.replace('_', ' ')}):[/]")
            for i, a in enumerate(legal, 1):
                cost = ""
                if a < game.t.DISCARD:
                    coins = game.build_cost(seat, a)
                    cost = f"  ({coins} coin{'' if coins == 1 else 's'})"
                console.print(f"  {i:>3}. {game.action_to_text(a)}{cost}")
            try:
                answer = input("> ").strip()
            except EOFError:
                answer = "q"
            if answer.lower() in ("q", "quit", "exit"):
                console.print("Game abandoned.")
                raise typer.Exit(0)
            if answer.lower() in ("h", "history"):
                console.print("\n".join(history_in_words(game, seat)) or "No move yet.",
                              markup=False, highlight=False)
                continue
            if answer.isdigit():
                if 1 <= int(answer) <= len(legal):
                    game.apply(legal[int(answer) - 1])
                else:
                    console.print(f"[red]No choice {answer}: choose 1 to {len(legal)}, "
                                  "or type an action.[/]")
                continue
            try:
                game.apply_text(answer)
            except EngineError as exc:
                console.print(Text(explain(game, exc), style="red"))
        render(game, seat, console)
        r = game.result
        who = "shared victory" if r.winner is None else ("you win" if r.winner == seat else "the bot wins")
        console.print(f"[bold]Game over: {who} ({r.victory}).[/]")
        table = Table("category", "you", "bot")
        for k in r.scores[0]:
            table.add_row(k, str(r.scores[seat][k]), str(r.scores[1 - seat][k]))
        console.print(table)
