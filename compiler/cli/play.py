"""`wondersmith play`: a human against bots in the terminal, at a table of any size.

At a decision every seat takes at once (classic 7 Wonders: everyone picks a card), you
choose first; the bots choose on the same position without seeing your choice, and all the
choices are revealed together once the rules have applied them. When an Age ends, the
conflicts fought between neighbours are announced (city_words.py words the cities).
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Callable

import typer
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from wondersmith.engine import EngineError, Game
from wondersmith.engine.bots import BOTS, Bot, make_bot, new_game
from wondersmith.engine.core.simultaneous import visible_choices
from wondersmith.engine.errors import IllegalActionError, NotationError
from wondersmith.engine.state import CHANCE

from .city_words import conflicts_fought, cost_words, effects_in_words, tokens_held
from .rulesets import GAME_HELP, PATH_HELP, load_or_exit
from .seats import FREE_CITY, city_names, played_by, seat_count, spoken
from .table_view import KEY, abbreviations, render

# The engine's hint for a caller of its API, and what the terminal says instead.
API_HINT = " (legal_texts() words the legal ones)"
TERMINAL_HINT = ("the menu lists the legal actions: type one's number, or the action as it is "
                 "worded there")
# Where the engine's message for text it cannot read goes on to list what it reads: the
# whole grammar, chance outcomes included, or every name of a kind. The terminal stops there.
_LISTINGS = re.compile(r": expected .*|; known: .*", re.S)


def in_words(game: Game, action: int) -> str:
    """The action as the player would type it; its id only if it names no action at all."""
    try:
        return game.action_to_text(action)
    except NotationError:
        return f"action #{action}"


def explain(game: Game, error: EngineError, offered: list[str] = ()) -> str:
    """An engine error for the player: actions in words, never as internal ids. Text that
    names no action gets the legal action of `offered` it looks most like, if any, and how
    to find the legal ones, not the grammar of every action (chance outcomes included)."""
    if isinstance(error, IllegalActionError) and isinstance(error.action, int):
        return f"illegal action '{in_words(game, error.action)}': {error.reason}"
    if isinstance(error, NotationError):
        reason = _LISTINGS.sub("", str(error).replace(API_HINT, ""))
        guess = did_you_mean(getattr(error, "typed", ""), offered)
        return f"{reason}; {f'did you mean {guess!r}? ' if guess else ''}{TERMINAL_HINT}"
    return str(error)


def did_you_mean(typed: str, offered: list[str]) -> str | None:
    """The text of `offered` closest to `typed`, case aside, if one is close enough."""
    by_key = {text.casefold(): text for text in offered}
    close = difflib.get_close_matches(" ".join(typed.split()).casefold(), list(by_key), n=1,
                                      cutoff=0.6)
    return by_key[close[0]] if close else None


def seat_names(game: Game, you: int) -> list[str]:
    """How the table calls each city: "you", "bot" against one bot, else "seat k", and the
    Free City of the 2-player variant by its name."""
    return city_names(game.players, len(game.t.seats), you)


def acting_city(game: Game) -> int:
    """The city the pending decision is for: the seat to move, but the Free City when the
    holder of its card decides for it (`current_player` names the holder)."""
    return game.stack[-1][1] if game.stack and game.result is None else game.current_player


def history_in_words(game: Game, seat: int) -> list[str]:
    """The players' moves so far, oldest first, each in words as `seat` saw them and credited
    to the city that made it (chance outcomes left out; a card another player discarded face
    down or tucked under a Wonder stage stays hidden, as in `_reveal`)."""
    replay = new_game(game.ruleset, game.seed, game.players, auto_chance=False)
    names = seat_names(game, seat)
    face_down = isinstance(game.observation(seat)["discard"], int)
    moves = []
    for action in game.history:
        p = replay.current_player
        if p != CHANCE:
            text = replay.action_to_text(action)
            if face_down and p != seat:
                text = _unseen_card(text)
            moves.append(f"{len(moves) + 1:>3}. {played_by(names, acting_city(replay), p)}: {text}")
        replay.apply(action)
    return moves


def choose_bots(spec: str, seats: int, you: int) -> dict[int, Bot] | str:
    """The bots of the other seats from `--bot` (one name for all, or one per other seat in
    seat order), each seeded by its seat; an error message if the list does not fit."""
    names = [b.strip() for b in spec.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown or not names:
        return f"unknown bot {(unknown or [spec])[0]!r}; choose from {', '.join(BOTS)}"
    others = [p for p in range(seats) if p != you]
    if len(names) == 1:
        names *= len(others)
    if len(names) != len(others):
        return (f"--bot names {len(names)} bots for the {len(others)} other seats: give one "
                "for them all, or one per other seat")
    return dict(zip(others, names))


Ask = Callable[[str], str]


def play_table(game: Game, you: int, bots: dict[int, Bot], console: Console,
               ask: Ask = input) -> bool:
    """Play `game` to its end, `you` at the keyboard and `bots` in the other seats; False
    if the player quit."""
    names = seat_names(game, you)
    shown = -1
    explained: set[str] = set()  # the abbreviations of the panels explained so far
    turn: list[tuple[str, str]] = []  # (who, what) of a turn's choices, until all are made
    while not game.is_terminal:
        age, tokens = game.age, tokens_held(game)
        if game.is_chance_node:
            game.apply(game.sample_chance())
            _announce(conflicts_fought(game, age, tokens, names), console)
            continue
        seats = game.choosing()
        if you in seats:
            if shown != len(game.history) and not _turn_under_way(game, you):
                render(game, you, console, names)
                _explain_once(game, explained, console)
                shown = len(game.history)
            others = [p for p in seats if p != you]
            action = _ask_action(game, you, others, console, ask, names)
            if action is None:
                console.print("Game abandoned.")
                return False
            if action < 0:  # an answer that chose nothing: ask again
                continue
            # The bots decide on the position before your choice is applied: they never see it.
            joint = {p: bots[p].choose(game, p) for p in others}
            joint = dict(sorted({**joint, you: action}.items()))
        elif len(seats) > 1:  # the bots choose together, on the same position
            joint = {p: bots[p].choose(game, p) for p in seats}
        else:
            joint = {seats[0]: bots[seats[0]].choose(game)}
        turn += _choices_in_words(game, joint, names, you)
        if len(joint) > 1:
            game.apply_joint(joint)
        else:
            game.apply(*joint.values())
        if not _turn_under_way(game, you):
            _show(turn, console)
            turn = []
        _announce(conflicts_fought(game, age, tokens, names), console)
    return True


def _explain_once(game: Game, explained: set[str], console: Console) -> None:
    """The abbreviations the panels just shown use, the first time each is shown."""
    new = [abbr for abbr in abbreviations(game) if abbr not in explained]
    if new:
        console.print(Text("Key: " + "; ".join(f"{abbr} {KEY[abbr]}" for abbr in new) + ".",
                           style="dim"))
        explained.update(new)


def _announce(lines: list[Text], console: Console) -> None:
    for line in lines:
        console.print(line)


def _turn_under_way(game: Game, you: int) -> bool:
    """True while a decision several cities take at once has some choices in and waits for
    others (the 2-player variant: the Free City's, chosen by its holder once the players
    have chosen): the choices are shown together when the last is made."""
    return any(v is not None and v is not False for v in visible_choices(game, you))


def _choices_in_words(game: Game, joint: dict[int, int], names: list[str],
                      you: int) -> list[tuple[str, str]]:
    """Each choice of `joint` as (who made it, what) as `you` see it once revealed: a card
    another player discarded onto a face-down pile, or tucked under a Wonder stage, stays
    hidden (classic rulings 4 and 7)."""
    face_down = isinstance(game.observation(you)["discard"], int)
    city = acting_city(game)
    out = []
    for p, action in joint.items():
        # A seat at a decision it takes with others chooses for its own city; alone, it may
        # choose for the Free City.
        text = game.action_to_text(action, p)
        if face_down and p != you:
            text = _unseen_card(text)
        out.append((played_by(names, city if len(joint) == 1 else p, p), text))
    return out


def _show(turn: list[tuple[str, str]], console: Console) -> None:
    """A turn's choices: several are revealed together; another city's single move is
    announced; your own, just typed, is not repeated."""
    if len(turn) > 1:
        console.print("[bold]Chosen together:[/]")
        for who, text in turn:
            console.print(Text.assemble("  ", (f"{who}:", "cyan"), " ", text))
    elif turn and turn[0][0] != "you":
        who, text = turn[0]
        console.print(Text.assemble((f"{who}:", "cyan"), " ", text))


def _unseen_card(text: str) -> str:
    """Another seat's play without the card nobody else sees: `discard Baths` is "discard a
    card", `stage 2 with Baths, pay left 2` is "stage 2 with a card, pay left 2"."""
    if text.startswith("discard "):
        return "discard a card"
    return re.sub(r"^(stage \d+) with [^,]+", r"\1 with a card", text)


def _ask_action(game: Game, you: int, others: list[int], console: Console, ask: Ask,
                names: dict[int, str]) -> int | None:
    """Your action from a menu or typed text: None to quit, -1 when nothing was chosen."""
    legal = game.legal_actions_for(you)
    decision = game.decision_prompt
    city = acting_city(game)
    whose = f" for the {names[city]}" if city != you and not others else ""
    if others:
        waiting = ", ".join(names[p] for p in others)
        console.print(f"[bold]Your decision ({decision}), at the same time as {waiting}:[/] "
                      "the choices are revealed together.")
    elif _turn_under_way(game, you):
        console.print(f"[bold]Your decision{whose} ({decision}):[/] it is revealed with the "
                      "choices already made.")
    else:
        console.print(f"[bold]Your decision{whose} ({decision}):[/]")
    builds = game.t.action_ranges.get("BUILD")  # card_structure's builds, priced by the bank
    offered = [game.action_to_text(a, you) for a in legal]
    for i, (a, text) in enumerate(zip(legal, offered), 1):
        cost = ""
        if builds and builds.first <= a < builds.end and "bank_trade" in type(game).MECHANICS:
            coins = game.build_cost(you, a - builds.first)
            cost = f"  ({coins} coin{'' if coins == 1 else 's'})"
        console.print(Text(f"  {i:>3}. {text}{cost}"))
        offer = wonder_offered(game, a, you)
        if offer:  # below, so that the line above is the action as typed
            console.print(Padding(Text(offer, style="dim"), (0, 0, 0, 7)))
    try:
        answer = ask("> ").strip()
    except EOFError:
        answer = "q"
    if answer.lower() in ("q", "quit", "exit"):
        return None
    if answer.lower() in ("h", "history"):
        console.print(Text("\n".join(history_in_words(game, you)) or "No move yet."))
        return -1
    if answer.isdigit():
        if 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        console.print(f"[red]No choice {answer}: choose 1 to {len(legal)}, or type an action.[/]")
        return -1
    try:
        action = game.parse_action(answer, you)
        if action not in legal and game.current_player == you:
            game.apply(action)  # not legal: raises the engine's error, saying why
        if action not in legal:  # a seat choosing after another: the engine waits for that one
            raise IllegalActionError(action, f"not among the choices of seat {you} now")
    except EngineError as exc:
        exc.typed = answer
        console.print(Text(explain(game, exc, offered), style="red"))
        return -1
    return action


def wonder_offered(game: Game, action: int, you: int) -> str | None:
    """What a Wonder offered in the draft costs and does, as the sheets word them; None
    for another action."""
    picks = game.t.action_ranges.get("PICK_WONDER")
    if not picks or not picks.first <= action < picks.end:
        return None
    wonder = game.ruleset.by_id[game.action_component(action, you)]
    effect = effects_in_words(game).get(wonder.id)
    return f"costs {cost_words(game, wonder)}" + (f"; {effect}" if effect else "")


def final_table(game: Game, you: int, console: Console) -> None:
    names = seat_names(game, you)
    render(game, you, console, names)
    r = game.result
    if r.winner is None:  # the seats sharing it (never the Free City, which wins nothing)
        sharing = [names[p] for p in r.winners]
        who = "shared victory" + (f" ({', '.join(sharing)})" if game.players > 2 else "")
    elif r.winner == you:
        who = "you win"
    else:
        who = f"{'the bot' if names[r.winner] == 'bot' else names[r.winner]} wins"
    console.print(f"[bold]Game over: {who} ({r.victory}).[/]")
    table = Table("category", *(names[p] for p in range(len(r.scores))))
    for k in r.scores[0]:
        table.add_row(Text(k), *(str(s[k]) for s in r.scores))
    console.print(table)


def register(app: typer.Typer) -> None:
    @app.command()
    def play(
        game_name: str = typer.Argument("duel", metavar="GAME", help=GAME_HELP),
        players: int = typer.Option(None, "--players", "-p", help="Seats at the table [default: the game's]"),
        bot: str = typer.Option("greedy", "--bot", help=f"Your opponents ({', '.join(BOTS)}): one for "
                                                        "every other seat, or one per other seat, comma-separated"),
        seed: int = typer.Option(None, "--seed", help="Seed of the chance outcomes [default: random]"),
        seat: int = typer.Option(0, "--seat", help="Your seat, from 0"),
        path: Path = typer.Option(None, "--path", help=PATH_HELP),
    ) -> None:
        """Play against bots: pick an action by number or type it (e.g. 'build Baths')."""
        ruleset = load_or_exit("play", game_name, path).ruleset
        try:
            players = seat_count(ruleset, players)
        except ValueError as exc:
            typer.echo(f"wondersmith play: {exc}", err=True)
            raise typer.Exit(2) from None
        if not 0 <= seat < players:
            typer.echo(f"wondersmith play: --seat is {spoken(range(players))}, not {seat}", err=True)
            raise typer.Exit(2)
        chosen = choose_bots(bot, players, seat)
        if isinstance(chosen, str):
            typer.echo(f"wondersmith play: {chosen}", err=True)
            raise typer.Exit(2)
        if seed is None:
            import random
            seed = random.randrange(2**32)
        console = Console()
        game = new_game(ruleset, seed, players)
        bots = {p: make_bot(name, seed + k) for k, (p, name) in enumerate(chosen.items())}
        against = (f"the {chosen[1 - seat]} bot" if players == 2 else
                   ", ".join(f"{name} (seat {p})" for p, name in chosen.items()))
        console.print(Text.assemble(
            (ruleset.name, "bold"), f" — {players} players; you are seat {seat}, against "
            f"{against} (seed {seed}). Type a number or an action; 'h' lists the moves so far, "
            "'q' quits."))
        if len(game.t.seats) > players:
            console.print(f"The {FREE_CITY} (seat {players}) is a third city: whoever holds the "
                          "Free City card chooses its card each turn, from their hand.")
        if play_table(game, seat, bots, console):
            final_table(game, seat, console)
