"""The demos. Each sub-package is a pure-Python model plus a pygame view and scene.

This package's own modules split the same way: `params`, `replay`, `simulation`, `options` and
`clock` are pure Python (they also run in Pyodide); `base`, `widgets`, `draw` and `catalog`
need pygame. Nothing here imports pygame at package level, so `scenes.<demo>.model` can be
imported where pygame does not exist.
"""
