"""Make the overlay's Hangul label font: a subset of NanumGothic with the characters the labels use.

pygame's own font has no Hangul, and the browser build has no system fonts, so the strip charts
and the phase readout carry their own: `scenes/kit/fonts/labels-hangul.ttf`, the printable ASCII
plus every Hangul syllable and symbol the shipped scene code writes (`used_characters`), cut
from NanumGothic (SIL Open Font License 1.1, `scenes/kit/fonts/OFL.txt`). The OFL reserves the
name "NanumGothic" for the original, so the subset is renamed "Playground Labels".

    python -m web.hangul_font [path/to/NanumGothic.ttf]     # writes the subset again

A test (`tests/kit/test_label_font.py`) checks the font holds every character the labels use.
Needs fontTools (`pip install fonttools`), only to make the file.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
TARGET = ROOT / "scenes" / "kit" / "fonts" / "labels-hangul.ttf"
FAMILY = "Playground Labels"
EXTRA = "·→…×²"
"""Symbols the labels use besides ASCII and Hangul."""
HANGUL = re.compile(r"[\u3131-\u318e\uac00-\ud7a3]")


def used_characters(root=ROOT):
    """Every Hangul character in the shipped scene code, the ASCII printables and EXTRA."""
    found = set()
    for path in sorted((root / "scenes").rglob("*.py")):
        found |= set(HANGUL.findall(path.read_text(encoding="utf-8")))
    return "".join(sorted(found | set(map(chr, range(32, 127))) | set(EXTRA)))


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
