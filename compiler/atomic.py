"""Writing files and folders so that a crash or a kill never leaves them half-written.

Every command that writes (`compile`, `sheets`, `fmt`, `build`) goes through this module:

- `write_bytes` / `write_text` write a temporary file beside the target, flush it to disk,
  then rename it over the target. Readers see the old file or the new one, never a part.
  A new file gets the permissions of any normal file write (0666 less the umask, so 0644
  under the usual umask 022); an existing file keeps its permissions.
- `replace_dir` swaps a whole folder (a generated package) for a new one. It is built in a
  hidden sibling folder, then exchanged with the old one in one atomic step where the system
  can (Linux `renameat2(RENAME_EXCHANGE)`), so the package is importable at every instant.
  Elsewhere two renames are used, and an interrupted swap is repaired by the next run.
  Leftover temporary files and folders from a killed run are removed by the next one.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import secrets
import shutil
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def _temp_name(target: Path) -> Path:
    return target.with_name(f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}")


def _leftovers(target: Path) -> list[Path]:
    """Temporary siblings of `target` left by a killed run (single writer assumed)."""
    if not target.parent.is_dir():
        return []
    return sorted(target.parent.glob(f".{target.name}.*{TEMP_SUFFIX}"))


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some systems cannot open folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_new(path: Path, data: bytes, mode: int | None, target: Path) -> None:
    """Create `path` (which must not exist) with `data`, flushed to disk. An error names
    `target`, the file the user asked for: a full disk (ENOSPC from write or fsync) comes
    without a file name, and the temporary name would only puzzle."""
    try:
        # 0o666 with O_CREAT honours the umask, as open(path, "w") does (mkstemp: 0600).
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if mode is not None:
                os.chmod(path, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        if exc.filename not in (None, os.fspath(path)):
            raise
        raise OSError(exc.errno, exc.strerror or str(exc), os.fspath(target)) from exc


def write_bytes(path: Path, data: bytes) -> None:
    """Replace `path` with `data` atomically; parent folders are created."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in _leftovers(path):
        _remove(stale)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    temp = _temp_name(path)
    try:
        _write_new(temp, data, mode, path)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(path.parent)


def write_text(path: Path, text: str) -> None:
    """`write_bytes` for UTF-8 text with the newlines as given (no platform translation)."""
    write_bytes(path, text.encode("utf-8"))


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


# Folders ---------------------------------------------------------------------------------

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _load_renameat2():
    if not hasattr(os, "uname") or os.uname().sysname != "Linux":
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        function = libc.renameat2
    except (OSError, AttributeError):  # glibc < 2.28, musl without it
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                         ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


_renameat2 = _load_renameat2()


def exchange(first: Path, second: Path) -> bool:
    """Swap two existing paths in one atomic step; False where the system cannot."""
    if _renameat2 is None:
        return False
    if _renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second),
                  _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False  # this file system cannot exchange
    raise OSError(code, os.strerror(code), str(first), None, str(second))


def _old_name(target: Path) -> Path:
    """Where the two-rename swap parks the old folder (found again by `recover_dir`)."""
    return target.with_name(f".{target.name}.old{TEMP_SUFFIX}")


def recover_dir(target: Path) -> None:
    """Repair what a killed `replace_dir` left: put back a parked old folder, then remove
    every temporary sibling."""
    old = _old_name(target)
    if old.is_dir() and not target.exists():
        os.replace(old, target)  # killed between the two renames: the old folder returns
    for stale in _leftovers(target):
        _remove(stale)


def replace_dir(target: Path, files: dict[str, bytes]) -> None:
    """Make the folder `target` hold exactly `files` (name -> bytes), as one atomic swap."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    recover_dir(target)
    staging = _temp_name(target)
    os.mkdir(staging, 0o777)  # the umask applies, as for any new folder
    for name, data in sorted(files.items()):
        _write_new(staging / name, data, None, target / name)
    _fsync_dir(staging)
    if not target.exists():
        os.replace(staging, target)
    elif exchange(staging, target):
        _remove(staging)  # now holds the old folder
    else:
        old = _old_name(target)
        os.replace(target, old)
        os.replace(staging, target)
        _remove(old)
    _fsync_dir(target.parent)
