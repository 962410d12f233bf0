"""A mutation fuzzer over the real rules data: each case is a game of cards/ (duel, classic,
agora: an extension, compiled with its base game copied beside it unmutated) with one file
mutated,
run through validation and, when the data is valid, compilation, an import of the generated
code and the English sheet and rules doc, all in-process. Used by tests/test_fuzz.py (a CI-sized budget) and
benchmarks/fuzz_data.py (10,000 cases and more).

Outcomes: `diagnosed` (validation reported errors, or the compiler refused the data with a
located `CompileError`), `compiled` (valid, compiled, imported, rendered), `crashed` (any other
exception: what the CLI would report as an internal error, exit 4), `hung` (over the time
limit of one case).

Mutations, one to three per case on one file (a card file, game.yaml or a locale file):
- on the data tree: type swaps, deletions, duplications, huge numbers, floats, hostile and
  unusual Unicode strings, keyword ids, moves and swaps of subtrees, renamed keys, list items
  that are not plain values (a mapping, a list or null where an id is listed);
- on the YAML text: raw scalars PyYAML cannot even write (5,001-digit numbers, `.inf`, tags,
  aliases, YAML 1.1 booleans), byte flips, insertions, deletions, duplicated and truncated
  lines, tabs, BOMs, other encodings, control characters;
- on the file itself (one case in twelve): a symbolic link out of the data (to a file holding
  a secret, /etc/passwd, /proc/self/environ, /dev/zero, /dev/urandom), a link that stays
  inside, a link to nothing, a named pipe, a folder, a `.yml` name. Such a case must be
  diagnosed without blocking, and the secret must appear in no diagnostic or excerpt.
"""
from __future__ import annotations

import importlib.util
import os
import random
import shutil
import signal
import sys
import traceback
import uuid
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator

import yaml

from wondersmith import datafiles
from wondersmith.codegen import outputs
from wondersmith.diagnostics import format_json, format_text
from wondersmith.ir import loader
from wondersmith.render.sheets import render_html, render_markdown
from wondersmith.validate import locales

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "cards" / "duel"
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
OUTCOMES = ("diagnosed", "compiled", "crashed", "hung")
SECRET = "TOKEN=fuzz-secret-4f9a"  # in a file outside the data, which a link points at
# What a data file may be instead of a file (`Mutant.special`).
SPECIALS = ["link_out", "link_system", "link_inside", "link_nowhere", "fifo", "folder", "yml"]
SYSTEM_FILES = ["/etc/passwd", "/proc/self/environ", "/dev/zero", "/dev/urandom", "/dev/null"]

STRINGS = [
    "", " ", "\t", "x" * 5000, "none", "true", "false", "class", "None", "import", "_x", "9a",
    "lumber_yard", "wood", "purple", "neighbours", "self", "cards", "box",
    "'\"'''\"\"\"\\", "{{ 7*7 }}", "{n}", "{0.__class__}", "%s%n", "</style><script>x</script>",
    "\x00", "\x1b[31m", "a\u202eb", "\u2066x\u2069", "\u200b", "\ufeff", "e\u0301",
    "\U0001F3DB", "\u2028", "\ud7ff", "../../etc/passwd", "C:\\x", "#", "- x", "| a |",
    "[x](javascript:alert(1))", "\n# heading\n", 'x"""; __import__("os").system("true"); """',
]
NUMBERS = [0, -1, 1, 2, 7, 99, 100, 255, 1000, 2**31, 2**63, 10**18, 10**19, -10**19]
FLOATS = [0.0, -0.0, 0.5, 1.0, 6.0, 1e300, -1e300, 1e-300, float("inf"), float("-inf"),
          float("nan")]
RAW = ["9" * 5001, "-" + "1" * 4301, "1" * 19, "0x1F", "0o17", "0b11", "1_000", "017",
       ".inf", "-.inf", ".nan", "1e300", "6.0", "yes", "no", "on", "off", "y", "n",
       "2015-10-01", "1:30", "~", "null", "Null", "!!python/object:os.system", "!!binary aGk=",
       "!custom x", "&a 1", "*a", "*nowhere", "!!float 1", "!!int '1'", "!!str 1", '"\\0"',
       '"\\x00"', "'", '"', "[", "{", "]", "}", "? x", "- - - x", "|", ">", "@x", "`x"]
KEYS = ["id", "name", "color", "cost", "effects", "coins", "age", "chain_gives", "chain_from",
        "buildings", "wonders", "tokens", "boards", "produce", "points", "shields", "amount",
        "per", "colors", "in", "every", "from", "draw", "resources", "price", "for", "who",
        "event", "ages", "setup", "science", "military", "zones", "supremacy_at", "<<", "",
        "efects", "x" * 300, "1", "True"]


def _nodes(tree: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every node of a data tree (root included)."""
    out = [path]
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += _nodes(value, path + (key,))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            out += _nodes(value, path + (i,))
    return out


def _get(tree: Any, path: tuple) -> Any:
    for step in path:
        tree = tree[step]
    return tree


@dataclass
class Mutant:
    files: dict[str, bytes]  # file name -> bytes, the whole game folder
    target: str
    steps: list[str] = field(default_factory=list)
    game: str = "duel"  # the folder's name under cards/
    base: str = ""  # the game it extends (`extends:`), copied beside it unmutated
    special: str = ""  # the target is not a plain file: one of SPECIALS, with its detail


class Mutator:
    """Makes mutants of a game folder; deterministic for a given random.Random."""

    def __init__(self, folder: Path = DUEL) -> None:
        self.originals = {p.relative_to(folder).as_posix(): p.read_bytes()
                          for p in sorted([*folder.glob("*.yaml"),
                                           *folder.glob(f"{loader.LOCALES_DIR}/*.yaml")])}
        self.trees = {name: yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
                      for name, data in self.originals.items()}
        self.game = folder.name
        self.base = str((self.trees.get("game.yaml") or {}).get("extends", ""))

    def mutant(self, rng: random.Random) -> Mutant:
        target = rng.choice(sorted(self.originals))
        m = Mutant(dict(self.originals), target, game=self.game, base=self.base)
        if rng.random() < 1 / 12:
            kind = rng.choice(SPECIALS)
            m.special = f"{kind} {rng.choice(SYSTEM_FILES)}" if kind == "link_system" else kind
            m.steps.append(f"file: {m.special}")
            return m
        if rng.random() < 0.65:
            tree = _copy(self.trees[target])
            raws: dict[str, str] = {}
            for _ in range(rng.randint(1, 3)):
                tree = self._tree_step(rng, tree, raws, m.steps)
            text = yaml.dump(tree, Dumper=_DUMPER, sort_keys=False, allow_unicode=True,
                             width=10**6)
            for marker, raw in raws.items():
                text = text.replace(marker, raw)
            data = text.encode("utf-8", "surrogatepass")
        else:
            data = self.originals[target]
        if rng.random() < 0.4 or data == self.originals[target]:
            for _ in range(rng.randint(1, 3)):
                data = self._byte_step(rng, data, m.steps)
        m.files[target] = data
        return m

    # Data-tree mutations ------------------------------------------------------------

    def _value(self, rng: random.Random, raws: dict[str, str]) -> Any:
        kind = rng.randrange(8)
        if kind == 0:
            return rng.choice(STRINGS)
        if kind == 1:
            return rng.choice(NUMBERS)
        if kind == 2:
            return rng.choice(FLOATS)
        if kind == 3:
            marker = f"RAWMARK{len(raws)}X{rng.randrange(10**9)}"
            raws[marker] = rng.choice(RAW)
            return marker
        if kind == 4:
            return rng.choice([None, True, False])
        if kind == 5:
            return [] if rng.random() < 0.5 else [rng.choice(STRINGS + NUMBERS)]
        if kind == 6:
            return {} if rng.random() < 0.5 else {rng.choice(KEYS): rng.choice(NUMBERS)}
        # A real subtree from anywhere in the game's data.
        tree = self.trees[rng.choice(sorted(self.trees))]
        return _copy(_get(tree, rng.choice(_nodes(tree))))

    def _tree_step(self, rng: random.Random, tree: Any, raws: dict[str, str],
                   steps: list[str]) -> Any:
        paths = _nodes(tree)
        path = rng.choice(paths)
        op = rng.choice(["swap_type", "swap_type", "delete", "duplicate", "rename_key",
                         "move", "number", "string", "swap_subtrees", "foreign_item"])
        if op == "foreign_item":  # an item of a list: where is one?
            items = [p for p in paths if p and isinstance(_get(tree, p[:-1]), list)]
            path = rng.choice(items) if items else path
        steps.append(f"{op} at {'/'.join(map(str, path)) or '<root>'}")
        if not path:
            return self._value(rng, raws) if op in ("swap_type", "number", "string") else tree
        parent, key = _get(tree, path[:-1]), path[-1]
        if op == "swap_type":
            parent[key] = self._value(rng, raws)
        elif op == "number":
            parent[key] = rng.choice(NUMBERS + FLOATS)
        elif op == "string":
            parent[key] = rng.choice(STRINGS)
        elif op == "foreign_item":
            parent[key] = rng.choice([{rng.choice(KEYS): rng.choice(STRINGS)}, [], [1, 2],
                                      None, 7, True, 1.5, {}])
        elif op == "delete":
            del parent[key]
        elif op == "duplicate":
            if isinstance(parent, list):
                parent.insert(key, _copy(parent[key]))
            else:
                parent[rng.choice(KEYS)] = _copy(parent[key])
        elif op == "rename_key" and isinstance(parent, dict):
            value = parent.pop(key)
            parent[rng.choice(KEYS + [k for k in parent if isinstance(k, str)])] = value
        elif op == "move":
            other = rng.choice(paths)
            if other and other[: len(path)] != path:
                try:
                    _get(tree, other[:-1])[other[-1]] = _copy(parent[key])
                except (KeyError, IndexError, TypeError):
                    pass
        elif op == "swap_subtrees":
            other = rng.choice(paths)
            if other and other[: len(path)] != path and path[: len(other)] != other:
                a, b = _copy(parent[key]), _copy(_get(tree, other))
                parent[key] = b
                try:
                    _get(tree, other[:-1])[other[-1]] = a
                except (KeyError, IndexError, TypeError):
                    pass
        return tree

    # Byte mutations -----------------------------------------------------------------

    def _byte_step(self, rng: random.Random, data: bytes, steps: list[str]) -> bytes:
        op = rng.choice(["flip", "insert", "delete", "dup_line", "truncate", "tab", "bom",
                         "encoding", "control", "raw_line", "crlf"])
        steps.append(f"bytes: {op}")
        n = len(data)
        at = rng.randrange(n + 1)
        if op == "flip" and n:
            i = rng.randrange(n)
            return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
        if op == "insert":
            junk = rng.choice([b"\x00", b"\xff", b"\xc3", b"{", b"[", b"&a ", b"*a", b"!!",
                               b"---\n", b": ", b"- ", b"#", b"'", b'"', b"\\", b"%YAML 1.1\n",
                               bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))])
            return data[:at] + junk + data[at:]
        if op == "delete":
            return data[:at] + data[at + rng.randint(1, 64):]
        lines = data.split(b"\n")
        i = rng.randrange(len(lines))
        if op == "dup_line":
            return b"\n".join(lines[: i + 1] + [lines[i]] * rng.randint(1, 3) + lines[i + 1:])
        if op == "truncate":
            return data[:at]
        if op == "tab":
            return b"\n".join(lines[:i] + [b"\t" + lines[i]] + lines[i + 1:])
        if op == "bom":
            return b"\xef\xbb\xbf" + data
        if op == "encoding":
            return data.decode("utf-8", "replace").encode(rng.choice(["utf-16", "latin-1",
                                                                       "utf-32"]), "replace")
        if op == "control":
            return data[:at] + bytes([rng.choice([0, 7, 8, 11, 12, 27, 127])]) + data[at:]
        if op == "raw_line":
            key = rng.choice(KEYS)
            line = f"{key}: {rng.choice(RAW)}".encode()
            return b"\n".join(lines[:i] + [line] + lines[i:])
        if op == "crlf":
            return data.replace(b"\n", b"\r\n")
        return data


def _copy(tree: Any) -> Any:
    if isinstance(tree, dict):
        return {k: _copy(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_copy(v) for v in tree]
    return tree


# Running a case ---------------------------------------------------------------------


class Hung(Exception):
    pass


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise Hung in the main thread after `seconds` of wall time (POSIX)."""
    def alarm(signum: int, frame: Any) -> None:
        raise Hung()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@lru_cache(maxsize=64)
def _checked(path: str, data: bytes, kind: str, version: int | None):
    """Layers 1 and 2 of a file, memoised by content: the files a case leaves alone are
    checked once, not once per case (the results depend on nothing else)."""
    return _real_check_file(Path(path), kind, version)


_real_check_file = loader.check_file


def _memo_check_file(path: Path, kind: str, version: int | None = None):
    try:  # memoised by content; what the reader refuses is checked as it is
        data = datafiles.read_bytes(path)
    except OSError:
        return _real_check_file(path, kind, version)
    doc = _checked(str(path), data, kind, version)
    clone = type(doc)(doc.file)
    clone.__dict__.update({k: (list(v) if isinstance(v, list) else v)
                           for k, v in doc.__dict__.items()})
    return clone


def _import(files: dict[Path, str], package: Path) -> None:
    name = f"ws_fuzz_{uuid.uuid4().hex}"
    spec = importlib.util.spec_from_file_location(
        name, package / "__init__.py", submodule_search_locations=[str(package)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        assert module.RULESET.game == package.name
    finally:
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]


def run_case(mutant: Mutant, work: Path, limit: float = 10.0) -> tuple[str, str]:
    """(outcome, detail) of one mutant; `work` is a scratch folder of its own."""
    cards = work / "cards"
    game = cards / mutant.game
    if cards.exists():
        shutil.rmtree(cards)
    game.mkdir(parents=True)
    for name, data in mutant.files.items():
        (game / name).parent.mkdir(exist_ok=True)
        (game / name).write_bytes(data)
    if mutant.base:  # an extension (Agora) is compiled on its base game, as in cards/
        shutil.copytree(ROOT / "cards" / mutant.base, cards / mutant.base)
    if mutant.special:
        _make_special(game / mutant.target, mutant.special, work)
    out = work / "generated"
    if out.exists():
        shutil.rmtree(out)
    try:
        with time_limit(limit):
            result = outputs.expected(cards, out)
            # What `validate` adds: the locale files against the game (the gettext catalogs
            # do not depend on the data and are checked by tests/test_locales.py).
            loaded = loader.load_game(game)
            names = locales.check_names(game, loaded.game)
            # Every diagnostic as the user sees it, with its excerpt, in text and JSON.
            shown = format_text(result.diagnostics + names) \
                + format_json(result.diagnostics + names)
            if SECRET in shown or "root:x:0:0" in shown:
                return "crashed", f"a file out of the data was shown: {mutant.special}"
            # No game left (its game.yaml made a pipe), or an extension's folder left without
            # one beside its base game: validate names the card files WS317.
            refused = not result.ok or not result.games or loader.find_games([cards])[1] \
                or any(d.severity == "error" for d in names)
            if mutant.special and mutant.special != "link_inside" and not refused:
                return "crashed", f"{mutant.special}: not refused"
            if refused:
                return "diagnosed", ""
            for path, text in result.files.items():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
            for name in result.games:
                _import(result.files, out / name)
            # The sheet and the rules doc of the valid game render too (English: the other
            # languages take the same paths through the templates).
            render_html(loaded.game, "en", {})
            render_markdown(loaded.game, "en", {})
            return "compiled", ""
    except Hung:
        return "hung", f"over {limit}s"
    except Exception:  # what the CLI would call an internal error
        return "crashed", traceback.format_exc(limit=-3)


def _make_special(path: Path, special: str, work: Path) -> None:
    """Make the data file `path` something else than a plain file (see SPECIALS)."""
    data = path.read_bytes()
    path.unlink()
    kind, _, target = special.partition(" ")
    if kind == "link_out":
        (work / "outside.yaml").write_text(f"{SECRET}\nname: {SECRET}\n")
        path.symlink_to(work / "outside.yaml")
    elif kind == "link_system":
        path.symlink_to(target)
    elif kind == "link_inside":  # the real file elsewhere in cards/: read as it is
        shared = work / "cards" / f"shared-{path.stem}.data"
        shared.write_bytes(data)
        path.symlink_to(shared)
    elif kind == "link_nowhere":
        path.symlink_to(work / "nowhere.yaml")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "yml":
        path.with_suffix(".yml").write_bytes(data)


@contextmanager
def memoised_layers() -> Iterator[None]:
    loader.check_file = _memo_check_file
    try:
        yield
    finally:
        loader.check_file = _real_check_file


def fuzz(cases: int, seed: int, work: Path, limit: float = 10.0,
         report: Callable[[int, Counter], None] | None = None,
         game: str = "duel") -> tuple[Counter, list]:
    """Run `cases` mutants of `game`; the outcome counts and the crashes and hangs found."""
    mutator = Mutator(ROOT / "cards" / game)
    counts: Counter = Counter()
    failures = []
    with memoised_layers():
        for i in range(cases):
            rng = random.Random(f"{seed}:{i}")
            mutant = mutator.mutant(rng)
            outcome, detail = run_case(mutant, work, limit)
            counts[outcome] += 1
            if outcome in ("crashed", "hung"):
                failures.append((seed, i, mutant.target, mutant.steps, detail))
            if report is not None:
                report(i + 1, counts)
    return counts, failures
