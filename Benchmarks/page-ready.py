"""Times a preview page in headless Chromium (export-benchmarks, part C).

usage: python3 page-ready.py INDEX.HTML [RUNS]

Opens the page with ?bench, which marks the time from navigation start to a parsed, styled and
laid-out page with its script run (data-layout-ms) and to the first animation frame
(data-ready-ms). Prints the median of RUNS runs (default 5), and the whole browser process's
time for scale (start-up included).
"""

import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

page, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
chromium = shutil.which("chromium") or sys.exit("no chromium on PATH")
layout, frame, script, wall = [], [], [], []
for _ in range(runs):
    with tempfile.TemporaryDirectory() as profile:
        start = time.monotonic()
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             f"--user-data-dir={profile}", "--window-size=1400,900", "--timeout=10000",
             "--dump-dom", f"file://{page}?bench"],
            capture_output=True, text=True, timeout=120).stdout
        wall.append(time.monotonic() - start)
    marks = dict(re.findall(r'data-(layout|ready|script)-ms="(\d+)"', dom[:3000]))
    layout.append(int(marks.get("layout", -1)))
    frame.append(int(marks.get("ready", -1)))
    script.append(int(marks.get("script", -1)))
tiles = len(re.findall(r'<li class="tile', dom))
print(f"C. {tiles} tiles: laid out with the script run after {statistics.median(layout)} ms "
      f"(runs {layout}), script {statistics.median(script)} ms, first frame "
      f"{statistics.median(frame)} ms; chromium process {statistics.median(wall):.2f} s "
      f"(target ≤ 1 s to a laid-out page)")
