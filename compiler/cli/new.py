"""`wondersmith new card|wonder|token|board ID --game G`: append a valid skeleton, ready to edit.

`new` leaves the game valid, or changes nothing. A new item raises the counts game.yaml keeps
of it (comments kept): in Duel an Age card raises its Age's `cards` and colour count and gets
a slot in the Age's structure; in 7 Wonders a card is one copy printed for the fewest players
and raises its Age's `printed` (a guild, the guilds' `printed`; a board, the boards' `count`).
The result is validated in a scratch copy of the game first: when it would have a problem the
game did not have before (a 7 Wonders Age whose hands are full at every player count), `new`
refuses and says what to change first.
"""
from __future__ import annotations

import difflib
import shutil
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Optional

import typer

from wondersmith import atomic, datafiles
from wondersmith.datafiles import RefusedFile
from wondersmith.diagnostics import Diagnostic, format_text
from wondersmith.ir import extends
from wondersmith.ir.loader import GAME_FILE, LoadedGame, card_files, display_path, load_game
from wondersmith.tools import skeleton
from wondersmith.validate.semantics import cards_in_play


def _diff(path: Path, before: str, after: str) -> str:
    name = display_path(path)
    return "".join(difflib.unified_diff(before.splitlines(keepends=True),
                                        after.splitlines(keepends=True),
                                        f"{name} (before)", f"{name} (after)"))


def _validated(folder: Path, changes: dict[Path, str]) -> tuple[LoadedGame, list[Diagnostic]]:
    """The game as it would load with `changes` written, validated in a scratch copy; its
    diagnostics name the game's own files (without excerpts: those files are not written)."""
    with tempfile.TemporaryDirectory(prefix="wondersmith-new-") as scratch:
        names = {}
        for game in extends.chain(folder):  # an extension's bases beside it, as in cards/
            copy = Path(scratch) / game.name
            copy.mkdir()
            for path in [game / GAME_FILE, *card_files(game)]:
                shutil.copyfile(path, copy / path.name)
            names.update({display_path(copy / p.name): display_path(game / p.name)
                          for p in [game / GAME_FILE, *card_files(game)]})
        for path, text in changes.items():
            (copy / path.name).write_text(text, encoding="utf-8")
            names[display_path(copy / path.name)] = display_path(path)
        loaded = load_game(copy)
    return loaded, [replace(d, file=names.get(d.file, d.file)) for d in loaded.diagnostics]


def _errors(diagnostics: list[Diagnostic]) -> Counter:
    return Counter((d.code, Path(d.file).name) for d in diagnostics if d.severity == "error")


def _slots_needed(before: LoadedGame, after: LoadedGame, age: int | None) -> int:
    """The slots a new card takes in its Age's structure: the cards it adds to those in play
    (an Age card one, a guild one while guilds are fewer than those drawn)."""
    if before.game is None or after.game is None or age is None \
            or not any(s.age == age for s in after.game.structures):
        return 0
    was, now = cards_in_play(before.game, age), cards_in_play(after.game, age)
    return 0 if was is None or now is None else max(now - was, 0)


def _taught(d: Diagnostic, kind: str, age: int | None, after: LoadedGame) -> Diagnostic:
    """A refusal's diagnostic with the fix that makes room for the new item first (the usual
    hint would say to undo it, or to move the surplus to another player count)."""
    if d.code == "WS321" and kind == "card" and after.game is not None:
        fewest = min(after.game.player_counts)
        return replace(d, hint=f"Age {age} deals full hands at every player count already: "
                               f"make room first, by taking a copy printed for {fewest} "
                               f"players out of Age {age} (drop {fewest} from a card's "
                               f"`copies`) and lowering its `printed` by one, then run this "
                               "again")
    return d


def _refuse(why: str, problems: list[Diagnostic]) -> None:
    typer.echo(f"wondersmith: refused: {why}", err=True)
    typer.echo(format_text(problems, excerpts=False), err=True)
    raise typer.Exit(2)


def register(app: typer.Typer) -> None:
    @app.command()
    def new(
        kind: str = typer.Argument(..., help="card, wonder, token or board"),
        ident: str = typer.Argument(..., metavar="ID", help="The new id, in snake_case"),
        game: str = typer.Option(..., "--game", "-g", help="The game's folder under --data"),
        age: Optional[int] = typer.Option(None, "--age", help="A card's Age"),
        color: Optional[str] = typer.Option(None, "--color", help="A card's colour [blue]"),
        data: Path = typer.Option(Path("cards"), "--data", help="The folder of games"),
        dry_run: bool = typer.Option(False, "--dry-run",
                                     help="Print the skeleton, its file and the change to "
                                          "game.yaml; write nothing"),
    ) -> None:
        """Append a valid skeleton of a card, Wonder, token or board to the right data file,
        and update the counts of game.yaml so that the game stays valid.

        Exit 0 when written; 2 on a bad or existing id or other usage error, or when the game
        would not validate with it (the message says what to change first).
        """
        try:
            folder = skeleton.game_folder(data, game)
            if not (folder / GAME_FILE).is_file():
                raise skeleton.SkeletonError(f"no game at {folder} (no {GAME_FILE})")
            before = load_game(folder)
            if before.game is None:
                _refuse(f"{folder.name} does not load, so `new` cannot keep it valid: fix "
                        "these first (wondersmith validate shows them in full)",
                        [d for d in before.diagnostics if d.severity == "error"])
            added = skeleton.add(folder, kind, ident, age=age, color=color)
        except (skeleton.SkeletonError, RefusedFile) as exc:  # a link out, a named pipe
            typer.echo(f"wondersmith: {exc}", err=True)
            raise typer.Exit(2)
        game_path = folder / GAME_FILE
        game_before = datafiles.read_text(game_path)
        game_after = game_before
        counts = skeleton.count_update(folder, age, color or "blue", kind) \
            if kind in ("card", "board") else None
        if counts is not None:
            game_after = counts.after
        after, diagnostics = _validated(folder, {added.path: added.text, game_path: game_after})
        slots = None
        if kind == "card":
            needed = _slots_needed(before, after, age)
            slots = skeleton.add_slots(game_after, age, needed, folder) if needed else None
            if slots is not None:
                game_after = slots.after
                after, diagnostics = _validated(folder, {added.path: added.text,
                                                         game_path: game_after})
        new_errors = _errors(diagnostics) - _errors(before.diagnostics)
        if new_errors:
            problems = [_taught(d, kind, age, after) for d in diagnostics
                        if (d.code, Path(d.file).name) in new_errors]
            _refuse(f"with {kind} {ident}, {folder.name} would not validate; nothing was "
                    "written", problems)
        where = display_path(added.path)
        if dry_run:
            typer.echo(f"# would be appended to {where}")
            typer.echo(added.item, nl=False)
            if game_after != game_before:
                typer.echo(f"# would change {display_path(game_path)}")
                typer.echo(_diff(game_path, game_before, game_after), nl=False)
            raise typer.Exit(0)
        atomic.write_text(added.path, added.text)
        typer.echo(f"{'created' if added.created else 'added'} {kind} {ident} in {where}")
        if game_after != game_before:
            atomic.write_text(game_path, game_after)
            if counts is not None:
                what = f"Age {age}" if kind == "card" else "the boards"
                typer.echo(f"updated the counts of {what} in {display_path(game_path)}")
            for row, column in slots.slots if slots is not None else ():
                typer.echo(f"added a slot to Age {age}'s structure, row {row} column "
                           f"{column}: move it where the card belongs (validate checks the "
                           "layout)")
        left = [d for d in diagnostics if d.severity == "error"]
        if left:
            typer.echo("validate still reports what it did before:")
            typer.echo(format_text(left, excerpts=False))
