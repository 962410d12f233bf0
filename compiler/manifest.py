"""The build manifest: what every output was made from, so unchanged outputs are skipped.

`generated/manifest.json` (committed, deterministic) maps each output path, relative to the
project root, to two hashes: `inputs`, over everything the output is made from (data files,
locale files, catalogs, templates, fonts, the options and the tool's version), and `output`,
over the output's bytes (for a folder: each file's name and bytes). An output is current when
both still hold: its inputs hash the same and the file on disk is the one recorded. Content
hashes, never timestamps, so a checkout, a copy or a `touch` changes nothing.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from wondersmith import __version__, resources
from wondersmith.atomic import write_text

MANIFEST_FILE = Path("generated") / "manifest.json"
FORMAT = 1
PACKAGE_DIR = resources.folder("wondersmith")


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def data_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def files_digest(files: dict[str, bytes]) -> str:
    """The hash of a folder's content: each file's name and bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + data_digest(files[name]).encode() + b"\0")
    return digest.hexdigest()


def folder_digest(folder: Path) -> str | None:
    """`files_digest` of the regular files in `folder` (caches like __pycache__ aside)."""
    if not folder.is_dir():
        return None
    return files_digest({p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()})


def output_digest(path: Path) -> str | None:
    if path.is_dir():
        return folder_digest(path)
    return file_digest(path) if path.is_file() else None


def package_files(*patterns: str) -> dict[str, Path]:
    """Files shipped inside the `wondersmith` package (templates, fonts, catalogs), labelled
    by their path in the package so the hash does not depend on where it is installed."""
    found: dict[str, Path] = {}
    for pattern in patterns:
        for path in sorted(PACKAGE_DIR.glob(pattern)):
            if path.is_file():
                found["wondersmith/" + path.relative_to(PACKAGE_DIR).as_posix()] = path
    return found


def inputs_digest(files: dict[str, Path], **options: str) -> str:
    """One hash over the tool's version, the options and each input file (label and bytes);
    a missing input counts as absent, so creating it later changes the hash."""
    digest = hashlib.sha256(f"wondersmith {__version__}\0".encode())
    for key in sorted(options):
        digest.update(f"option {key}={options[key]}\0".encode())
    for label in sorted(files):
        path = files[label]
        content = file_digest(path) if path.is_file() else "absent"
        digest.update(f"input {label} {content}\0".encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class Entry:
    inputs: str
    output: str


class Manifest:
    """The manifest of the project whose root folder is `root`."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.path = self.root / MANIFEST_FILE
        self.entries: dict[str, Entry] = {}
        self.unreadable = False
        if self.path.is_file():
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self.entries = {key: Entry(value["inputs"], value["output"])
                                for key, value in data["outputs"].items()}
            except (ValueError, KeyError, TypeError):
                self.unreadable = True  # rebuilt from scratch: every output is redone
        self._saved = dict(self.entries)

    def key(self, output: Path) -> str | None:
        """The output's name in the manifest; None for outputs outside the project."""
        try:
            return Path(output).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return None

    def current(self, output: Path, inputs: str) -> bool:
        """True when `output` was made from exactly these inputs and is still untouched."""
        key = self.key(output)
        entry = self.entries.get(key) if key else None
        return entry is not None and entry.inputs == inputs and \
            output_digest(output) == entry.output

    def record(self, output: Path, inputs: str, output_hash: str | None = None) -> None:
        key = self.key(output)
        if key is None:
            return
        output_hash = output_hash or output_digest(output)
        if output_hash is not None:
            self.entries[key] = Entry(inputs, output_hash)

    def text(self) -> str:
        outputs = {key: {"inputs": e.inputs, "output": e.output}
                   for key, e in sorted(self.entries.items())}
        return json.dumps({"format": FORMAT, "outputs": outputs}, indent=2) + "\n"

    def save(self) -> bool:
        """Write the manifest if it changed, dropping outputs that no longer exist."""
        self.entries = {key: e for key, e in self.entries.items()
                        if (self.root / key).exists()}
        if self.entries == self._saved and not self.unreadable and \
                (self.path.is_file() or not self.entries):
            return False
        write_text(self.path, self.text())
        self._saved = dict(self.entries)
        self.unreadable = False
        return True

    def false_claims(self) -> list[str]:
        """Recorded outputs whose file on disk is not the one recorded (an output that is
        absent, such as sheets a project does not commit, claims nothing)."""
        problems = []
        for key, entry in sorted(self.entries.items()):
            actual = output_digest(self.root / key)
            if actual is not None and actual != entry.output:
                problems.append(f"manifest does not match the file: {key}")
        return problems
