"""The experiment's design: seeds, bot tiers, seat rotations and fixed chunks of deals.

A deal (one chance seed) is played once per rotation of the seats: with N seats, N games in
which each bot role sits in each seat once (for two seats, a seat-swapped pair).

Common random numbers: every random stream is derived from the master seed and *what it is
for* (chance of deal d, bot role r of deal d, the restriction draw of a seat, the Wonder
assignment), never from how many numbers another stream consumed. Both revisions play the same
deals with the same streams, so any difference between their games is caused by the data.
"""
from __future__ import annotations

import hashlib
import shlex
from dataclasses import dataclass, field

from wondersmith.engine.bots import BOTS

CHUNK_DEALS = 8  # deals per chunk: every chunk is a fixed list of deals, each played at every rotation
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
    """One bot per role; role r sits in seat r in a deal's first game, then every role moves one
    seat to the left in each rotation (seat (r + rotation) mod N)."""

    bots: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.bots[0] if len(set(self.bots)) == 1 else " vs ".join(self.bots)

    @classmethod
    def parse(cls, text: str, seats: int = 2) -> "Tier":
        names = [b.strip() for b in text.split(",") if b.strip()]
        if len(names) == 1:
            names *= seats
        if len(names) != seats:
            raise ValueError(f"--bots takes one bot, or {seats} separated by commas (one per seat), "
                             f"got {text!r}")
        for name in names:
            if name not in BOTS:
                raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
        return cls(tuple(names))

    def seat_roles(self, rotation: int) -> list[int]:
        """The role sitting in each seat in `rotation`."""
        n = len(self.bots)
        return [(seat - rotation) % n for seat in range(n)]


@dataclass(frozen=True)
class Design:
    game: str
    deals: int  # deals per tier; each is played at every seat rotation on each revision
    seed: int = 0
    tiers: tuple[Tier, ...] = (Tier(("greedy", "greedy")),)
    restrict: float = 0.0  # probability that a seat is barred from a component, per game
    wonders: str = "draft"  # "random": Wonders are assigned at random instead of drafted
    chunk_deals: int = CHUNK_DEALS
    players: int = 2  # seats at the table

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise ValueError(f"the number of deals must be at least 1, got {self.deals}")
        for tier in self.tiers:
            if len(tier.bots) != self.players:
                raise ValueError(f"a tier names one bot per seat: {self.players} seats, "
                                 f"got {', '.join(tier.bots)}")
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
        for start in range(0, self.deals, self.chunk_deals):
            deals = tuple(range(start, min(start + self.chunk_deals, self.deals)))
            for t in range(len(self.tiers)):
                out.append(Chunk(len(out), t, deals))
        return out

    def chance_seed(self, deal: int) -> int:
        return derive_seed(self.seed, "chance", deal)

    def bot_seed(self, tier: int, deal: int, role: int) -> int:
        return derive_seed(self.seed, "bot", tier, deal, role)

    @property
    def rotations(self) -> range:
        return range(self.players)

    def barred(self, tier: int, deal: int, rotation: int, seat: int, component: str) -> bool:
        return self.restrict > 0 and uniform(self.seed, "restrict", tier, deal, rotation, seat, component) < self.restrict

    def wonder_seed(self, tier: int, deal: int, rotation: int) -> int:
        return derive_seed(self.seed, "wonders", tier, deal, rotation)

    def command(self, verb: str, specs: list[str], extra: list[str] = (), deals: int | None = None) -> str:
        """The command line that plays this design (`deals` instead of its own, if given),
        without output paths, workers or backend, which do not change the results. The specs
        are quoted for a POSIX shell: they are the user's text."""
        parts = ["wondersmith balance", verb, *map(shlex.quote, specs), f"--game {self.game}",
                 f"--players {self.players}", f"--deals {self.deals if deals is None else deals}",
                 f"--seed {self.seed}"]
        parts += [f"--bots {','.join(t.bots)}" for t in self.tiers]
        if self.restrict:
            parts.append(f"--restrict {self.restrict}")
        if self.wonders != "draft":
            parts.append(f"--wonders {self.wonders}")
        return " ".join([*parts, *extra])

    def describe(self) -> dict:
        return {"game": self.game, "players": self.players, "deals": self.deals, "seed": self.seed,
                "tiers": [list(t.bots) for t in self.tiers], "restrict": self.restrict,
                "wonders": self.wonders, "chunk_deals": self.chunk_deals}


@dataclass(frozen=True)
class Chunk:
    index: int
    tier: int
    deals: tuple[int, ...] = field(default=())
