"""The itch.io upload: build/itch.zip from the browser build (./build.sh itch; P2).

    python -m web.itch [--out build/itch.zip]

Run after `python -m web.bundle` (`./build.sh itch` does both). The zip holds, at its top
level, everything our page boots from: index.html, favicon.png, the bundle both as .tar.gz and
as .apk (a zip of the same files), and posters/. itch.io serves an uploaded HTML zip from its
own CDN, which may hand the .tar.gz over already decompressed: the page opens the archive in
any compression and falls back to the .apk (web/verlet.tmpl); and each scene's own page,
SCENE.html, which the frame's "copy link" gives. pygbag's own `--archive` zip holds
only the .apk, which our page would not find. Upload it as a "HTML" project and tick "This
file will be played in the browser"; a 16:9 viewport of 960 x 540 suits every scene.
"""

import argparse
import sys
import zipfile
from pathlib import Path

from web import bundle

DEFAULT_OUT = bundle.ROOT / "build" / "itch.zip"


def itch_files(web=bundle.OUT):
    """{name in the zip: path} for everything the page needs; BundleError if something lacks."""
    bundle.check_bundle(web)
    archive = bundle.archive_path(web)
    apk = archive.with_suffix("").with_suffix(".apk")
    if not apk.is_file():
        raise bundle.BundleError(f"no {apk.name} next to {archive.name}: the itch fallback needs it")
    files = {"index.html": web / "index.html", "favicon.png": web / "favicon.png",
             bundle.EMBED_JS.name: web / bundle.EMBED_JS.name, archive.name: archive, apk.name: apk}
    for poster in sorted((web / bundle.POSTERS).glob("*")):
        files[f"{bundle.POSTERS}/{poster.name}"] = poster
    for scene_page in sorted(web.glob("*.html")):  # SCENE.html: what the frame's copy link gives
        files.setdefault(scene_page.name, scene_page)
    return files


def build_itch(web=bundle.OUT, out=DEFAULT_OUT):
    """Write the zip; returns the names it holds."""
    files = itch_files(web)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, path in files.items():
            archive.write(path, name)
    return list(files)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m web.itch", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the zip")
    args = parser.parse_args(argv)
    try:
        names = build_itch(out=args.out)
    except (bundle.BundleError, OSError) as error:
        print(f"itch: error: {error}", file=sys.stderr)
        return 1
    print(f"{args.out}: {bundle.human(args.out.stat().st_size)}, {len(names)} files "
          f"({', '.join(names)}); upload it to itch.io as an HTML project (960 x 540)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
