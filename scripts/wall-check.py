"""Checks the exported wall on a phone and a desktop with Playwright (see scripts/wall-check).

usage: python3 scripts/wall-check.py feed ROOT FEED-FILE COUNT
       python3 scripts/wall-check.py check EXPORT-FOLDER SINGLE-FILE-EXPORT SCREENSHOT-FOLDER

`feed` writes a Huewall JSON feed of COUNT products made from the project's own images
(samples/ and evaluation/images/), with ids, titles, brands and vendor colour codes of their
own; a few codes disagree with the picture, a few name no family.

`check` opens EXPORT-FOLDER/index.html in Debian's Chromium at 390×844 (a phone: touch, no
hover) and at 1440×900, and checks:
- one tile per product of colors.json, in its order; at least 300;
- on the phone, the header takes at most 20 % of the screen once the page is scrolled, and
  "Filters" unfolds it again;
- a tap on a tile opens its details (title, the analysed family beside the vendor's), a second
  tap closes them; Enter on a focused tile opens them for a keyboard;
- the hue strip covers none of the header's controls;
- a search, a family, a brand and "only disagreements" go into the address, and that address
  opened in a fresh page shows the same tiles with the same controls set;
- "needs review" shows the tiles the export flags (those `huewall review` lists), as many as
  the header counts, and goes into the address;
- axe-core finds no serious or critical accessibility violation (wall, list, details open);
- a thumbnail that is missing shows the tile's colour, and the page logs no error for it;
- the self-contained page (`huewall export --single-file`), alone in a folder, shows its
  thumbnails;
- with prefers-reduced-motion, the list switch leaves no transform behind at once.
- for every kind of filter (family, brand, search, disagreements, review), on the phone and the
  desktop, the wall and the list draw exactly the tiles the filter selects, in wall order, as
  many as the header says;
- on a laptop (1366×768) the header folds to at most 15 % of the screen once scrolled, and the
  hue strip starts below it.
Exits 1 with every failure listed.
"""

import json
import os
import re
import shutil
import sys
import tempfile

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1440, "height": 900}


def write_feed(root, path, count):
    images = []
    for folder in ("samples", "evaluation/images"):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if re.search(r"\.(jpe?g|png|gif|webp|bmp|avif)$", name):
                images.append(os.path.join(root, folder, name))
    brands = ["Stridewell", "Northpeak", "Loomhouse", "Fieldnote", "Urbanmile", "Cabin & Co",
              "Brightfold", "Oakmere"]
    words = ["Classic", "Everyday", "Trail", "Studio", "Weekend", "City", "Harbour", "Summit"]
    codes = {"black": "BLK", "white": "WHT", "grey": "heather grey", "navy": "NVY",
             "brown": "Chocolate", "beige": "off-white"}
    products = []
    for i in range(count):
        image = images[i % len(images)]
        stem = re.sub(r"^\d+-", "", os.path.splitext(os.path.basename(image))[0])
        colour, _, kind = stem.partition("-")
        kind = kind.replace("-", " ").capitalize() or "Product"
        code = codes.get(colour, colour.upper())
        if i % 37 == 5:
            code = "Tangerine"  # mapped to red by the check's configuration: disagrees
        elif i % 41 == 7:
            code = "Seafoam mist"  # names no family
        title = f"{words[i % len(words)]} {kind}"
        if i == 11:
            title = "Café " + kind
        products.append({
            "id": f"WC-{i + 1:04d}", "title": title, "brand": brands[(i * 7) % len(brands)],
            "color": code, "link": f"https://shop.example/p/{i + 1}",
            "images": ["file://" + image],
        })
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"products": products}, f, ensure_ascii=False, indent=1)


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("wall-check: no chromium on PATH (scripts/setup installs Debian's chromium)")


class Checks:
    def __init__(self):
        self.passed = 0
        self.failures = []

    def __call__(self, name, ok, info=""):
        if ok:
            self.passed += 1
            print(f"  ok   {name}")
        else:
            self.failures.append(f"{name}: {info}")
            print(f"  FAIL {name}: {info}")


def visible_ids(page):
    return page.eval_on_selector_all(
        "#wall > li", "ts => ts.filter(t => !t.hidden).map(t => t.dataset.productId)")


def serious(page, axe):
    results = axe.run(page)
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"][:3]]}
        for v in results.response["violations"] if v["impact"] in ("serious", "critical")
    ]


def rendered_ids(page):
    """The tiles the page draws (a box on screen or below it), in document order."""
    return page.eval_on_selector_all(
        "#wall > li", "ts => ts.filter(t => t.getClientRects().length > 0).map(t => t.dataset.productId)")


def in_page_order(page):
    """Whether the drawn tiles run down the page (then across a row) in document order."""
    return page.evaluate(
        """() => { let last = null;
             for (const t of document.querySelectorAll('#wall > li')) {
               if (!t.getClientRects().length) continue;
               const r = t.getBoundingClientRect();
               if (last && (r.top < last.top - 0.5 || (Math.abs(r.top - last.top) < 0.5 && r.left <= last.left))) return false;
               last = r;
             }
             return true; }""")


def set_layout(page, mode):
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)
    page.click(f"#l-{mode}")
    page.wait_for_function(
        "list => document.getElementById('wall').classList.contains('list') === list",
        arg=mode == "list")
    page.wait_for_timeout(600)


def check_filters_in_layouts(page, label, phone, check):
    """For every kind of filter (family, brand, search, disagreements, review), the wall and the
    list draw exactly the tiles the filter selects, in the wall's order, as many as the header
    says. What each filter selects is read from the tiles' own attributes, except the search,
    whose words the page matches: there the tiles it keeps (not [hidden]) must be drawn."""
    def top():
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        if phone and page.is_hidden("#f-dis"):
            page.tap("#f-more")

    def chosen_family():
        return page.evaluate(
            """() => [...document.querySelectorAll('#f-family button[data-family]')]
                 .filter(b => b.dataset.family && !b.hidden)
                 .sort((a, b) => +b.querySelector('span').textContent - +a.querySelector('span').textContent)[0].dataset.family""")

    order = page.eval_on_selector_all("#wall > li", "ts => ts.map(t => t.dataset.productId)")
    attrs = page.eval_on_selector_all(
        "#wall > li", "ts => ts.map(t => ({id: t.dataset.productId, family: t.dataset.family, f2: t.dataset.f2, brand: t.dataset.brand,"
        " d: t.hasAttribute('data-d'), review: t.hasAttribute('data-review')}))")
    family = chosen_family()
    brand = page.eval_on_selector("#f-brand option:not([data-all])", "o => o.value")
    word = page.eval_on_selector("#wall > li", "t => t.querySelector('.tx b').textContent.split(/\\s+/).filter(w => w.length > 2).pop() || ''")

    kinds = [
        ("family", lambda: page.click(f'#f-family button[data-family="{family}"]'),
         lambda: page.click('#f-family button[data-family=""]'),
         # A product near a family boundary is found under its second family too (data-f2).
         [a["id"] for a in attrs if family in (a["family"], a.get("f2"))]),
        ("brand", lambda: page.select_option("#f-brand", value=brand),
         lambda: page.select_option("#f-brand", index=0),
         [a["id"] for a in attrs if a["brand"] == brand]),
        ("search", lambda: (page.fill("#f-q", word), page.press("#f-q", "Enter")),
         lambda: (page.fill("#f-q", ""), page.press("#f-q", "Enter")), None),
        ("disagreements", lambda: page.check("#f-dis"), lambda: page.uncheck("#f-dis"),
         [a["id"] for a in attrs if a["d"]]),
        ("review", lambda: page.check("#f-rev"), lambda: page.uncheck("#f-rev"),
         [a["id"] for a in attrs if a["review"]]),
    ]
    for kind, apply, undo, expected in kinds:
        for mode in ("wall", "list"):
            set_layout(page, mode)
            top()
            apply()
            page.wait_for_timeout(250)
            kept = visible_ids(page)
            want = expected if expected is not None else kept
            drawn = rendered_ids(page)
            shown = page.text_content("#shown") or ""
            counted = int(shown.split(" ")[0]) if shown[:1].isdigit() else -1
            check(f"{label}: {kind} filter in the {mode}: exactly its tiles drawn, in wall order",
                  drawn == want and [i for i in order if i in set(want)] == drawn
                  and counted == len(want) and (expected is not None or 0 < len(kept) < len(order))
                  and in_page_order(page),
                  f"{len(drawn)} drawn, {len(want)} selected, header {shown!r}, "
                  f"{'in' if in_page_order(page) else 'out of'} order")
            top()
            undo()
            page.wait_for_timeout(200)
    set_layout(page, "wall")
    check(f"{label}: every tile drawn again once the filters are off",
          rendered_ids(page) == order, f"{len(rendered_ids(page))} of {len(order)}")


def covered_controls(page):
    """Header controls under the hue strip where the strip, not the control, gets the pointer."""
    return page.evaluate(
        """() => {
          const strip = document.getElementById('scrub').getBoundingClientRect();
          const hits = [];
          for (const c of document.querySelectorAll('#top input, #top select, #top button, #top label')) {
            const r = c.getBoundingClientRect();
            if (!r.width || !r.height || r.bottom < 0 || r.top > innerHeight) continue;
            const overlaps = r.left < strip.right && r.right > strip.left && r.top < strip.bottom && r.bottom > strip.top;
            if (!overlaps) continue;
            const x = Math.max(r.left, strip.left) + 1, y = Math.max(r.top, strip.top) + 1;
            const at = document.elementFromPoint(x, y);
            if (!at || !c.contains(at) && !at.contains(c)) hits.push(c.id || c.textContent.trim().slice(0, 30));
          }
          return hits;
        }""")


def check_viewport(browser, url, viewport, phone, products, check, axe, shots):
    label = "phone" if phone else "desktop"
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone,
        device_scale_factor=2 if phone else 1)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
    ids = page.eval_on_selector_all("#wall > li", "ts => ts.map(t => t.dataset.productId)")
    check(f"{label}: one tile per product in colors.json's order", ids == products,
          f"{len(ids)} tiles")
    check(f"{label}: at least 300 products", len(ids) >= 300, len(ids))
    check(f"{label}: strip clear of the header's controls", not covered_controls(page),
          covered_controls(page))
    violations = serious(page, axe)
    check(f"{label}: axe, wall: no serious or critical violation", not violations, violations)
    if phone:
        page.screenshot(path=os.path.join(shots, "wall-phone-top.png"))

    if phone:
        top = page.evaluate("document.getElementById('top').getBoundingClientRect().height")
        page.mouse.wheel(0, 1600)
        page.evaluate("window.scrollBy(0, 1600)")
        page.wait_for_timeout(300)
        scrolled = page.evaluate("document.getElementById('top').getBoundingClientRect().height")
        check("phone: header at most 20 % of the screen once scrolled",
              scrolled <= 0.2 * viewport["height"], f"{scrolled:.0f} px (at the top {top:.0f} px)")
        check("phone: the search stays in the folded header", page.is_visible("#f-q"))
        check("phone: strip clear of the folded header's controls", not covered_controls(page),
              covered_controls(page))
        page.tap("#f-more")
        unfolded = page.evaluate("document.getElementById('top').getBoundingClientRect().height")
        check("phone: Filters unfolds the header", unfolded > scrolled and page.is_visible("#f-dis"),
              f"{unfolded:.0f} px")
        check("phone: strip clear of the unfolded header's controls", not covered_controls(page),
              covered_controls(page))
        page.tap("#f-more")
        page.screenshot(path=os.path.join(shots, "wall-phone.png"))

        # A tap opens the details; a second tap closes them. (The band is taller than a row
        # and its gap, so that it holds a whole tile wherever the page is scrolled.)
        tile = page.evaluate(
            """() => { const t = [...document.querySelectorAll('#wall > li')].find(t => {
                 const r = t.getBoundingClientRect(); return r.top > innerHeight * 0.25 && r.bottom < innerHeight * 0.7; });
               return t && t.dataset.productId; }""")
        selector = f'#wall > li[data-product-id="{tile}"]'
        page.tap(selector)
        page.wait_for_timeout(100)
        title = page.eval_on_selector(selector, "t => t.querySelector('.tx b').textContent")
        shown = page.is_visible("#detail") and page.text_content("#detail h2") == title
        check("phone: a tap opens the details", shown, f"{tile} {title!r}")
        family = page.get_attribute(selector, "data-family")
        check("phone: the details name the analysed family",
              f"analysed family{family}" in (page.text_content("#detail dl") or ""),
              page.text_content("#detail dl"))
        box = page.locator("#detail").bounding_box() or {}
        check("phone: the details fit the screen's width",
              box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, box)
        violations = serious(page, axe)
        check("phone: axe, details open: no serious or critical violation", not violations,
              violations)
        page.screenshot(path=os.path.join(shots, "wall-phone-details.png"))
        page.tap(selector)
        page.wait_for_timeout(100)
        check("phone: a second tap closes them", page.is_hidden("#detail"))
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(200)
    else:
        # Enter on a focused tile, as a keyboard user opens the details.
        page.focus("#wall > li:nth-child(5)")
        page.keyboard.press("Enter")
        pinned = page.eval_on_selector("#wall > li:nth-child(5)", "t => t.classList.contains('on')")
        check("desktop: Enter opens a tile's details", pinned and page.is_visible("#detail"))
        page.keyboard.press("Escape")
        check("desktop: Escape closes them", page.is_hidden("#detail"))
        page.click("#l-list")
        page.wait_for_timeout(700)
        violations = serious(page, axe)
        check("desktop: axe, list: no serious or critical violation", not violations, violations)
        check("desktop: the list is in the address", page.url.endswith("#list"), page.url)
        page.click("#l-wall")
        page.wait_for_timeout(700)

    # Search and filters into the address, and back out of it in a fresh page.
    family = page.evaluate(
        """() => [...document.querySelectorAll('#f-family button[data-family]')]
             .filter(b => b.dataset.family).sort((a, b) => +b.querySelector('span').textContent - +a.querySelector('span').textContent)[0].dataset.family""")
    if phone and page.is_hidden(f'#f-family button[data-family="{family}"]'):
        page.tap("#f-more")
    page.click(f'#f-family button[data-family="{family}"]')
    family_count = int(page.text_content(f'#f-family button[data-family="{family}"] span'))
    family_ids = visible_ids(page)
    check(f"{label}: the family chip's count is the tiles shown",
          len(family_ids) == family_count, f"{len(family_ids)} vs {family_count}")
    strip = page.get_attribute("#scrub", "aria-valuemax")
    page.focus("#scrub")
    page.keyboard.press("Home")
    loupe = page.text_content("#loupe .lens-label") or ""
    check(f"{label}: the hue strip counts the family as the chip does",
          f"· family {family} · {family_count} products on the wall" in loupe and
          int(strip) == family_count - 1, f"{loupe!r}, strip of {int(strip) + 1}")
    check(f"{label}: the loupe shows thumbnails",
          page.eval_on_selector_all("#loupe .lens img", "is => is.length") > 0)
    page.keyboard.press("Escape")
    page.fill("#f-q", "")
    word = "sneaker"
    page.type("#f-q", word)
    page.wait_for_timeout(300)
    searched = visible_ids(page)
    titles = page.eval_on_selector_all(
        "#wall > li:not([hidden])", "ts => ts.map(t => t.querySelector('.tx b').textContent + ' ' + t.dataset.productId + ' ' + t.dataset.brand)")
    check(f"{label}: the search narrows to matching tiles",
          0 < len(searched) < len(family_ids) or (searched and all(word in t.lower() for t in titles)),
          f"{len(searched)} of {len(family_ids)}")
    check(f"{label}: every tile shown matches", all(word in t.lower() for t in titles),
          [t for t in titles if word not in t.lower()][:3])
    brand = page.eval_on_selector("#wall > li:not([hidden])", "t => t.dataset.brand") if searched else None
    if brand:
        page.select_option("#f-brand", value=brand)
    view = visible_ids(page)
    address = page.url
    check(f"{label}: the view is in the address",
          "q=sneaker" in address and f"family={family}" in address and "brand=" in address,
          address)
    fresh = context.new_page()
    fresh.goto(address)
    fresh.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
    check(f"{label}: a shared address shows the same tiles", visible_ids(fresh) == view,
          f"{len(visible_ids(fresh))} vs {len(view)}")
    state = fresh.evaluate(
        """() => ({q: document.getElementById('f-q').value,
                   family: document.querySelector('#f-family button[aria-pressed=true]').dataset.family,
                   brand: document.getElementById('f-brand').value})""")
    check(f"{label}: … with the same controls set",
          state == {"q": word, "family": family, "brand": brand}, state)
    fresh.close()

    # Only disagreements, through the address too.
    page.fill("#f-q", "")
    page.select_option("#f-brand", index=0)
    page.click('#f-family button[data-family=""]')
    if phone and page.is_hidden("#f-dis"):
        page.tap("#f-more")
    page.check("#f-dis")
    disagreeing = visible_ids(page)
    explained = page.eval_on_selector_all(
        "#wall > li:not([hidden])", "ts => ts.every(t => t.title.includes(t.dataset.vf) && t.title.includes(t.dataset.family))")
    check(f"{label}: only disagreements, each explained on hover",
          disagreeing and explained and page.url.endswith("#dis"), f"{len(disagreeing)} {page.url}")
    page.uncheck("#f-dis")
    if not phone:
        # Needs review: the products `huewall review` lists, flagged by the export.
        page.check("#f-rev")
        reviewing = visible_ids(page)
        flagged = page.eval_on_selector_all(
            "#wall > li[data-review]", "ts => ts.map(t => t.dataset.productId)")
        counted = page.text_content("#count-review")
        check(f"{label}: needs review shows the flagged tiles only, counted, in the address",
              reviewing and reviewing == flagged and counted == str(len(flagged))
              and page.url.endswith("#review"), f"{len(reviewing)} of {len(flagged)}, {counted}, {page.url}")
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(600)
        page.screenshot(path=os.path.join(shots, "wall-review.png"))
        page.uncheck("#f-rev")
        # A search alone, for the README.
        page.fill("#f-q", "sneaker")
        page.keyboard.press("Enter")
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(600)
        page.screenshot(path=os.path.join(shots, "wall-search.png"))
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    if page.is_hidden("#f-dis") and phone:
        page.tap("#f-more")
    page.fill("#f-q", "")
    page.press("#f-q", "Enter")
    check_filters_in_layouts(page, label, phone, check)
    check(f"{label}: no errors in the page", not errors, errors)
    context.close()


def check_missing_thumbnails(browser, export, check):
    folder = tempfile.mkdtemp(prefix="huewall-wall-missing-")
    try:
        shutil.copytree(export, os.path.join(folder, "out"))
        page_path = os.path.join(folder, "out", "index.html")
        with open(page_path, encoding="utf-8") as f:
            first = re.findall(r'data-t="([^"]+)"', f.read())[:6]
        for name in first:
            os.remove(os.path.join(folder, "out", "thumbs", name))
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto("file://" + page_path)
        page.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
        page.wait_for_timeout(800)
        tiles = page.evaluate(
            """() => [...document.querySelectorAll('#wall > li')].slice(0, 40).filter(t => t.querySelector('.im.gone')).map(t => {
                 const hex = t.dataset.c.split(';')[0].split(' ')[0];
                 const rgb = getComputedStyle(t.querySelector('.im')).backgroundColor;
                 return {hex, rgb, img: !!t.querySelector('.im img')};
               })""")
        def rgb(hex_):
            return "rgb(%d, %d, %d)" % tuple(int(hex_[i:i + 2], 16) for i in (1, 3, 5))
        check("a missing thumbnail falls back to the tile's colour",
              len(tiles) >= 1 and all(t["rgb"] == rgb(t["hex"]) and not t["img"] for t in tiles),
              tiles)
        logged = page.evaluate("window.__huewallErrors")
        check("… and the page counts no error for it", logged == [], logged)
        context.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_single_file(browser, single, check):
    folder = tempfile.mkdtemp(prefix="huewall-wall-single-")
    try:
        alone = os.path.join(folder, "catalogue.html")
        shutil.copy(os.path.join(single, "index-single.html"), alone)
        context = browser.new_context(viewport=DESKTOP)
        page = context.new_page()
        page.goto("file://" + alone)
        page.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
        page.wait_for_function(
            "() => [...document.querySelectorAll('#wall img')].every(i => i.complete)")
        loaded = page.eval_on_selector_all(
            "#wall img", "is => is.filter(i => i.naturalWidth > 0).length")
        gone = page.eval_on_selector_all("#wall .im.gone", "bs => bs.length")
        check("the single-file page shows its thumbnails on its own", loaded > 10 and gone == 0,
              f"{loaded} loaded, {gone} missing")
        context.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def check_reduced_motion(browser, url, check):
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
    page.click("#l-list")
    moving = page.eval_on_selector_all(
        "#wall .im", "bs => bs.filter(b => b.style.transform).length")
    check("reduced motion: the list switch moves nothing", moving == 0, moving)
    context.close()


def check_laptop_header(browser, url, check, shots):
    """On a laptop (1366×768) the header folds to one line once the page scrolls."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
    page.evaluate("window.scrollBy(0, 1200)")
    page.wait_for_timeout(400)
    bottom = page.evaluate("document.getElementById('top').getBoundingClientRect().bottom")
    check("laptop: the header at most 15 % of 1366 × 768 once scrolled", bottom <= 0.15 * 768,
          f"{bottom:.0f} px")
    check("laptop: the search stays in the folded header", page.is_visible("#f-q"))
    check("laptop: strip clear of the folded header", not covered_controls(page)
          and page.evaluate("document.getElementById('scrub').getBoundingClientRect().top") >= bottom,
          covered_controls(page))
    page.screenshot(path=os.path.join(shots, "wall-laptop-scrolled.png"))
    context.close()


def check_all(export, single, shots):
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright

    os.makedirs(shots, exist_ok=True)
    with open(os.path.join(export, "colors.json"), encoding="utf-8") as f:
        products = [p["id"] for p in json.load(f)["products"]]
    url = "file://" + os.path.abspath(os.path.join(export, "index.html"))
    check = Checks()
    axe = Axe()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        check_viewport(browser, url, PHONE, True, products, check, axe, shots)
        check_viewport(browser, url, DESKTOP, False, products, check, axe, shots)
        check_missing_thumbnails(browser, export, check)
        check_single_file(browser, single, check)
        check_reduced_motion(browser, url, check)
        check_laptop_header(browser, url, check, shots)
        browser.close()
    for failure in check.failures:
        print("wall-check: FAILED " + failure, file=sys.stderr)
    print(f"wall-check: {check.passed} passed, {len(check.failures)} failed", file=sys.stderr)
    sys.exit(1 if check.failures else 0)


def main():
    if sys.argv[1:2] == ["feed"]:
        write_feed(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    elif sys.argv[1:2] == ["check"]:
        check_all(*sys.argv[2:5])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
