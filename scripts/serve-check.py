"""Drives `huewall serve` in headless Chromium with Playwright, as a person tuning would.

usage: python3 scripts/serve-check.py HUEWALL CONFIG SAMPLES-FEED SCREENSHOT-FOLDER

CONFIG is a pipeline.json whose catalogue `huewall run` has filled from SAMPLES-FEED (the
samples). The script starts `huewall serve --port 0` on loopback, then, in the page:
- the wall shows one tile per product, in the order the server's analysis gives;
- scrubbing the hue strip opens a fisheye loupe on the products there, with their hue, family
  and count; the keys move along it and Enter takes the wall to the product;
- moving the colours slider to 1 re-analyses: every tile shows one swatch, the address holds
  the value, and a tile's colours are what `huewall colors --num-colors 1` prints for its image;
- changing the hue step re-sorts the wall into the order the server computes for it;
- Compare puts the tuned parameters beside the run's stored set: the changed products are
  listed, and pointing at one on one wall marks it on the other;
- a value out of range in the address gives a clear message, not a broken page;
- Save stores the parameters: `huewall status` lists the set and its export's colors.json has
  the wall's order;
- every control has a help text, the numbers sit under the groups' headings, the name rule
  shows before Save, and after Save the header names the saved set;
- "needs review" shows the products `huewall review` lists, and the details say why;
- a colour decided in a product's details (the wall scrolled, the pointer on the tile) changes
  that tile and the counts only: the order, the scroll position, the tile under the pointer
  and the details stay; without a hex the product's own colour of the family is shown; the
  details' numbers are rounded and their shares add up to 100 %; Re-sort then puts the wall in
  the server's order; the next `huewall export` has the decision (`decidedBy: override`, the
  tile marked), and so do both walls of Compare, which start at one hue and show the vendor
  labels whole; Clear undoes it;
- on a phone (390×844) the controls fold behind one button, the wall's first row is within
  the first screen, and the controls and the decision form are at least 44 px tall.
- every filter draws the same tiles in the wall and the list, on a desktop and a phone;
- on a laptop (1366×768) the header folds to at most 15 % of the screen once scrolled, the hue
  strip starts below it, the Simple controls (in a merchandiser's words) are at most 10 Tab
  presses away and drive their parameters, every Advanced control has a sentence of help, and
  axe finds no serious or critical violation.
Screenshots of the views go to SCREENSHOT-FOLDER. Exits 1 with every failure listed.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request

from playwright.sync_api import sync_playwright

# The filter-in-both-layouts check is wall-check's, run here on the live page.
_spec = importlib.util.spec_from_file_location(
    "wall_check", os.path.join(os.path.dirname(os.path.abspath(__file__)), "wall-check.py"))
wall_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(wall_check)


def chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("serve-check: no chromium on PATH (scripts/setup installs Debian's chromium)")


def start_server(huewall, config):
    server = subprocess.Popen(
        [huewall, "serve", "--config", config, "--port", "0"],
        stderr=subprocess.PIPE, text=True)
    for line in server.stderr:
        match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        if match:
            return server, match.group(1)
    server.kill()
    sys.exit("serve-check: huewall serve did not say where it listens")


def server_order(base, query):
    return server_end(base, query)["order"]


def server_end(base, query):
    """The last line of the server's analysis of `query`: the order and the set's hash."""
    with urllib.request.urlopen(base + "api/analysis?" + query, timeout=60) as response:
        lines = [json.loads(line) for line in response.read().decode().splitlines() if line]
    return lines[-1]


def tile_ids(page):
    return page.eval_on_selector_all("#wall > li", "ts => ts.map(t => t.dataset.productId)")


def wait_for_analysis(page, before):
    page.wait_for_function(
        "n => document.getElementById('wall').getAttribute('data-analysed') !== n",
        arg=before, timeout=60000)
    return page.get_attribute("#wall", "data-analysed")


def main():
    huewall, config, feed, shots = sys.argv[1:5]
    os.makedirs(shots, exist_ok=True)
    products = {p["id"]: p for p in json.load(open(feed, encoding="utf-8"))["products"]}
    feed_folder = os.path.dirname(os.path.abspath(feed))
    failures = []
    passed = 0

    def check(name, ok, info=""):
        nonlocal passed
        if ok:
            passed += 1
        else:
            failures.append(f"{name}: {info}")

    server, base = start_server(huewall, config)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))

            page.goto(base)
            first = tile_ids(page)
            check("the first page is the stored set's wall, analysed behind it",
                  page.get_attribute("#tuning", "data-stored") is not None)
            opening_hash = page.text_content("#set-hash")
            check("one tile per product", sorted(first) == sorted(products), first)
            check("the wall in the server's order", first == server_order(base, ""), first)
            page.screenshot(path=os.path.join(shots, "serve.png"))
            # Every control says in plain words what it does, and the name rule shows before Save.
            unexplained = page.evaluate(
                """() => [...document.querySelectorAll('#tuning input, #tuning select, #tuning button')]
                  .filter(c => !c.closest('#detail'))
                  .filter(c => !((c.title || '').trim() || (c.closest('label') && c.closest('label').title.trim())
                    || (c.id === 't-more')))
                  .map(c => c.name || c.id)""")
            check("every control has a help text", not unexplained, unexplained)
            numbers_grouped = page.evaluate(
                "() => [...document.querySelectorAll('#tuning input[type=range][name]')]"
                ".every(r => r.closest('fieldset.steps'))")
            check("the numbers sit under the groups' headings", numbers_grouped)
            placeholder = page.get_attribute("input[name=saveName]", "placeholder") or ""
            check("the name rule shows before Save", "letters, digits" in placeholder, placeholder)

            # Scrub the hue strip: the loupe grows the products under the pointer.
            box = page.locator("#scrub").bounding_box()
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            label = page.text_content("#loupe .lens-label") or ""
            check("the loupe says hue, family and count",
                  re.fullmatch(r"hue \d+° · family [a-z]+ · \d+ products on the wall", label) is not None,
                  label)
            check("the loupe's centre is the product there",
                  page.get_attribute("#loupe .lens.centre", "data-product-id")
                  == first[int(page.get_attribute("#scrub", "aria-valuenow"))])
            heights = page.eval_on_selector_all(
                "#loupe .lens", "ls => ls.map(l => l.getBoundingClientRect().height)")
            middle = len(heights) // 2
            check("fisheye: the centre largest, shrinking outwards",
                  heights[middle] == max(heights) and heights[0] < heights[middle - 1] < heights[middle],
                  heights)
            inside = page.evaluate(
                "() => { const r = document.getElementById('loupe').getBoundingClientRect();"
                " return r.top >= 0 && r.bottom <= window.innerHeight; }")
            check("the loupe stays on screen", inside)
            page.screenshot(path=os.path.join(shots, "serve-scrub.png"))
            page.focus("#scrub")
            page.keyboard.press("End")
            check("End goes to the last product",
                  page.get_attribute("#scrub", "aria-valuenow") == str(len(first) - 1))
            page.keyboard.press("Home")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            focused = page.evaluate("document.activeElement.dataset.productId")
            check("Enter takes the wall to that product", focused == first[1], focused)

            # The colours slider to 1.
            before = page.get_attribute("#wall", "data-analysed")
            page.eval_on_selector(
                "input[name=numColors]",
                "r => { r.value = '1'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            wait_for_analysis(page, before)
            swatches = page.eval_on_selector_all(
                "#wall > li", "ts => ts.map(t => t.querySelectorAll('.sw i').length)")
            check("one swatch per tile", set(swatches) == {1}, swatches)
            check("the value in the address", "numColors=1" in page.url, page.url)
            shown_hash = page.text_content("#set-hash")
            check("the header names the parameters on screen",
                  shown_hash == server_end(base, page.url.split("?", 1)[1].split("#")[0])["hash"]
                  and shown_hash != opening_hash, f"{shown_hash} (was {opening_hash})")

            # Back to three colours, a set already analysed (behind the first page): at once.
            before = page.get_attribute("#wall", "data-analysed")
            page.eval_on_selector(
                "input[name=numColors]",
                "r => { r.value = '3'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            wait_for_analysis(page, before)
            check("going back to recent parameters needs no analysis",
                  page.get_attribute("#wall", "data-cached") == page.get_attribute("#wall", "data-analysed")
                  and page.text_content("#set-hash") == opening_hash,
                  page.text_content("#live-status"))
            before = page.get_attribute("#wall", "data-analysed")
            page.eval_on_selector(
                "input[name=numColors]",
                "r => { r.value = '1'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            wait_for_analysis(page, before)

            # Granularity rebuilds every sample grid: the page says so before it starts.
            page.eval_on_selector(
                "input[name=granularity]",
                "r => { r.value = '5'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            page.wait_for_function("() => /granularity 4 → 5/.test(document.getElementById('live-status').textContent)")
            check("a slow change is announced before it runs",
                  "takes seconds" in page.text_content("#live-status"), page.text_content("#live-status"))
            page.wait_for_function("() => !document.getElementById('tuning').hasAttribute('aria-busy')", timeout=60000)
            before = page.get_attribute("#wall", "data-analysed")
            page.eval_on_selector(
                "input[name=granularity]",
                "r => { r.value = '4'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            wait_for_analysis(page, before)
            product = first[0]
            image = os.path.join(feed_folder, products[product]["images"][0])
            printed = json.loads(subprocess.run(
                [huewall, "colors", "--num-colors", "1", image],
                capture_output=True, text=True, check=True).stdout)["colors"]
            shown = page.get_attribute(f'#wall > li[data-product-id="{product}"]', "data-c")
            expected = ";".join(
                f'{c["hex"]} {c["share"]} {c["family"]} {c["h"]} {c["s"]} {c["v"]}' for c in printed)
            check("a tile's colours are huewall colors'", shown == expected, f"{shown} vs {expected}")

            # A coarser hue step re-sorts the wall.
            before = page.get_attribute("#wall", "data-analysed")
            page.eval_on_selector(
                "input[name=hueSampleSize]",
                "r => { r.value = '0.25'; r.dispatchEvent(new Event('input', {bubbles: true})); }")
            wait_for_analysis(page, before)
            page.wait_for_timeout(500)  # the tiles glide to their places
            resorted = tile_ids(page)
            query = page.url.split("?", 1)[1]
            check("the wall re-sorted", resorted != first, resorted)
            check("into the server's order", resorted == server_order(base, query), resorted)
            check("no transform left after the glide", page.eval_on_selector_all(
                "#wall > li", "ts => ts.every(t => !t.style.transform)"))
            recount = page.evaluate(
                """() => {
                  const tiles = [...document.querySelectorAll('#wall > li')];
                  const wrong = [...document.querySelectorAll('#f-family button[data-family]')]
                    .filter(b => b.dataset.family && !b.hidden)
                    .filter(b => +b.querySelector('span').textContent !==
                      tiles.filter(t => t.dataset.family === b.dataset.family).length)
                    .map(b => b.dataset.family);
                  const dis = tiles.filter(t => t.hasAttribute('data-d')).length;
                  return {wrong, dis, shown: +document.getElementById('count-disagreements').textContent};
                }""")
            check("the family buttons count the new families", not recount["wrong"], recount)
            check("the disagreements are counted anew", recount["dis"] == recount["shown"], recount)
            disagreeing = sorted(page.eval_on_selector_all(
                "#wall > li[data-d]", "ts => ts.map(t => t.dataset.productId)"))
            page.screenshot(path=os.path.join(shots, "serve-tuned.png"))

            # Compare the tuned parameters with the stored set of the nightly run.
            page.click("#compare")
            page.wait_for_selector("#wall-b")
            changed = page.eval_on_selector_all(
                "#changed tbody tr", "rs => rs.map(r => r.dataset.productId)")
            check("the comparison lists changed products", len(changed) > 0, changed)
            if changed:
                page.hover(f'#wall-a > li[data-product-id="{changed[0]}"]')
                marked = page.eval_on_selector_all(
                    "#wall-b > li.on", "ts => ts.map(t => t.dataset.productId)")
                check("hovering a product marks it on the other wall", marked == [changed[0]],
                      marked)
            page.screenshot(path=os.path.join(shots, "serve-compare.png"), full_page=True)
            page.click(".back a")
            page.wait_for_selector("#tuning")
            check("back to the live wall with the same parameters", "numColors=1" in page.url,
                  page.url)
            # That address names parameters no set has: the page opens at once on the stored
            # wall and analyses them, the tiles on screen first, then re-sorts.
            check("a link to parameters no set has opens at once on a stored wall",
                  page.get_attribute("#tuning", "data-pending") is not None)
            page.wait_for_function(
                "() => document.getElementById('wall').hasAttribute('data-analysed')", timeout=60000)
            several = page.eval_on_selector_all(
                "#wall > li", "ts => ts.filter(t => (t.dataset.c || '').split(';').filter(Boolean).length > 1)"
                ".map(t => t.dataset.productId)")
            check("… then shows the link's own analysis (one colour a tile)", not several, several)

            # Save.
            page.fill("input[name=saveName]", "tuned-check")
            page.click("#save")
            page.wait_for_function(
                "() => /exported it to|cannot|failed/.test("
                "document.getElementById('live-status').textContent)", timeout=120000)
            said = page.text_content("#live-status")
            check("saved and exported", "exported it to" in said, said)
            check("after Save the header names the saved set",
                  page.text_content("#set-name") == "tuned-check", page.text_content("#set-name"))
            check("the saved set is offered to Compare at once",
                  "tuned-check" in page.eval_on_selector_all("#compare-with option", "os => os.map(o => o.value)"))
            # The set is in the store: `huewall export --params` finds it, as for any set.
            again = os.path.join(os.path.dirname(config), "saved-again")
            exported = subprocess.run(
                [huewall, "export", "--config", config, "--params", "tuned-check", "--out", again],
                capture_output=True, text=True)
            check("huewall export --params finds the saved set", exported.returncode == 0,
                  exported.stderr)
            for folder in [m.group(1) for m in [re.search(r"exported it to (\S+)", said)] if m] + [again]:
                try:
                    with open(os.path.join(folder, "colors.json"), encoding="utf-8") as f:
                        saved = [p["id"] for p in json.load(f)["products"]]
                except OSError as error:
                    saved = str(error)
                check(f"the export in {os.path.basename(folder)} has the wall's order",
                      saved == resorted, saved)
                try:
                    with open(os.path.join(folder, "colors.json"), encoding="utf-8") as f:
                        flagged = sorted(p["id"] for p in json.load(f)["products"]
                                         if p.get("disagreement"))
                except OSError as error:
                    flagged = str(error)
                check(f"the export in {os.path.basename(folder)} flags the wall's disagreements",
                      flagged == disagreeing, f"{flagged} vs {disagreeing}")
            # Needs review: on the run's wall, the products `huewall review` lists.
            page.goto(base)
            listed = json.loads(subprocess.run(
                [huewall, "review", "--config", config, "--json", "--limit", "0"],
                capture_output=True, text=True, check=True).stdout)["products"]
            listed = sorted(p["id"] for p in listed)
            page.check("#f-rev")
            reviewing = sorted(page.eval_on_selector_all(
                "#wall > li:not([hidden])", "ts => ts.map(t => t.dataset.productId)"))
            check("needs review shows what huewall review lists", reviewing and reviewing == listed,
                  f"{reviewing} vs {listed}")
            check("… counted in the header and kept in the address",
                  page.text_content("#count-review") == str(len(listed)) and page.url.endswith("#review"),
                  f"{page.text_content('#count-review')} {page.url}")

            # Decide a product's colour from its details, as a merchandiser would, the wall
            # scrolled and the pointer on the tile: only that tile and the counts change; the
            # order, the scroll position and the tile under the pointer stay.
            if listed:
                page.click(f'#wall > li[data-product-id="{listed[0]}"]')
                said = page.text_content("#detail .review") or ""
                check("the details say why a product needs review",
                      re.match(r"needs review: [a-z]", said) is not None, said)
                page.keyboard.press("Escape")
            page.uncheck("#f-rev")
            wall_check.check_filters_in_layouts(page, "desktop", False, check)
            page.set_viewport_size({"width": 1400, "height": 600})
            own = page.evaluate(
                """() => {
                  for (const t of [...document.querySelectorAll('#wall > li')].reverse()) {
                    const colours = (t.dataset.c || '').split(';').filter(Boolean).map(c => c.split(' '));
                    const other = colours.find(c => c[2] !== t.dataset.family && c[2] !== 'multicolour');
                    if (other && !t.hasAttribute('data-o')) return {id: t.dataset.productId, hex: other[0], family: other[2]};
                  }
                  return null;
                }""")
            check("a product with a colour of another family to decide", own is not None)
            decided = own["id"] if own else (listed[0] if listed else first[0])
            tile = f'#wall > li[data-product-id="{decided}"]'
            page.evaluate(
                "id => { const t = document.querySelector(`#wall > li[data-product-id=\"${id}\"]`);"
                " const most = document.documentElement.scrollHeight - window.innerHeight;"
                " const header = document.getElementById('top').offsetHeight;"
                " window.scrollTo(0, Math.min(most, Math.max(40, t.getBoundingClientRect().top + window.scrollY - header - 20))); }",
                decided)
            page.wait_for_timeout(100)
            snapshot_js = """() => ({
              scroll: window.scrollY,
              order: [...document.querySelectorAll('#wall > li')].map(t => t.dataset.productId),
              tiles: Object.fromEntries([...document.querySelectorAll('#wall > li')].map(t => [t.dataset.productId,
                [t.dataset.c, t.dataset.family, t.hasAttribute('data-o'), t.hasAttribute('data-d'), t.hasAttribute('data-review'), t.hidden].join('|')])),
              families: Object.fromEntries([...document.querySelectorAll('#f-family button[data-family]')]
                .filter(b => b.dataset.family).map(b => [b.dataset.family, b.querySelector('span').textContent])),
              review: document.getElementById('count-review').textContent,
              disagreements: document.getElementById('count-disagreements').textContent,
            })"""
            before_view = page.evaluate(snapshot_js)
            box = page.locator(tile).bounding_box()
            header_bottom = page.evaluate("() => document.getElementById('top').getBoundingClientRect().bottom")
            top = max(box["y"], header_bottom + 4)
            point = (box["x"] + box["width"] / 2, (top + box["y"] + box["height"]) / 2)
            check("the decided tile shows below the header", box["y"] + box["height"] > header_bottom + 20,
                  f'{box} under {header_bottom}')
            page.mouse.click(*point)
            page.wait_for_selector("#detail form.decide")
            if own:
                page.select_option("#detail select[name=family]", own["family"])
            page.fill("#detail input[name=hex]", "")
            decisions_before = page.get_attribute("#wall", "data-decisions") or "0"
            page.click("#detail form.decide button[type=submit]")
            page.wait_for_function(
                "n => (document.getElementById('wall').getAttribute('data-decisions') || '0') !== n",
                arg=decisions_before, timeout=30000)
            page.mouse.move(*point)
            page.wait_for_timeout(400)
            after_view = page.evaluate(snapshot_js)
            check("a decision keeps the wall's order", after_view["order"] == before_view["order"])
            check("a decision keeps the scroll position",
                  after_view["scroll"] == before_view["scroll"] and before_view["scroll"] > 0,
                  f'{before_view["scroll"]} → {after_view["scroll"]}')
            others = [i for i in before_view["tiles"]
                      if i != decided and before_view["tiles"][i] != after_view["tiles"].get(i)]
            check("a decision changes no other tile", not others, others)
            check("… and changes its own tile",
                  before_view["tiles"][decided] != after_view["tiles"][decided]
                  and page.get_attribute(tile, "data-o") is not None,
                  after_view["tiles"][decided])
            under = page.evaluate(
                "p => { let n = document.elementFromPoint(p[0], p[1]);"
                " while (n && n.parentNode && n.parentNode.id !== 'wall') n = n.parentNode;"
                " return n && n.dataset ? n.dataset.productId : null; }", list(point))
            check("the tile under the pointer stays", under == decided, under)
            check("the details still show the decided tile",
                  page.text_content("#detail h2") == page.text_content(f"{tile} .tx b")
                  and page.is_visible("#detail form.decide"),
                  page.text_content("#detail h2"))
            counts = page.evaluate(
                """() => {
                  const tiles = [...document.querySelectorAll('#wall > li')];
                  const wrong = [...document.querySelectorAll('#f-family button[data-family]')]
                    .filter(b => b.dataset.family)
                    .filter(b => +b.querySelector('span').textContent !==
                      tiles.filter(t => t.dataset.family === b.dataset.family).length)
                    .map(b => b.dataset.family);
                  return {wrong,
                    review: tiles.filter(t => t.hasAttribute('data-review')).length === +document.getElementById('count-review').textContent,
                    dis: tiles.filter(t => t.hasAttribute('data-d')).length === +document.getElementById('count-disagreements').textContent};
                }""")
            check("the counts follow the decision", not counts["wrong"] and counts["review"] and counts["dis"], counts)
            if own:
                first_hex = (page.get_attribute(tile, "data-c") or "").split(" ")[0]
                check("the decided colour is the product's own colour of that family",
                      first_hex == own["hex"] and page.get_attribute(tile, "data-family") == own["family"],
                      f'{first_hex} vs {own}')
                said = page.text_content("#live-status")
                check("the status names the colour shown", own["hex"] in said, said)
            # The details read as a person reads them: rounded numbers, shares adding to 100 %.
            table = page.eval_on_selector_all(
                "#detail table tr", "rs => rs.slice(1).map(r => [...r.cells].map(c => c.textContent))")
            shares = [int(row[5].rstrip(" %")) for row in table if row[5].endswith("%")]
            check("the details' shares add up to 100 %", sum(shares) == 100, table)
            long_numbers = [cell for row in table for cell in row if re.search(r"\d\.\d{3,}", cell)]
            check("the details' numbers are rounded for people", not long_numbers, long_numbers)
            dis_line = page.is_visible("#detail .flag")
            check("the disagreement line follows the decision at once",
                  dis_line == (page.get_attribute(tile, "data-d") is not None))
            # Re-sort puts the tiles in the order the server now computes.
            check("re-sort is offered after a decision", page.is_enabled("#resort"))
            before = page.get_attribute("#wall", "data-analysed")
            page.click("#resort")
            wait_for_analysis(page, before)
            page.wait_for_timeout(500)
            check("re-sort puts the wall in the server's order",
                  tile_ids(page) == server_order(base, page.url.split("?", 1)[1].split("#")[0]))
            page.set_viewport_size({"width": 1400, "height": 900})
            page.keyboard.press("Escape")

            # A colour with a hex and a note, for the export.
            page.click(tile)
            page.wait_for_selector("#detail form.decide")
            page.select_option("#detail select[name=family]", "navy")
            page.fill("#detail input[name=hex]", "#1b2a4a")
            page.fill("#detail input[name=note]", "checked against the photo")
            page.screenshot(path=os.path.join(shots, "serve-decide.png"))
            decisions_before = page.get_attribute("#wall", "data-decisions") or "0"
            page.click("#detail form.decide button[type=submit]")
            page.wait_for_function(
                "n => (document.getElementById('wall').getAttribute('data-decisions') || '0') !== n",
                arg=decisions_before, timeout=30000)
            check("the wall shows the decision at once",
                  page.get_attribute(tile, "data-o") is not None
                  and page.get_attribute(tile, "data-family") == "navy"
                  and page.get_attribute(tile, "data-c").startswith("#1b2a4a "),
                  page.get_attribute(tile, "data-c"))
            check("a decided product is off the review count", page.get_attribute(tile, "data-review") is None)
            page.keyboard.press("Escape")
            page.click(tile)
            said = page.text_content("#detail")
            check("its details say a person decided", "decided by a person" in said, said)
            page.keyboard.press("Escape")

            # Compare honours the decision on both walls, as the live wall and the export do.
            stored_sets = page.eval_on_selector_all("#compare-with option", "os => os.map(o => o.value)")
            if stored_sets:
                query = page.url.split("?", 1)[1].split("#")[0]
                page.goto(base + "compare?" + query + "&a=live&b=" + stored_sets[0])
                page.wait_for_selector("#wall-b")
                sides = [page.get_attribute(f'#wall-{s} > li[data-product-id="{decided}"]', "data-c") or ""
                         for s in "ab"]
                marked = [page.get_attribute(f'#wall-{s} > li[data-product-id="{decided}"]', "data-o") is not None
                          for s in "ab"]
                check("compare shows a decided product's decision",
                      all(c.startswith("#1b2a4a ") for c in sides) and all(marked), sides)
                firsts = page.evaluate(
                    "() => ['a', 'b'].map(s => { const t = document.querySelector(`#wall-${s} > li`);"
                    " return t ? t.dataset.productId : null; })")
                check("both walls of compare start at one hue", firsts[0] == firsts[1], firsts)
                cut = page.evaluate(
                    "() => [...document.querySelectorAll('#wall-a .fm small, #wall-b .fm small')]"
                    ".filter(s => s.scrollWidth > s.clientWidth + 1 || s.getBoundingClientRect().right > s.closest('li').getBoundingClientRect().right + 1).length")
                check("compare's vendor labels are not cut", cut == 0, cut)
                page.screenshot(path=os.path.join(shots, "serve-compare-decided.png"), full_page=True)
                page.goto(base + "?" + query)
                page.wait_for_selector("#tuning")
            decided_out = os.path.join(os.path.dirname(config), "decided")
            exported = subprocess.run(
                [huewall, "export", "--config", config, "--out", decided_out],
                capture_output=True, text=True)
            check("huewall export after a decision", exported.returncode == 0, exported.stderr)
            try:
                with open(os.path.join(decided_out, "colors.json"), encoding="utf-8") as f:
                    product = {p["id"]: p for p in json.load(f)["products"]}.get(decided, {})
            except OSError as error:
                product = {"error": str(error)}
            check("the export has the decision", product.get("decidedBy") == "override"
                  and product.get("family") == "navy"
                  and (product.get("override") or {}).get("note") == "checked against the photo",
                  product)
            try:
                with open(os.path.join(decided_out, "index.html"), encoding="utf-8") as f:
                    marked = re.findall(r'<li [^>]*data-product-id="([^"]+)"[^>]*\bdata-o\b', f.read())
            except OSError as error:
                marked = str(error)
            check("the exported page marks the decided tile", marked == [decided], marked)
            # Cleared again from the wall: the analysis decides.
            page.click(tile)
            page.wait_for_selector("#detail form.decide")
            before = page.get_attribute("#wall", "data-analysed")
            decisions_before = page.get_attribute("#wall", "data-decisions") or "0"
            page.click("#detail form.decide button[type=button]")
            page.wait_for_function(
                "n => (document.getElementById('wall').getAttribute('data-decisions') || '0') !== n",
                arg=decisions_before, timeout=30000)
            check("a cleared decision leaves the tile unmarked", page.get_attribute(tile, "data-o") is None)

            # A phone: the controls fold behind one button, the wall's first row is on the first
            # screen, and what a finger touches is at least 44 px.
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                device_scale_factor=2)
            phone = context.new_page()
            phone.on("pageerror", lambda e: errors.append("phone: " + str(e)))
            phone.goto(base)
            check("phone: the controls are folded", not phone.is_visible("input[data-drives=numColors]")
                  and phone.is_visible("#t-more"))
            row = phone.evaluate(
                "() => { const t = document.querySelector('#wall > li'); const r = t.getBoundingClientRect();"
                " return {top: r.top, bottom: r.bottom, screen: window.innerHeight}; }")
            check("phone: the wall's first row is within the first screen",
                  row["bottom"] <= row["screen"], row)
            phone.screenshot(path=os.path.join(shots, "serve-phone.png"))
            phone.tap("#t-more")
            check("phone: the button unfolds the controls", phone.is_visible("input[data-drives=numColors]"))
            small = phone.evaluate(
                """() => [...document.querySelectorAll('#tuning button, #tuning select, #tuning input, #tuning .check')]
                  .filter(c => c.getClientRects().length && c.type !== 'range')
                  .filter(c => { const r = c.getBoundingClientRect(); return r.height < 44; })
                  .map(c => (c.name || c.id || c.className) + ' ' + Math.round(c.getBoundingClientRect().height))""")
            check("phone: the controls are at least 44 px tall", not small, small)
            phone.screenshot(path=os.path.join(shots, "serve-phone-controls.png"))
            phone.tap("#t-more")
            phone.tap("#wall > li")
            phone.wait_for_selector("#detail form.decide")
            small = phone.evaluate(
                """() => [...document.querySelectorAll('#detail form.decide select, #detail form.decide input, #detail form.decide button')]
                  .filter(c => c.getBoundingClientRect().height < 44).map(c => c.name || c.textContent)""")
            check("phone: the decision form's controls are at least 44 px tall", not small, small)
            phone.screenshot(path=os.path.join(shots, "serve-phone-decide.png"))
            phone.keyboard.press("Escape")
            wall_check.check_filters_in_layouts(phone, "phone", True, check)
            context.close()
            check("no errors in the page", not errors, errors)

            # A laptop (1366×768): the header folds to one line once the page scrolls, the hue
            # strip starts below it, the Simple controls are a few Tab presses away, and axe
            # finds nothing serious on the page, with Advanced open too.
            laptop = browser.new_context(viewport={"width": 1366, "height": 768})
            lap = laptop.new_page()
            lap.on("pageerror", lambda e: errors.append("laptop: " + str(e)))
            lap.goto(base)
            lap.wait_for_function("document.documentElement.hasAttribute('data-ready-ms')")
            lap.screenshot(path=os.path.join(shots, "serve-laptop.png"))
            presses, reached = 0, None
            for presses in range(1, 31):
                lap.keyboard.press("Tab")
                reached = lap.evaluate(
                    "() => { const a = document.activeElement; return a && a.closest('fieldset.simple') ? a.getAttribute('data-drives') : null; }")
                if reached:
                    break
            check("laptop: the Simple controls within 10 Tab presses", reached and presses <= 10,
                  f"{presses} presses, reached {reached}")
            simple_words = lap.eval_on_selector_all(
                "fieldset.simple label", "ls => ls.map(l => l.textContent.replace(/\\s+/g, ' ').trim())")
            wanted = ["ignore the backdrop", "ignore skin", "prefer vivid colours",
                      "finer / coarser colours", "how many colours per product"]
            check("laptop: the Simple controls in a merchandiser's words",
                  all(any(w in t for t in simple_words) for w in wanted), simple_words)
            lap.evaluate("window.scrollBy(0, 1200)")
            lap.wait_for_timeout(400)
            head = lap.evaluate("document.getElementById('top').getBoundingClientRect().bottom")
            check("laptop: the header at most 15 % of 1366 × 768 once scrolled", head <= 0.15 * 768,
                  f"{head:.0f} px")
            strip_top = lap.evaluate("document.getElementById('scrub').getBoundingClientRect().top")
            check("laptop: the hue strip starts below the header", strip_top >= head, f"{strip_top} vs {head}")
            lap.evaluate("window.scrollTo(0, 0)")
            lap.wait_for_timeout(300)
            strip_top = lap.evaluate("document.getElementById('scrub').getBoundingClientRect().top")
            head = lap.evaluate("document.getElementById('top').getBoundingClientRect().bottom")
            check("laptop: the hue strip starts below the unfolded header", strip_top >= head,
                  f"{strip_top} vs {head}")
            # A Simple switch drives its parameter, re-analysing the wall.
            before = lap.get_attribute("#wall", "data-analysed")
            lap.click("fieldset.simple input[data-drives=skinSuppression]")
            wait_for_analysis(lap, before)
            check("laptop: a Simple switch drives its parameter",
                  "skinSuppression=" in lap.url and lap.is_checked("input[name=skinSuppression]")
                  == lap.is_checked("fieldset.simple input[data-drives=skinSuppression]"), lap.url)
            check("laptop: the status says a live change is shown",
                  "live change" in (lap.text_content("#live-status") or ""),
                  lap.text_content("#live-status"))
            from axe_playwright_python.sync_playwright import Axe
            axe = Axe()
            for view in ("live page", "Advanced open"):
                if view == "Advanced open":
                    lap.click("#advanced summary")
                    lap.wait_for_timeout(200)
                    help_lines = lap.eval_on_selector_all(
                        "#advanced label", "ls => ls.filter(l => !l.querySelector('.help')).length")
                    check("laptop: every Advanced control has a sentence of help", help_lines == 0,
                          help_lines)
                    lap.screenshot(path=os.path.join(shots, "serve-laptop-advanced.png"))
                found = [v["id"] for v in axe.run(lap).response["violations"]
                         if v["impact"] in ("serious", "critical")]
                check(f"laptop: axe, {view}: no serious or critical violation", not found, found)
            laptop.close()

            # A value out of range in a shared address.
            response = page.goto(base + "?numColors=0")
            check("a bad address is a 400", response.status == 400, response.status)
            check("that says what is wrong", "num-colors 0" in page.text_content("body"),
                  page.text_content("body"))
            browser.close()
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("huewall serve did not stop within 30 s of SIGTERM")
    check("the server stopped cleanly", server.returncode == 0, server.returncode)

    for failure in failures:
        print("serve-check: FAILED " + failure, file=sys.stderr)
    print(f"serve-check: {passed} passed, {len(failures)} failed", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
