"""The browser side of Verlet Playground: the pygbag build, the example blog page, the favicon.

Tools run from the repository root, never shipped in the app bundle (`pygbag.ini` leaves web/
out): `python -m web.bundle` (build/web/), `python -m web.site` (build/site/),
`python -m web.favicon` (web/favicon.png). `./build.sh web|site|serve` call them.
"""
