"""The balance lab: what a data change does to the game, measured by paired bot-vs-bot games.

Modules by role: `revisions` (a git revision or folder, compiled in memory), `design` (seeds,
seat-swapped pairs, chunks), `players` (bots, restrictions, random Wonder assignment), `play`
(one chunk of games), `backends` (process pool, Ray), `stats`, `metrics` (game level),
`components` (per card, Wonder and token), `sprt`, `runner` (the whole run), `guards`, `report`.
Heavy dependencies (numpy, scipy, statsmodels, matplotlib) come with `wondersmith[lab]`.
"""
