"""Reading data files safely: every command reads card files, game.yaml and locale files (and
the source lines shown under diagnostics) through here.

Data comes from pull requests and downloads, so a "data file" may be a symbolic link to
`/etc/passwd` or a `.env`, a named pipe that never sends a byte, or `/dev/zero`. Only a
regular file is read, and only when its real path (every link followed) lies inside the
folder of games it belongs to (`cards/`: the parent of the game folder); a link that stays
inside is fine. It is never opened when it is anything else, opened so that nothing can block,
and read up to the size limit and no further. A refusal is a `RefusedFile`, an OSError that
carries a diagnostic code:

- WS105 file too large (over `MAX_BYTES`),
- WS110 not a regular file (a folder, a named pipe, a device or a socket),
- WS111 a symbolic link leading out of the folder of games.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

MAX_BYTES = 1 << 20  # every data file: the documented limit of docs/errors.md (WS105)
GAME_FILE = "game.yaml"  # as wondersmith.ir.loader names it (which imports this module)
# No blocking on a named pipe, no controlling terminal from a device, no link at the end.
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_BINARY", 0))
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


class RefusedFile(OSError):
    """A data file that is not read: `code` and `hint` say why, as a diagnostic would."""

    def __init__(self, path: Path, code: str, message: str, hint: str) -> None:
        super().__init__(errno.EPERM, f"{message} ({code})", str(path))
        self.path, self.code, self.message, self.hint = Path(path), code, message, hint

    def __str__(self) -> str:
        return f"{self.path}: {self.message} ({self.code})"


def data_root(path: Path) -> Path:
    """The folder of games `path` belongs to: the parent of the nearest folder above it
    holding a game.yaml (its game), or the file's own folder when it is in no game."""
    path = Path(os.path.abspath(path))
    game = next((p for p in path.parents if (p / GAME_FILE).is_file()), None)
    return game.resolve().parent if game is not None else path.parent.resolve()


def _kind(mode: int) -> str:
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def _not_regular(path: Path, mode: int) -> RefusedFile:
    return RefusedFile(path, "WS110", f"not a regular file: {_kind(mode)}",
                       "data files are plain files: replace it with the file itself")


def _too_large(path: Path, size: str, limit: int) -> RefusedFile:
    return RefusedFile(path, "WS105", f"{size} bytes is over the limit of {limit}", "")


def read_bytes(path: Path, root: Path | None = None, *, limit: int = MAX_BYTES,
               cut: bool = False) -> bytes:
    """The bytes of the data file `path`, at most `limit` of them; RefusedFile unless it is a
    regular file inside `root` (default: `data_root(path)`). With `cut`, a longer file is not
    refused but cut at `limit` bytes (for showing a source line of it). Other OSErrors (no
    such file, no permission) are raised as they come."""
    path = Path(path)
    root = (Path(root) if root is not None else data_root(path)).resolve()
    real = path.resolve()
    if not real.is_relative_to(root):
        raise RefusedFile(path, "WS111", f"a symbolic link to a file outside {root.name or root}/",
                          "keep data files inside the folder of games: copy the file in "
                          "instead of linking to it")
    mode = os.stat(real).st_mode
    if not stat.S_ISREG(mode):  # refused before it is opened: opening a device can act
        raise _not_regular(path, mode)
    fd = os.open(real, _OPEN_FLAGS)
    try:
        status = os.fstat(fd)  # what was opened, should the path have changed meanwhile
        if not stat.S_ISREG(status.st_mode):
            raise _not_regular(path, status.st_mode)
        if status.st_size > limit and not cut:
            raise _too_large(path, str(status.st_size), limit)
        chunks, left = [], limit + 1  # one byte more tells a file that grew (or lied)
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        if not cut:
            raise _too_large(path, f"more than {limit}", limit)
        data = data[:limit]
    return data


def read_text(path: Path, root: Path | None = None) -> str:
    """`read_bytes` decoded as UTF-8 (UnicodeDecodeError when it is not)."""
    return read_bytes(path, root).decode("utf-8")
