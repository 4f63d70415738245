"""Measures what a decision that names only a family shows: the product's own colour or not.

usage: python3 scripts/decided-colour-check.py HUEWALL LABELS IMAGES-FOLDER WORK-FOLDER

LABELS is a labelled set's labels.json (`file`, `family`) or labels.tsv (`file`, `family`
columns); IMAGES-FOLDER holds its images. The script writes a feed of one product per
labelled image (multicolour labels left out) into WORK-FOLDER, runs `huewall run` on it, then
for every product runs `huewall set-color ID --family LABEL` (no hex) and `huewall export`,
and compares each product's decided colour (its first colour in colors.json) with the colours
the analysis found in its photo (colors.json of the run, before any decision).

It prints, over every product and over those whose analysis filed one of its colours in the
labelled family, the share whose decided colour is within ΔE 8 (CIE76, CIELAB under D65) of
a colour the analysis found, and how many decisions had to show a stand-in (a colour the
photo does not hold). A person's label says the product is of that family: where the
analysis found a colour of it, or near it, the decision is to show that colour.

Example, the developers' photos:
  python3 scripts/decided-colour-check.py .build/debug/huewall \
    ../shared/realphotos/labels.json ../shared/realphotos/images /tmp/decided
"""

import csv
import json
import os
import subprocess
import sys

LIMIT = 8.0


def lab(hex_):
    def linear(c):
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(hex_[i:i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(p, q):
    a, b = lab(p), lab(q)
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def read_labels(path):
    if path.endswith(".json"):
        rows = json.load(open(path, encoding="utf-8"))
    else:
        rows = list(csv.DictReader(open(path, encoding="utf-8"), delimiter="\t"))
    return [(r["file"], r["family"]) for r in rows if r["family"] != "multicolour"]


def run(huewall, *args, cwd):
    result = subprocess.run([huewall, *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"decided-colour-check: huewall {' '.join(args)} failed: {result.stderr[-1500:]}")
    return result.stdout


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    huewall, labels, images, work = (os.path.abspath(a) for a in sys.argv[1:5])
    os.makedirs(work, exist_ok=True)
    labelled = read_labels(labels)
    products = [{"id": f"P{i + 1:04d}", "title": os.path.splitext(name)[0],
                 "images": ["file://" + os.path.join(images, name)]}
                for i, (name, _) in enumerate(labelled)]
    family_of = {p["id"]: family for p, (_, family) in zip(products, labelled)}
    with open(os.path.join(work, "feed.json"), "w", encoding="utf-8") as f:
        json.dump({"products": products}, f)
    with open(os.path.join(work, "pipeline.json"), "w", encoding="utf-8") as f:
        json.dump({"feed": {"source": "feed.json"}}, f)
    run(huewall, "run", "--config", "pipeline.json", cwd=work)
    with open(os.path.join(work, "out", "colors.json"), encoding="utf-8") as f:
        analysed = {p["id"]: p["colors"] for p in json.load(f)["products"]}
    for pid, family in family_of.items():
        if pid in analysed:
            run(huewall, "set-color", "--config", "pipeline.json", pid, "--family", family, cwd=work)
    run(huewall, "export", "--config", "pipeline.json", "--out", "decided", cwd=work)
    with open(os.path.join(work, "decided", "colors.json"), encoding="utf-8") as f:
        decided = {p["id"]: p for p in json.load(f)["products"]}

    rows = []
    for pid, family in family_of.items():
        colours = analysed.get(pid) or []
        product = decided.get(pid)
        if not colours or not product or not product["colors"]:
            continue
        first = product["colors"][0]["hex"]
        nearest = min(delta_e(first, c["hex"]) for c in colours)
        holds = any(c["family"] == family for c in colours)
        rows.append({"id": pid, "family": family, "decided": first, "nearest": nearest,
                     "holds": holds, "familyShown": product.get("family") == family})
    def share(subset):
        good = sum(1 for r in subset if r["nearest"] <= LIMIT)
        return good, len(subset), 100.0 * good / max(1, len(subset))
    holding = [r for r in rows if r["holds"]]
    print(f"{len(rows)} products decided with --family and no hex ({labels})")
    g, n, p = share(rows)
    print(f"  every product:                             {g}/{n} = {p:.1f} % within ΔE {LIMIT:g} of a colour of its photo")
    g, n, p = share(holding)
    print(f"  its analysis filed a colour in the family: {g}/{n} = {p:.1f} %")
    stand_ins = [r for r in rows if r["nearest"] > LIMIT]
    print(f"  stand-ins (no colour of the photo near the family): {len(stand_ins)}")
    for r in stand_ins[:12]:
        print(f"    {r['id']} {r['family']}: {r['decided']} ΔE {r['nearest']:.1f} from its photo's nearest")
    print(f"  decided family shown on the wall: {sum(r['familyShown'] for r in rows)}/{len(rows)}")


if __name__ == "__main__":
    main()
