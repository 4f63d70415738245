"""Adds COUNT synthetic products to the catalogue of a run over samples/ (export-benchmarks).

usage: python3 make-export-store.py FOLDER COUNT [thumbs]

Each product gets its own image URL and content hash and its own analysis of 1–3 colours on
the kernel's default bins (each with its samples' own mean, which the shop's vendor colours
teach families by), so the export sorts, writes and renders COUNT distinct products.
The cache entry of each hash is a hard link to one of the samples' images (the bytes do not
match the name; the export does not check). With "thumbs", the thumbnail cache also gets a
thumbnail per hash, linked from the samples' thumbnails, as the analysis would have left.
"""

import colorsys
import json
import os
import random
import sqlite3
import sys

folder, count = sys.argv[1], int(sys.argv[2])
with_thumbs = len(sys.argv) > 3 and sys.argv[3] == "thumbs"
random.seed(4)
db = sqlite3.connect(os.path.join(folder, ".huewall", "catalogue.sqlite"))
set_id, = db.execute("SELECT id FROM parameter_sets").fetchone()
samples = [row[0] for row in db.execute("SELECT sha256 FROM images WHERE sha256 IS NOT NULL")]
cache = os.path.join(folder, ".huewall", "images")
thumbs = os.path.join(cache, "thumbnails", "240px-jpeg-q80")
now = "2026-01-01 00:00:00.000"
words = ["Sneaker", "Backpack", "T-Shirt", "Cap", "Mug", "Bottle", "Hoodie", "Socks", "Boot",
         "Tote Bag", "Jacket", "Clutch Bag", "Scarf", "Beanie", "Dress", "Sandal"]
brands = [f"Brand {i:02d}" for i in range(40)]
codes = ["BLK", "WHT", "NVY", "RED", "GRY", "heather grey", "space-black", "BLU", "GRN", "Sand",
         "Multi", "Tangerine", "Blush", "PRP", "GLD", "Silver", "BRN", "Olive", "Teal", "Crimson"]


def family(h, s, v):
    deg = h * 360
    if (s < 0.5 and v < 0.3) or v < 0.15:
        return "black"
    if s < 0.15:
        return "white" if v >= 0.9 else "silver" if v >= 0.7 else "grey"
    for limit, name in ((12, "red"), (38, "orange"), (68, "yellow"), (165, "green"),
                        (255, "blue"), (290, "purple"), (345, "pink"), (361, "red")):
        if deg < limit:
            return name


products, images, analyses = [], [], []
for i in range(count):
    pid = f"SYN-{i:06d}"
    sha = f"{random.getrandbits(256):064x}"
    url = f"https://images.shop.example/{pid}.jpg"
    products.append((pid, f"{random.choice(words)} {i}", random.choice(brands),
                     random.choice(codes), f"https://shop.example/p/{pid}", url, "[]",
                     "59.00 EUR", "in_stock", None, now, now, None, now))
    n = random.randint(1, 3)
    shares = sorted((random.random() for _ in range(n)), reverse=True)
    total = sum(shares) * random.uniform(1, 1.4)
    colors = []
    for share in shares:
        h, s, v = random.randrange(100) / 100, random.randrange(6) / 5, random.randrange(6) / 5
        r, g, b = colorsys.hsv_to_rgb(h, s, v)
        # The samples' mean, as an analysis stores it: near the bin's centre, every product's own.
        mean = [min(255, max(0, int(c * 255) + random.randint(-12, 12))) for c in (r, g, b)]
        colors.append({"h": h, "s": s, "v": v, "hex": f"#{int(r*255):02x}{int(g*255):02x}{int(b*255):02x}",
                       "share": round(share / total, 4), "weight": share * 1000,
                       "family": family(h, s, v), "mean": "#%02x%02x%02x" % tuple(mean)})
    images.append((url, None, None, sha, 1000, "jpeg", 600, 420, "downloaded", None, now))
    analyses.append((set_id, sha, 600, 420, json.dumps(colors), colors[0]["family"], 1000, 0, 0, now))
    source = random.choice(samples)
    entry = os.path.join(cache, sha[:2], sha)
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    os.link(os.path.join(cache, source[:2], source), entry)
    if with_thumbs:
        thumb = os.path.join(thumbs, sha[:2], f"{sha}.jpg")
        os.makedirs(os.path.dirname(thumb), exist_ok=True)
        os.link(os.path.join(thumbs, source[:2], f"{source}.jpg"), thumb)

db.executemany("INSERT INTO products (id, title, brand, vendor_color, link, image_url, additional_image_urls, price, availability, item_group_id, first_seen_at, last_seen_at, removed_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", products)
db.executemany("INSERT INTO images (url, etag, last_modified, sha256, byte_count, format, width, height, last_status, last_error, fetched_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)", images)
db.executemany("INSERT INTO analyses (parameter_set_id, image_sha256, width, height, colors, family, samples, skipped, background, analysed_at) VALUES (?,?,?,?,?,?,?,?,?,?)", analyses)
db.commit()
