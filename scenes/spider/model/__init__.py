"""The spider-web game's pure model, one concept a module; `SpiderModel` is in `spider_model.py`.

The game as a whole (`spider_model`), the web (`web`, `weave`, `upkeep`), the spider (`spider`),
the bugs (`enemies`, `director`), the sky (`sky`), the controls (`controls`). Everything
`spider_model` defines is read here too (`scenes.spider.model.SpiderModel`, `PARAMS`, `WORLD`),
so the scene, the tests and Pyodide import the package as before.
Pure Python: no pygame.
"""

from .spider_model import *  # noqa: F401,F403 (the package's names are the game's)
