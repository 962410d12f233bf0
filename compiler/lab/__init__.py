"""The balance lab: what a data change does to the game, measured by paired bot-vs-bot games.

Modules by role: `revisions` (a git revision or folder, compiled in memory), `design` (seeds,
seat rotations, chunks), `play` (one chunk of games: bots, restrictions, random Wonder
assignment), `backends` (process pool, Ray), `stats`, `metrics` (game level),
`components` (per card, Wonder and token), `sprt`, `runner` (the whole run), `guards`, `report`.
Heavy dependencies (numpy, scipy, statsmodels, matplotlib) come with `wondersmith[lab]`.
"""
import os as _os

# The lab's matrices are small (a few thousand rows, about a hundred columns): a threaded BLAS
# only adds contention, and on a busy machine it made one regression twenty times slower.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_name, "1")
