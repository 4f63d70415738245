#!/usr/bin/env python3
"""Colour quality beside colour libraries on the labelled real photos.

Scores the top-1 colour of fast_colorthief 0.0.5, colorthief 0.2.1 and Pylette 6.0.0 on every
image of labels.json by the rule `huewall-lab evaluate` uses (../shared/realphotos/README.md):

    black  V <= 0.25
    grey   S <= 0.2 and 0.2 <= V <= 0.85
    white  S <= 0.2 and V >= 0.8
    other  S >= 0.2, hue within 0.05 of body_hsv's (around the circle), |V - body V| <= 0.3

with the library's top colour turned from 8-bit RGB into HSV (h in turns, 0..1). Huewall's own
rows come from `huewall-lab evaluate --json` (product preset and --preset reference) over the same
labels. With CROP=f in the environment the libraries get the central f × f box of each image
instead of the file (Huewall still gets the whole image). Prints a markdown table; per-source counts and how each method treats transparency go
to stderr.

Usage: library-accuracy.py PHOTOS HUEWALL
  PHOTOS   the labelled set (labels.json and images/), read in place
  HUEWALL  the huewall binary, or "" to leave Huewall out
"""

import colorsys
import json
import os
import subprocess
import sys
import time
from collections import Counter

BACKGROUNDS = ["scene", "off-white", "transparent", "light-grey", "white"]

TRANSPARENCY = {
    "fast_colorthief 0.0.5 (q10)": "path in; PIL RGBA; pixels with alpha < 125 and near-white "
    "(r, g, b > 250) pixels skipped",
    "colorthief 0.2.1 (q10)": "path in; PIL RGBA; pixels with alpha < 125 and near-white "
    "(r, g, b > 250) pixels skipped",
    "Pylette 6.0.0 (KMeans, 5 colours, most frequent)": "path in; PIL RGBA resized to 256x256; "
    "only alpha = 0 pixels dropped (default alpha_mask_threshold), half-transparent shadow "
    "pixels kept; clusters on RGBA",
}


def accepts(rgb, family, body):
    h, s, v = colorsys.rgb_to_hsv(*(c / 255.0 for c in rgb[:3]))
    if family == "black":
        return v <= 0.25
    if family == "grey":
        return s <= 0.2 and 0.2 <= v <= 0.85
    if family == "white":
        return s <= 0.2 and v >= 0.8
    d = abs(h - body[0]) % 1.0
    return s >= 0.2 and min(d, 1.0 - d) <= 0.05 and abs(v - body[2]) <= 0.3


# CROP=f (0 < f < 1) hands the libraries the central f × f box of each image instead of the
# file: not how they are meant to be used, but it shows how much of their score the scene
# around the product costs them. Huewall always gets the whole image.
CROP = float(os.environ.get("CROP") or 1)


def cropped(path):
    from PIL import Image

    image = Image.open(path)
    w, h = image.size
    dx, dy = int(w * (1 - CROP) / 2), int(h * (1 - CROP) / 2)
    return image.crop((dx, dy, w - dx, h - dy))


def fast_colorthief_top(path):
    import fast_colorthief

    if CROP < 1:
        import numpy as np

        path = np.array(cropped(path).convert("RGBA")).astype(np.uint8)
    return fast_colorthief.get_dominant_color(path, quality=10)


def colorthief_top(path):
    from colorthief import ColorThief

    if CROP < 1:
        import io

        png = io.BytesIO()
        cropped(path).save(png, "PNG")
        png.seek(0)
        path = png
    return ColorThief(path).get_color(quality=10)


def pylette_top(path):
    from pylette import extract_colors

    image = cropped(path) if CROP < 1 else path
    palette = extract_colors(image=image)  # defaults: 5 colours, KMeans, resize 256, by frequency
    return max(palette.colors, key=lambda c: c.frequency).rgb


LIBRARIES = [
    ("fast_colorthief 0.0.5 (q10)", fast_colorthief_top),
    ("colorthief 0.2.1 (q10)", colorthief_top),
    ("Pylette 6.0.0 (KMeans, 5 colours, most frequent)", pylette_top),
]


def score_library(name, top, labels, images):
    """{"overall": (correct, total), "backgrounds": {...}, "sources": {...}}"""
    overall, backgrounds, sources = Counter(), Counter(), Counter()
    totals_bg, totals_src = Counter(), Counter()
    errors = 0
    start = time.time()
    for item in labels:
        path = os.path.join(images, item["file"])
        source = item["file"].split("_", 1)[0]
        try:
            ok = accepts(top(path), item["family"], item["body_hsv"])
        except Exception as error:  # a failure counts as a miss, and is reported
            print(f"{name}: {item['file']}: {error}", file=sys.stderr)
            ok, errors = False, errors + 1
        overall["correct"] += ok
        overall["total"] += 1
        backgrounds[item["background"]] += ok
        totals_bg[item["background"]] += 1
        sources[source] += ok
        totals_src[source] += 1
    print(f"{name}: {time.time() - start:.1f} s, {errors} errors", file=sys.stderr)
    return {
        "overall": (overall["correct"], overall["total"]),
        "backgrounds": {b: (backgrounds[b], totals_bg[b]) for b in totals_bg},
        "sources": {s: (sources[s], totals_src[s]) for s in totals_src},
    }


def score_huewall(huewall, preset, labels_path, images):
    command = [huewall, "evaluate", "--labels", labels_path, "--images", images, "--json"]
    if preset != "product":
        command += ["--preset", preset]
    report = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)

    def pair(entry):
        return (entry["correct"], entry["total"])

    return {
        "overall": pair(report["overall"]),
        "backgrounds": {b: pair(e) for b, e in report["backgrounds"].items()},
        "sources": {s: pair(e) for s, e in report.get("sources", {}).items()},
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    photos, huewall = sys.argv[1], sys.argv[2]
    if not 0 < CROP <= 1:
        sys.exit(f"library-accuracy: CROP must be in (0, 1], not {CROP}")
    if CROP < 1:
        print(f"libraries given the central {CROP:g} × {CROP:g} box of each image", file=sys.stderr)
    labels_path = os.path.join(photos, "labels.json")
    images = os.path.join(photos, "images")
    with open(labels_path, encoding="utf-8") as f:
        labels = json.load(f)

    rows = []
    if huewall:
        for preset in ("product", "reference"):
            label = "Huewall `evaluate`" + (" (product preset)" if preset == "product"
                                            else " `--preset reference`")
            rows.append((label, score_huewall(huewall, preset, labels_path, images)))
    for name, top in LIBRARIES:
        rows.append((name, score_library(name, top, labels, images)))

    count_bg = Counter(item["background"] for item in labels)
    order = [b for b in BACKGROUNDS if b in count_bg] + sorted(set(count_bg) - set(BACKGROUNDS))
    header = ["method", f"all {len(labels)}"] + [f"{b} ({count_bg[b]})" for b in order]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    for name, result in rows:
        correct, total = result["overall"]
        cells = [name, f"{correct}/{total} ({100 * correct / total:.1f} %)"]
        for b in order:
            c, t = result["backgrounds"].get(b, (0, count_bg[b]))
            cells.append(f"{c}/{t}")
        print("| " + " | ".join(cells) + " |")

    print("\nPer source:", file=sys.stderr)
    for name, result in rows:
        parts = ", ".join(f"{s} {c}/{t}" for s, (c, t) in sorted(result["sources"].items()))
        print(f"  {name}: {parts}", file=sys.stderr)
    print("\nTransparency (PNGs with alpha are passed as files, as each library takes them):",
          file=sys.stderr)
    if huewall:
        print("  Huewall: decodes with libgd and skips pixels whose alpha is above 120 of 127 "
              "(nearly fully transparent; `--alpha-threshold`)",
              file=sys.stderr)
    for name, how in TRANSPARENCY.items():
        print(f"  {name}: {how}", file=sys.stderr)


if __name__ == "__main__":
    main()
