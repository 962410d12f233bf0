"""Fixtures for the balance lab: data folders with a planted change and with a no-op change."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

pytest.importorskip("statsmodels")  # the lab extra (in the test extra)

ROOT = Path(__file__).resolve().parents[2]


def _copy(tmp: Path, name: str) -> Path:
    out = tmp / name
    shutil.copytree(ROOT / "cards", out)
    return out


def _edit(folder: Path, file: str, change, game: str = "duel") -> None:
    path = folder / game / file
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")


@pytest.fixture(scope="session")
def planted(tmp_path_factory) -> Path:
    """Theater is worth 10 VP more (3 → 13)."""
    folder = _copy(tmp_path_factory.mktemp("planted"), "cards")

    def change(data):
        card = next(b for b in data["buildings"] if b["id"] == "theater")
        assert card["effects"] == [{"points": 3}]
        card["effects"] = [{"points": 13}]
    _edit(folder, "age1.yaml", change)
    return folder


@pytest.fixture(scope="session")
def reordered(tmp_path_factory) -> Path:
    """The same rules with Age I's cards in another order: deals differ, the game does not."""
    folder = _copy(tmp_path_factory.mktemp("reordered"), "cards")

    def change(data):
        data["buildings"].append(data["buildings"].pop(0))
    _edit(folder, "age1.yaml", change)
    return folder


@pytest.fixture(scope="session")
def academy_planted(tmp_path_factory) -> Path:
    """Academy is worth 10 VP more (3 → 13): the issue's example of a ranking gone wrong."""
    folder = _copy(tmp_path_factory.mktemp("academy"), "cards")

    def change(data):
        card = next(b for b in data["buildings"] if b["id"] == "academy")
        assert {"points": 3} in card["effects"]
        card["effects"] = [{"points": 13} if e == {"points": 3} else e for e in card["effects"]]
    _edit(folder, "age3.yaml", change)
    return folder


@pytest.fixture(scope="session")
def academy_revision(academy_planted):
    from wondersmith.lab.revisions import load_revision
    return load_revision(str(academy_planted), "duel")


@pytest.fixture(scope="session")
def revisions(planted, reordered):
    from wondersmith.lab.revisions import load_revision
    return {"base": load_revision(str(ROOT / "cards"), "duel"),
            "planted": load_revision(str(planted), "duel"),
            "reordered": load_revision(str(reordered), "duel")}


@pytest.fixture(scope="session")
def classic_planted(tmp_path_factory) -> Path:
    """Classic's Baths is worth 10 VP more (3 → 13)."""
    folder = _copy(tmp_path_factory.mktemp("classic_planted"), "cards")

    def change(data):
        card = next(b for b in data["buildings"] if b["id"] == "baths")
        assert card["effects"] == [{"points": 3}]
        card["effects"] = [{"points": 13}]
    _edit(folder, "age1.yaml", change, "classic")
    return folder


@pytest.fixture(scope="session")
def classic_revisions(classic_planted):
    from wondersmith.lab.revisions import load_revision
    return {"base": load_revision(str(ROOT / "cards"), "classic"),
            "planted": load_revision(str(classic_planted), "classic")}
