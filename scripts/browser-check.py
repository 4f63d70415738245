"""Checks an export's preview page in headless Chromium (see scripts/browser-check).

usage: python3 scripts/browser-check.py EXPORT-FOLDER SCREENSHOT-FOLDER [HOSTILE-EXPORT-FOLDER]

The page runs its own checks when opened with ?selftest (filters, details, layout switch,
errors it caught) and writes them into the DOM; this script reads them with --dump-dom,
compares the tiles with colors.json, looks for console errors in Chromium's log, and takes
screenshots of both layouts.
"""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("browser-check: no chromium on PATH (scripts/setup installs Debian's chromium)")


def run_chromium(args, profile):
    command = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--no-first-run", "--disable-extensions", "--mute-audio", "--enable-logging=stderr",
        "--v=0", f"--user-data-dir={profile}", "--window-size=1400,900",
    ] + args
    result = subprocess.run(command, capture_output=True, text=True, timeout=180)
    if result.returncode != 0:
        sys.exit(f"browser-check: chromium failed ({result.returncode}): {result.stderr[-2000:]}")
    return result


def console_messages(stderr):
    return [line for line in stderr.splitlines() if ":CONSOLE" in line]


def self_test(export, profile, failures, label):
    """Opens EXPORT's page with ?selftest; returns (tiles, expected, report, dom)."""
    page = os.path.abspath(os.path.join(export, "index.html"))
    with open(os.path.join(export, "colors.json"), encoding="utf-8") as f:
        expected = [p["id"] for p in json.load(f)["products"]]
    result = run_chromium(
        ["--virtual-time-budget=15000", "--dump-dom", f"file://{page}?selftest"], profile)
    dom = result.stdout
    tiles = [html.unescape(m) for m in re.findall(
        r'<li class="tile[^"]*"[^>]*?data-product-id="([^"]*)"', dom)]
    if tiles != expected:
        failures.append(f"{label}: tiles {tiles} are not colors.json's products {expected}")
    match = re.search(r'<pre id="selftest-result"[^>]*>(.*?)</pre>', dom, re.S)
    report = {}
    if not match:
        failures.append(f"{label}: the page's self-test did not finish")
    else:
        report = json.loads(html.unescape(match.group(1)))
        if not report.get("done"):
            failures.append(f"{label}: the page's self-test stopped after: "
                            + ", ".join(c["name"] for c in report["checks"]))
        for check in report["checks"]:
            if not check["ok"]:
                failures.append(f"{label}: self-test: {check['name']} failed: {check['info']}")
    console = console_messages(result.stderr)
    if console:
        failures.append(f"{label}: console messages: " + " | ".join(console))
    return tiles, expected, report, dom


def main():
    export, shots = sys.argv[1], sys.argv[2]
    hostile = sys.argv[3] if len(sys.argv) > 3 else None
    page = os.path.abspath(os.path.join(export, "index.html"))
    failures = []
    passed = 0
    with tempfile.TemporaryDirectory() as profile:
        tiles, expected, report, dom = self_test(export, profile, failures, "samples")
        checks = report.get("checks", [])
        passed += sum(1 for c in checks if c["ok"]) + (tiles == expected)
        # The samples' wall has families, so typing a family's word in another language must
        # have been tried (the page skips it on a wall without one).
        if report and not any(c["name"] == "search by a family's word" for c in checks):
            failures.append("samples: the self-test never searched by a family's word")
        ready = re.search(r'data-ready-ms="(\d+)"', dom)

        wall_shot = os.path.join(shots, "preview.png")
        list_shot = os.path.join(shots, "preview-list.png")
        for target, url in ((wall_shot, f"file://{page}"), (list_shot, f"file://{page}#list")):
            shot = run_chromium(
                ["--virtual-time-budget=5000", f"--screenshot={target}", url], profile)
            console = console_messages(shot.stderr)
            if console:
                failures.append("console messages: " + " | ".join(console))

        if hostile:
            h_tiles, h_expected, h_report, h_dom = self_test(hostile, profile, failures, "hostile feed")
            h_checks = h_report.get("checks", [])
            passed += sum(1 for c in h_checks if c["ok"]) + (h_tiles == h_expected)
            scripts = len(re.findall(r"<script", h_dom))
            if scripts != 3:
                failures.append(f"hostile feed: {scripts} script elements in the page, not 3")
            else:
                passed += 1
            if "file:///etc/passwd" in h_dom or "javascript:" in h_dom.lower():
                failures.append("hostile feed: a non-web link reached the page")
            else:
                passed += 1
            for check in h_checks:
                print(f"  {'ok  ' if check['ok'] else 'FAIL'} hostile feed: {check['name']}")

    for check in checks:
        print(f"  {'ok  ' if check['ok'] else 'FAIL'} {check['name']}")
    print(f"  {len(tiles)} tiles in gradient order, page ready after "
          f"{ready.group(1) if ready else '?'} ms; screenshots {wall_shot}, {list_shot}")
    for failure in failures:
        print(f"browser-check: {failure}", file=sys.stderr)
    print(f"browser-check: {passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
