"""Make the canvas's font: a subset of NanumGothic with the characters the app writes.

pygame's own font has no Hangul and draws a size-N line smaller than a browser draws CSS
font-size N, and the browser build has no system fonts, so every word on the canvas is drawn in
a face of our own (`scenes.kit.lettering`): `scenes/kit/fonts/playground-labels.ttf`, the
printable ASCII plus every other character a string of the shipped code writes
(`used_characters`), cut from NanumGothic (SIL Open Font License 1.1,
`scenes/kit/fonts/OFL.txt`). The OFL reserves the name "NanumGothic" for the original, so the
subset is renamed "Playground Labels".

    python -m web.font_subset [path/to/NanumGothic.ttf]     # writes the subset again

A test (`tests/kit/test_lettering.py`) checks the font holds every character the strings use.
Needs fontTools (`pip install fonttools`), only to make the file.
"""

import ast
import re
import sys
from pathlib import Path

import house

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
TARGET = ROOT / "scenes" / "kit" / "fonts" / "playground-labels.ttf"
FAMILY = "Playground Labels"
EXTRA = "·→←↑↓…×²°±"
"""Symbols kept though no string writes them today (arrows and signs a readout may want)."""
HANGUL = re.compile(r"[\u3131-\u318e\uac00-\ud7a3]")
DRAWN_NOT_WRITTEN = "↺"
"""Characters that strings name but the app paints as shapes (the spider's restart arrow)."""


def shipped_code(root=ROOT):
    """The .py files that ship, by the house rule (`house.SHIPPED`)."""
    paths = []
    for top in house.SHIPPED:
        if (root / top).is_dir():
            paths += [root / path for path in house.python_files(top, root)]
        elif top.endswith(".py"):
            paths.append(root / top)
    return paths


def written_characters(root=ROOT):
    """Every character past ASCII in a string of the shipped code (docstrings left out)."""
    found = set()
    for path in shipped_code(root):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docstrings):
                found |= {c for c in node.value if ord(c) > 126}
    return found - set(DRAWN_NOT_WRITTEN)


def used_characters(root=ROOT):
    """What the font must hold: the ASCII printables, every character the shipped code writes
    and EXTRA."""
    return "".join(sorted(written_characters(root) | set(map(chr, range(32, 127))) | set(EXTRA)))


def make(source=SOURCE, target=TARGET):
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source))
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.layout_features = []
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=used_characters())
    subsetter.subset(font)
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 4, 16):
            record.string = FAMILY
        elif record.nameID == 3:
            record.string = f"{FAMILY}: a subset of NanumGothic"
        elif record.nameID == 6:
            record.string = FAMILY.replace(" ", "")
    target.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(target))
    return target


if __name__ == "__main__":
    written = make(Path(sys.argv[1]) if len(sys.argv) > 1 else SOURCE)
    print(f"wrote {written.relative_to(ROOT)} ({written.stat().st_size} bytes)")
