"""The designer's data repository, found the way git finds its repository, and its rulesets.

A data repository is the nearest folder, from the working directory upward, that holds
`cards/<game>/game.yaml` (`wondersmith init` makes one). Inside one, the commands that play
(`play`, `simulate`, `balance`), `export`, the Python API (`wondersmith.load_ruleset`) and
the OpenSpiel and PettingZoo adapters use its games, compiled into its `generated/`; a stale or
missing package is compiled first (the incremental build's compile step), with one line saying
so. Outside any data repository they use the examples packaged with wondersmith, and say so.

The engine (`wondersmith.engine.load_ruleset`) knows nothing of this: it imports the compiled
folder it is given. This module decides which folder that is.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from wondersmith import resources
from wondersmith.diagnostics import ERROR, Diagnostic
from wondersmith.engine import UnknownRulesetError, load_ruleset as engine_load_ruleset, runtime
from wondersmith.ir.loader import GAME_FILE, display_path, find_games, game_id

CARDS = "cards"
GENERATED = "generated"
EXAMPLES = "wondersmith.examples"
PACKAGED_RULESETS = "wondersmith.generated"
INIT_HINT = "`wondersmith init` makes one"

Say = Callable[[str], None]


class ProjectError(Exception):
    """The game cannot be loaded: unknown game, a folder that is not a game of a data
    repository, or invalid data (then `diagnostics` lists the problems)."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics or []


@dataclass(frozen=True)
class Project:
    """Where games come from: a data repository's `cards/` compiled into its `generated/`,
    or (root None) the examples and rulesets packaged with wondersmith."""

    cards: Path
    generated: Path
    root: Path | None = None

    @property
    def packaged(self) -> bool:
        return self.root is None

    def games(self) -> dict[str, Path]:
        """Each game's id and folder, in folder order (an unreadable id: the folder's name)."""
        found: dict[str, Path] = {}
        for folder in find_games([self.cards])[0]:
            found.setdefault(game_id(folder) or folder.name, folder)
        return found

    def describe(self) -> str:
        if self.packaged:
            return "the packaged examples"
        return f"the data repository {display_path(self.root)}"


def is_data_repository(folder: Path) -> bool:
    return any((folder / CARDS).glob(f"*/{GAME_FILE}"))


def find_project(start: str | os.PathLike[str] | None = None) -> Project | None:
    """The data repository holding `start` (default: the working directory): the nearest
    folder upward with `cards/<game>/game.yaml`; None outside any."""
    here = Path(start if start is not None else Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if is_data_repository(folder):
            return Project(folder / CARDS, folder / GENERATED, folder)
    return None


def packaged_examples() -> Project:
    return Project(resources.folder(EXAMPLES), resources.folder(PACKAGED_RULESETS))


def current_project(start: str | os.PathLike[str] | None = None) -> Project:
    """The data repository holding `start`, or the packaged examples outside any."""
    return find_project(start) or packaged_examples()


def looks_like_folder(spec: str) -> bool:
    """Whether a GAME argument names a folder (`./cards/mygame`, `cards/duel`) rather than a
    game id: it has a path separator, or is `.`/`..`, or is a game folder here."""
    return ("/" in spec or os.sep in spec or spec in (".", "..")
            or (Path(spec) / GAME_FILE).is_file())


def resolve(spec: str, start: str | os.PathLike[str] | None = None) -> tuple[Project, str, Path]:
    """The project, game id and game folder that `spec` (a game id, or a game's folder) names."""
    if looks_like_folder(spec):
        folder = Path(spec).resolve()
        if not (folder / GAME_FILE).is_file():
            raise ProjectError(f"{spec} is not a game folder (it has no {GAME_FILE})")
        project = find_project(folder)
        games = project.games() if project else {}
        for gid, found in games.items():
            if found == folder:
                return project, gid, folder
        raise ProjectError(f"{spec} is a game folder outside any data repository's {CARDS}/: "
                           f"move it to {CARDS}/<game>/ of a data repository ({INIT_HINT})")
    project = current_project(start)
    games = project.games()
    if spec not in games:
        where = (f"among {project.describe()} (no data repository here or above: {INIT_HINT})"
                 if project.packaged else f"in {display_path(project.cards)}/")
        raise ProjectError(f"no game {spec!r} {where}; games found: "
                           f"{', '.join(sorted(games)) or 'none'}")
    return project, spec, games[spec]


@dataclass(frozen=True)
class LoadedRuleset:
    """A ruleset and where it came from: what the commands print and put in their JSON."""

    ruleset: runtime.Ruleset
    game: str
    folder: Path  # the game's data folder
    project: Project
    path: Path | None  # the compiled folder, as `wondersmith.engine.load_ruleset` takes it
    compiled: bool = False  # compiled just now (the package was stale or missing)

    @property
    def data_hash(self) -> str:
        return self.ruleset.source_hash

    def describe(self) -> dict:
        """The fields of `simulate --json` and the lab's JSON: game, folder, data hash."""
        return {"game": self.game, "folder": str(self.folder), "data_hash": self.data_hash,
                "packaged": self.project.packaged}

    def banner(self) -> str:
        """One line: which ruleset was loaded, from where, with its data hash."""
        if self.project.packaged:
            return ruleset_line(self.game, "the packaged examples", self.data_hash) + \
                f" (no data repository here or above: {INIT_HINT})"
        return ruleset_line(self.game, display_path(self.folder), self.data_hash)


def ruleset_line(game: str, where: str, data_hash: str) -> str:
    """The line every command that plays prints about the ruleset it loaded."""
    return f"ruleset: {game} from {where}, data sha256 {data_hash}"


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def compile_if_stale(project: Project, game: str, folder: Path, say: Say) -> bool:
    """Compile `game` into the project's `generated/` when its package is stale or missing
    (the manifest's content hashes, as `wondersmith build` decides); True if it compiled.
    ProjectError with the diagnostics when the data is invalid."""
    from wondersmith.codegen import outputs
    from wondersmith.manifest import Manifest

    manifest = Manifest(project.root)
    package = project.generated / game
    if manifest.current(package, outputs.compile_inputs(folder)):
        return False
    state = "is stale" if package.is_dir() else "is missing"
    say(f"compiling {game}: {display_path(package)} {state} (the data in "
        f"{display_path(folder)} changed since the last build)")
    # The compile step of `wondersmith build`, for this one game: another game of the
    # repository with invalid data does not stop this one.
    result = outputs.expected(project.cards, project.generated, [folder])
    if not result.ok:
        errors = [d for d in result.diagnostics if d.severity == ERROR]
        raise ProjectError(f"{game} is not compiled: the data in {display_path(folder)} is "
                           "invalid (`wondersmith validate` lists the problems)"
                           + "".join(f"; {error}" for error in result.errors),
                           errors or result.diagnostics)
    outputs.write(result, project.generated, manifest)
    manifest.save()
    return True


def _nothing(_: str) -> None:
    pass


def load(spec: str, start: str | os.PathLike[str] | None = None,
         say: Say = _nothing) -> LoadedRuleset:
    """The ruleset of `spec` (a game id, or a game folder) in the data repository holding
    `start` (default: the working directory), compiled first when stale; the packaged one
    outside any data repository. `say` gets the line announcing a compile."""
    project, game, folder = resolve(spec, start)
    compiled = False if project.packaged else compile_if_stale(project, game, folder, say)
    # This project's own checkout (an editable install) compiles into the packaged folder:
    # import it as the package, so its classes are the packaged ones.
    path = None if _same(project.generated, packaged_examples().generated) else project.generated
    try:
        ruleset = engine_load_ruleset(game, path)
    except UnknownRulesetError as exc:
        raise ProjectError(str(exc)) from None
    return LoadedRuleset(ruleset, game, folder, project, path, compiled)


def load_compiled(game: str, path: str | os.PathLike[str]) -> LoadedRuleset:
    """A ruleset from a folder of compiled rulesets (the commands' `--path`), as given."""
    folder = Path(path) / game
    try:
        ruleset = engine_load_ruleset(game, path)
    except UnknownRulesetError as exc:
        raise ProjectError(str(exc)) from None
    return LoadedRuleset(ruleset, game, folder, Project(Path(path), Path(path), Path(path)),
                         Path(path))
