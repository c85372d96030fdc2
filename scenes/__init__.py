"""The demos: one package each, the same shape (a pure model, a pygame view, a scene), named in
`catalog`, with what only demos share in `kit` (its `kit/model/` pure, the rest pygame).

A model never imports pygame and nothing here imports pygame at package level, so
`scenes.<demo>.model` and `scenes.kit.model` import where pygame does not exist (Pyodide).
"""
