"""The Verlet spider-web game (SPEC S1-S13): ride an orb web, shoot silk, trap the bugs.

Pure modules of `model/` (they also run in Pyodide): `web` (graph + physics), `weave` (the
starting orb web), `upkeep` (keeping the web bounded), `spider` (riding, routes, aiming),
`controls` (keys, tap to shoot, hold to crawl), `enemies` (bugs: lure, catch, struggle, death,
cutters), `director` (difficulty and spawning), `sky` (stars and meteors), `spider_model` (the
game's rules and the model protocol), `aim` (what a click would do: the hover preview) and
`session` (the best score, the how-to hint and the restart that asks once). Only the `view*.py`
modules and `scene.py` use pygame; `app.storage` keeps the best score between runs.
"""
