#!/usr/bin/env python3
"""Shop-size copies of the real photographs, for Benchmarks/serve-benchmark.

usage: make-shop-photos.py SOURCE-FOLDER OUT-FOLDER COUNT [LABELS.json]

Writes COUNT distinct 1274 x 1580 JPEGs (quality 85, the size shops upload) to OUT-FOLDER as
pNNNNN.jpg, and titles.json (the labelled product title of each copy's source, by file name).
Copy i is source i mod n, scaled to cover the frame (a transparent mock-up flattened onto white,
as a shop's upload is), cut at an offset that changes with each round over the sources, with one
pixel changed: no two files share content. Files already there are kept, so a larger COUNT only
adds. Needs Pillow.
"""
import json
import os
import sys
from multiprocessing import Pool

from PIL import Image

WIDTH, HEIGHT = 1274, 1580
MARGIN = 24  # the frame is cut from a copy this much larger, at an offset per round


def base(path):
    image = Image.open(path)
    if image.mode in ("RGBA", "LA", "P"):
        image = image.convert("RGBA")
        flat = Image.new("RGB", image.size, (255, 255, 255))
        flat.paste(image, mask=image.split()[-1])
        image = flat
    else:
        image = image.convert("RGB")
    scale = max((WIDTH + MARGIN) / image.width, (HEIGHT + MARGIN) / image.height)
    size = (round(image.width * scale), round(image.height * scale))
    return image.resize(size, Image.LANCZOS)


def make(job):
    sources, out, indices = job
    cache = {}
    for i in indices:
        name = os.path.join(out, f"p{i:05d}.jpg")
        if os.path.exists(name):
            continue
        source = sources[i % len(sources)]
        if source not in cache:
            cache.clear()
            cache[source] = base(source)
        image = cache[source]
        round_ = i // len(sources)
        dx = (round_ * 7) % (image.width - WIDTH + 1)
        dy = (round_ * 5) % (image.height - HEIGHT + 1)
        frame = image.crop((dx, dy, dx + WIDTH, dy + HEIGHT))
        frame.putpixel((round_ % WIDTH, 0), (i % 256, (i // 256) % 256, 255 - i % 256))
        frame.save(name + ".tmp", "JPEG", quality=85)
        os.replace(name + ".tmp", name)


def main():
    source_folder, out, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    labels = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(out, exist_ok=True)
    names = sorted(f for f in os.listdir(source_folder) if f.lower().endswith((".jpg", ".png")))
    sources = [os.path.join(source_folder, f) for f in names]
    # Grouped by source, so that each worker scales a source once per round.
    order = sorted(range(count), key=lambda i: (i % len(sources), i))
    workers = max(1, min(2, os.cpu_count() or 1))
    jobs = [(sources, out, order[k::workers]) for k in range(workers)]
    with Pool(workers) as pool:
        pool.map(make, jobs)
    titles = {}
    if labels:
        by_file = {entry["file"]: entry.get("title", "") for entry in json.load(open(labels))}
        titles = {f"p{i:05d}.jpg": by_file.get(names[i % len(names)], "") for i in range(count)}
    json.dump(titles, open(os.path.join(out, "titles.json"), "w"))


if __name__ == "__main__":
    main()
