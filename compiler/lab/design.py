"""The experiment's design: seeds, bot tiers, seat-swapped pairs and fixed chunks of deals.

Common random numbers: every random stream is derived from the master seed and *what it is
for* (chance of deal d, bot role r of deal d, the restriction draw of a seat, the Wonder
assignment), never from how many numbers another stream consumed. Both revisions play the same
deals with the same streams, so any difference between their games is caused by the data.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from wondersmith.engine.bots import BOTS

CHUNK_PAIRS = 8  # deals per chunk: every chunk is a fixed list of seat-swapped pairs
WONDER_MODES = ("draft", "random")


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the master seed and a purpose; the same on every machine."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def uniform(*parts: object) -> float:
    """A number in [0, 1) fixed by its purpose (for independent per-component draws)."""
    return derive_seed(*parts) / 2.0 ** 63


@dataclass(frozen=True)
class Tier:
    """Two bots; the first sits in seat 0 in the first game of every pair, then they swap."""

    bots: tuple[str, str]

    @property
    def name(self) -> str:
        return self.bots[0] if self.bots[0] == self.bots[1] else " vs ".join(self.bots)

    @classmethod
    def parse(cls, text: str) -> "Tier":
        names = [b.strip() for b in text.split(",") if b.strip()]
        if len(names) == 1:
            names *= 2
        if len(names) != 2:
            raise ValueError(f"--bots takes one bot or two separated by a comma, got {text!r}")
        for name in names:
            if name not in BOTS:
                raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
        return cls((names[0], names[1]))


@dataclass(frozen=True)
class Design:
    game: str
    pairs: int  # deals per tier; each deal is played twice (seats swapped) on each revision
    seed: int = 0
    tiers: tuple[Tier, ...] = (Tier(("greedy", "greedy")),)
    restrict: float = 0.0  # probability that a seat is barred from a component, per game
    wonders: str = "draft"  # "random": Wonders are assigned at random instead of drafted
    chunk_pairs: int = CHUNK_PAIRS

    def __post_init__(self) -> None:
        if self.pairs < 1:
            raise ValueError(f"the number of pairs must be at least 1, got {self.pairs}")
        if not 0.0 <= self.restrict <= 0.5:
            raise ValueError(f"--restrict must be between 0 and 0.5, got {self.restrict}")
        if self.wonders not in WONDER_MODES:
            raise ValueError(f"--wonders must be one of {', '.join(WONDER_MODES)}, got {self.wonders!r}")
        if self.seed < 0:
            raise ValueError(f"--seed must be 0 or more, got {self.seed}")

    def chunks(self) -> list["Chunk"]:
        """Every chunk, in the fixed order the results are aggregated in (deals first, then tiers,
        so that a stopped sequential test has seen every tier equally)."""
        out = []
        for start in range(0, self.pairs, self.chunk_pairs):
            deals = tuple(range(start, min(start + self.chunk_pairs, self.pairs)))
            for t in range(len(self.tiers)):
                out.append(Chunk(len(out), t, deals))
        return out

    def chance_seed(self, deal: int) -> int:
        return derive_seed(self.seed, "chance", deal)

    def bot_seed(self, tier: int, deal: int, role: int) -> int:
        return derive_seed(self.seed, "bot", tier, deal, role)

    def barred(self, tier: int, deal: int, swap: int, seat: int, component: str) -> bool:
        return self.restrict > 0 and uniform(self.seed, "restrict", tier, deal, swap, seat, component) < self.restrict

    def wonder_seed(self, tier: int, deal: int, swap: int) -> int:
        return derive_seed(self.seed, "wonders", tier, deal, swap)

    def describe(self) -> dict:
        return {"game": self.game, "pairs": self.pairs, "seed": self.seed,
                "tiers": [list(t.bots) for t in self.tiers], "restrict": self.restrict,
                "wonders": self.wonders, "chunk_pairs": self.chunk_pairs}


@dataclass(frozen=True)
class Chunk:
    index: int
    tier: int
    deals: tuple[int, ...] = field(default=())
