"""Files the toolkit reads at run time, found with importlib.resources in the installed package.

Nothing is read relative to a checkout: an installed wheel works with no repository around it.
Wheels install unpacked, so a data folder is a real directory; the renderer needs real paths
(Jinja's loader, WeasyPrint's fonts, links from the sheets to the fonts).
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path


def folder(package: str, *parts: str) -> Path:
    """A data folder of an installed `wondersmith` package, as a path on disk."""
    found = resources.files(package).joinpath(*parts)
    if not isinstance(found, Path):  # a zip import: not how pip installs wondersmith
        raise RuntimeError(f"{package} must be installed as files on disk, not imported "
                           f"from {found}")
    return found


def read_text(package: str, *parts: str) -> str:
    """The text of a data file of an installed `wondersmith` package."""
    return resources.files(package).joinpath(*parts).read_text(encoding="utf-8")
