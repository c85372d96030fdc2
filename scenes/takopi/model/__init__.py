"""Takopi's pure model, one concept a module; `TakopiModel` is in `takopi.py`.

The body (`body`: the ring kept by two numbers), its legs (`legs`), the finger that presses it
(`press`) and the figure as a whole (`takopi`). Everything `takopi` defines is read here too
(`scenes.takopi.model.TakopiModel`, `PARAMS`, `INITIAL_RADIUS`), so the scene, the tests and
Pyodide import the package as before.
"""

from .takopi import *  # noqa: F401,F403 (the package's names are the figure's)
