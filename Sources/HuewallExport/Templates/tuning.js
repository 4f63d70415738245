"use strict";
// The live page's controls (`huewall serve`): a change asks the server for the analysis under
// the new parameters, which streams in with the tiles on screen first; each tile's colours
// change as its line arrives, and once all are in the wall re-sorts, tiles gliding to their new
// places. The values live in the address, so a view can be shared.
(function () {
  var doc = document;
  var form = doc.getElementById("tuning");
  if (!form) return;
  var wall = doc.getElementById("wall");
  var status = doc.getElementById("live-status");
  var saveButton = doc.getElementById("save");
  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var ranges = Array.prototype.slice.call(form.querySelectorAll("input[type=range][name]"));
  var toggles = Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox][name]"));
  // The Simple controls, each driving one parameter's control under Advanced.
  var simple = Array.prototype.slice.call(form.querySelectorAll("[data-drives]"));
  var progress = doc.getElementById("live-progress");
  var header = doc.getElementById("top");
  var current = null;
  var timer = null;
  var round = 0;
  // The results of the last few parameter sets, by their query: going back to one is instant.
  var recent = [];
  var keep = 8;
  // The parameters the wall shows, to tell a slow change (granularity) before it starts.
  var shownGranularity = form.elements.granularity ? form.elements.granularity.value : null;

  function remembered(key) {
    for (var i = 0; i < recent.length; i++) if (recent[i].key === key) return recent[i];
    return null;
  }
  function remember(entry) {
    recent = recent.filter(function (r) { return r.key !== entry.key; });
    recent.unshift(entry);
    if (recent.length > keep) recent.length = keep;
  }

  // The header names the parameters on screen.
  function nameShown(hash, preset, setName) {
    var name = doc.getElementById("set-name"), code = doc.getElementById("set-hash"), p = doc.getElementById("set-preset");
    if (name) name.textContent = setName || "live";
    if (code && hash) code.textContent = hash;
    if (p && preset) p.textContent = preset;
  }

  // The status line first says what the wall shows: the stored set, a live change, or a
  // person's decision; then what just happened.
  function say(text, isError, shown) {
    if (shown) status.setAttribute("data-shown", shown);
    var what = status.getAttribute("data-shown");
    status.textContent = (what && !isError ? what + " · " : "") + text;
    status.classList.toggle("error", !!isError);
  }
  // Work that takes seconds (Save, opening Compare): a bar and the seconds so far.
  var working = null, workText = "";
  function work(text) {
    var started = performance.now();
    if (working) clearInterval(working);
    progress.hidden = false;
    workText = text + "…";
    say(workText);
    working = setInterval(function () { say(workText + " (" + Math.round((performance.now() - started) / 1000) + " s)"); }, 1000);
  }
  function done() {
    if (working) clearInterval(working);
    working = null;
    progress.hidden = true;
  }
  function target(control) { return form.elements[control.getAttribute("data-drives")]; }
  function showValue(control) {
    var output = control.nextElementSibling;
    if (output && output.tagName === "OUTPUT") output.textContent = control.value;
  }
  // The Simple controls follow the Advanced ones (a preset, the address, a change there).
  function syncSimple() {
    simple.forEach(function (c) {
      var t = target(c);
      if (!t) return;
      if (c.type === "checkbox") c.checked = t.checked; else { c.value = t.value; showValue(c); }
    });
  }
  simple.forEach(function (c) {
    function drive(event) {
      event.stopPropagation();
      var t = target(c);
      if (!t || event.type === "change" && c.type !== "checkbox") return;
      if (c.type === "checkbox") t.checked = c.checked; else { t.value = c.value; showValue(c); }
      t.dispatchEvent(new Event("input", { bubbles: true }));
    }
    c.addEventListener("input", function (event) { if (c.type !== "checkbox") drive(event); else event.stopPropagation(); });
    c.addEventListener("change", drive);
  });

  // The parameters as the server reads them: the preset, then every value shown.
  function parameters() {
    var p = new URLSearchParams();
    p.set("preset", form.elements.preset.value);
    ranges.forEach(function (r) { p.set(r.name, r.value); });
    toggles.forEach(function (t) { p.set(t.name, t.checked ? "true" : "false"); });
    return p;
  }

  function tilesById() {
    var map = {};
    for (var t = wall.firstElementChild; t; t = t.nextElementSibling) map[t.getAttribute("data-product-id")] = t;
    return map;
  }

  // Tiles in the viewport, in page order: analysed first.
  function onScreen() {
    var out = [], height = window.innerHeight;
    for (var t = wall.firstElementChild; t; t = t.nextElementSibling) {
      if (t.hidden) continue;
      var r = t.getBoundingClientRect();
      if (r.bottom < 0) continue;
      if (r.top > height) break;
      out.push(t);
    }
    return out;
  }

  // A tile's colours, as the export writes them: data-c for the details, swatches sized by
  // share. Colours are set through the style object, which the page's policy allows.
  function paint(tile, line) {
    tile.setAttribute("data-family", line.family || "");
    if (line.decidedBy === "override") tile.setAttribute("data-o", line.standIn ? "stand-in" : ""); else tile.removeAttribute("data-o");
    var byHex = line.colors.map(function (c) { return c.hexFamily || ""; });
    if (byHex.some(Boolean)) tile.setAttribute("data-hf", byHex.join(";")); else tile.removeAttribute("data-hf");
    tile.classList.toggle("dis", !!line.disagreement);
    if (line.disagreement) tile.setAttribute("data-d", ""); else tile.removeAttribute("data-d");
    tile.setAttribute("data-c", line.colors.map(function (c) {
      return [c.hex, c.share, c.family, c.h, c.s, c.v].join(" ");
    }).join(";"));
    var sw = tile.querySelector(".sw");
    while (sw.firstChild) sw.removeChild(sw.firstChild);
    line.colors.forEach(function (c) {
      var i = doc.createElement("i");
      i.className = "w" + Math.min(100, Math.max(1, Math.round(c.share * 100)));
      i.style.background = c.hex;
      sw.appendChild(i);
    });
    var im = tile.querySelector(".im");
    if (line.colors.length) im.style.background = line.colors[0].hex;
    var fm = tile.querySelector(".fm"), vf = tile.getAttribute("data-vf");
    if (fm) {
      while (fm.firstChild) fm.removeChild(fm.firstChild);
      var chip = doc.createElement("i");
      chip.className = "chip fam-" + (line.family || "none");
      fm.appendChild(chip);
      fm.appendChild(doc.createTextNode(line.family || "no family"));
      if (vf) {
        var small = doc.createElement("small"), word = doc.createElement("span");
        word.className = "vw";
        word.textContent = "vendor ";
        small.appendChild(word);
        small.appendChild(doc.createTextNode(vf));
        fm.appendChild(doc.createTextNode(" "));
        fm.appendChild(small);
      }
    }
    if (line.disagreement) tile.title = "The vendor's colour says " + vf + "; the picture is " + (line.family || "no family");
    else tile.removeAttribute("title");
  }

  // Puts the tiles in `order`, the ones on screen before or after gliding from their old
  // places (first, last, invert, play).
  function reorder(order, review) {
    var byId = tilesById();
    if (review) {
      // The products to review, each with its reasons ({id: [reason, …]}), or their ids alone.
      var flagged = {};
      if (Array.isArray(review)) review.forEach(function (id) { flagged[id] = []; });
      else flagged = review;
      Object.keys(byId).forEach(function (id) {
        if (flagged[id]) byId[id].setAttribute("data-review", flagged[id].join("; ")); else byId[id].removeAttribute("data-review");
      });
    }
    var moving = onScreen();
    var first = moving.map(function (t) { return t.getBoundingClientRect(); });
    var fragment = doc.createDocumentFragment();
    order.forEach(function (id) { if (byId[id]) { fragment.appendChild(byId[id]); delete byId[id]; } });
    Object.keys(byId).forEach(function (id) { fragment.appendChild(byId[id]); });
    wall.appendChild(fragment);
    wall.dispatchEvent(new CustomEvent("huewall:reordered"));
    if (reduceMotion) return;
    moving.forEach(function (t, i) {
      var last = t.getBoundingClientRect();
      var dx = first[i].left - last.left, dy = first[i].top - last.top;
      if (!dx && !dy) return;
      t.style.transition = "none";
      t.style.transform = "translate(" + dx + "px," + dy + "px)";
    });
    requestAnimationFrame(function () {
      moving.forEach(function (t) {
        if (!t.style.transform) return;
        t.style.transition = "transform 320ms cubic-bezier(.2,.7,.2,1)";
        t.style.transform = "";
        t.addEventListener("transitionend", function done() {
          t.style.transition = "";
          t.removeEventListener("transitionend", done);
        });
      });
    });
  }

  // Reads an NDJSON response line by line as it arrives.
  function readLines(response, each) {
    var reader = response.body.getReader(), decoder = new TextDecoder(), rest = "";
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) {
          if (rest.trim()) each(JSON.parse(rest));
          return;
        }
        var lines = (rest + decoder.decode(chunk.value, { stream: true })).split("\n");
        rest = lines.pop();
        lines.forEach(function (l) { if (l.trim()) each(JSON.parse(l)); });
        return pump();
      });
    }
    return pump();
  }

  function failure(response) {
    return response.text().then(function (text) {
      var message = text;
      try { message = JSON.parse(text).error.message; } catch (e) { /* plain text */ }
      throw new Error(message || response.status + " " + response.statusText);
    });
  }

  // `quiet`: analyse behind a wall that is already right (the stored set the page was
  // rendered from), only to keep the result and ready the server's sample grids.
  function analyse(quiet) {
    var p = parameters();
    var key = p.toString();
    if (!quiet) history.replaceState(history.state, "", "?" + key + location.hash);
    if (current) current.abort();
    current = null;
    var mine = ++round;
    var started = performance.now();
    var total = wall.children.length;
    var known = quiet ? null : remembered(key);
    if (known) {
      var tiles = tilesById();
      known.lines.forEach(function (line) { if (tiles[line.product]) paint(tiles[line.product], line); });
      reorder(known.order, known.review);
      remember(known);
      nameShown(known.hash, known.preset);
      shownGranularity = p.get("granularity");
      say(known.painted + " tiles from a recent analysis of these parameters, at once (" + Math.round(performance.now() - started) + " ms)", false, "a live change, not saved");
      wall.setAttribute("data-analysed", String(mine));
      wall.setAttribute("data-cached", String(mine));
      return;
    }
    var controller = new AbortController();
    current = controller;
    var asked = new URLSearchParams(p);
    asked.set("first", onScreen().map(function (t) { return t.getAttribute("data-product-id"); }).join("\n"));
    var byId = tilesById(), painted = 0, failed = 0, lines = [];
    var slow = shownGranularity !== null && p.get("granularity") !== shownGranularity;
    var warning = slow ? "granularity " + shownGranularity + " → " + p.get("granularity") + ": every image gets a new sample grid (decoded again, unless the new granularity is a multiple of one it has), which takes seconds; the wall keeps the old colours until each tile's arrive. " : "";
    if (!quiet) {
      form.setAttribute("aria-busy", "true");
      form.classList.toggle("slow", slow);
      say(warning + "analysing…");
    }
    fetch("api/analysis?" + asked.toString(), { signal: controller.signal })
      .then(function (response) {
        if (!response.ok) return failure(response);
        return readLines(response, function (line) {
          if (mine !== round) return;
          if (line.product !== undefined) {
            if (line.failure) { failed++; return; }
            lines.push(line);
            painted++;
            if (quiet) return;
            if (byId[line.product]) paint(byId[line.product], line);
            if (painted === 1 || painted % 100 === 0) say(warning + "analysing… " + painted + " of " + total + " tiles");
          } else if (line.order) {
            remember({ key: key, lines: lines, order: line.order, review: line.reasons || line.review, hash: line.hash, preset: line.preset, painted: painted });
            if (quiet) return;
            reorder(line.order, line.reasons || line.review);
            if (resortButton) resortButton.disabled = true;
            nameShown(line.hash, line.preset);
            shownGranularity = p.get("granularity");
            var ms = Math.round(performance.now() - started);
            say(painted + " tiles re-analysed in " + ms + " ms" + (failed ? ", " + failed + " images could not be read" : ""), false, "a live change, not saved");
            wall.setAttribute("data-analysed", String(mine));
          }
        });
      })
      .catch(function (error) {
        if (error.name === "AbortError") return;
        say(error.message, true);
      })
      .then(function () {
        if (mine === round && !quiet) { form.removeAttribute("aria-busy"); form.classList.remove("slow"); }
      });
  }

  // Phones: the controls fold behind one button, so that the wall starts on the first screen.
  var moreControls = doc.getElementById("t-more");
  if (moreControls) {
    moreControls.addEventListener("click", function () {
      // A folded header unfolds with the controls open.
      var folded = header && header.classList.contains("collapsed") && !header.classList.contains("open");
      if (folded && header.huewallUnfold) header.huewallUnfold();
      var open = folded ? true : form.classList.toggle("open");
      form.classList.toggle("open", open);
      moreControls.setAttribute("aria-expanded", String(open));
      window.dispatchEvent(new Event("resize"));
    });
  }

  function changed(event) {
    syncSimple();
    var output = event.target.nextElementSibling;
    if (event.target.type === "range" && output && output.tagName === "OUTPUT") output.textContent = event.target.value;
    if (event.target.name === "saveName") return;
    clearTimeout(timer);
    timer = setTimeout(function () { analyse(false); }, 120);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", function (event) { if (event.target.tagName === "SELECT") changed(event); });

  // Compare: the live parameters beside a stored set, on a page of their own.
  var compareButton = doc.getElementById("compare");
  if (compareButton) {
    compareButton.addEventListener("click", function () {
      var p = parameters();
      p.set("a", "live");
      p.set("b", doc.getElementById("compare-with").value);
      compareButton.disabled = true;
      work("opening the comparison: both walls are analysed and set side by side");
      window.location.href = "compare?" + p.toString();
    });
  }

  function offerToCompare(name) {
    var select = doc.getElementById("compare-with");
    if (!select) return;
    var have = Array.prototype.some.call(select.options, function (o) { return o.value === name; });
    if (!have) {
      var option = doc.createElement("option");
      option.textContent = name;
      select.appendChild(option);
    }
    select.value = name;
  }

  // The page was rendered from a stored set of these parameters: analyse behind it.
  if (form.hasAttribute("data-stored")) {
    nameShown(null, null, form.getAttribute("data-stored"));
    say("as the last run analysed it; a change re-analyses the wall live", false, "the stored set " + form.getAttribute("data-stored"));
    analyse(true);
  }
  // A link to parameters no set has: the page came at once with a stored set's wall, and the
  // analysis of its own parameters streams in, the tiles on screen first.
  if (form.hasAttribute("data-pending")) {
    analyse(false);
    say("analysing the parameters of this address, the tiles on screen first; until then the wall is the stored set " + form.getAttribute("data-pending") + "'s", false, "a live change, not saved");
  }

  // Re-sort: a decision changes its tile in place and leaves the wall's order alone, so that
  // nothing moves under the person's hands; this puts the decided tiles where their colours
  // now belong (as the next load of the page does).
  var resortButton = doc.getElementById("resort");
  if (resortButton) {
    resortButton.addEventListener("click", function () {
      resortButton.disabled = true;
      recent = [];
      analyse(false);
    });
  }

  // A pinned tile's details let a person decide its colour (or clear the decision), as
  // `huewall set-color` does. The server answers with the tile's new line (its colours with
  // the decision applied, whether it disagrees with the vendor, why it needs review): that
  // tile and the counts change, nothing else; the wall keeps its order and the view its place
  // until the person re-sorts.
  var families = (form.getAttribute("data-families") || "").split(" ").filter(Boolean);
  var detail = doc.getElementById("detail");
  detail.addEventListener("huewall:details", function (e) {
    if (!e.detail.pinned) return;
    var tile = e.detail.tile, id = tile.getAttribute("data-product-id");
    var box = doc.createElement("form");
    box.className = "decide";
    box.setAttribute("aria-label", "Decide the colour");
    var family = doc.createElement("select");
    family.name = "family";
    family.setAttribute("aria-label", "Colour family");
    families.forEach(function (f) {
      var option = doc.createElement("option");
      option.textContent = f;
      family.appendChild(option);
    });
    family.value = tile.getAttribute("data-family") || families[0];
    var hex = doc.createElement("input");
    hex.name = "hex";
    hex.placeholder = "#rrggbb";
    hex.setAttribute("aria-label", "Exact colour (optional)");
    var note = doc.createElement("input");
    note.name = "note";
    note.placeholder = "note (optional)";
    note.setAttribute("aria-label", "Note");
    var set = doc.createElement("button");
    set.type = "submit";
    set.textContent = "Set colour";
    var clear = doc.createElement("button");
    clear.type = "button";
    clear.textContent = "Clear";
    clear.disabled = !tile.hasAttribute("data-o");
    var said = doc.createElement("output");
    [family, hex, set, clear, note, said].forEach(function (n) { box.appendChild(n); });
    function send(fields) {
      set.disabled = clear.disabled = true;
      said.classList.remove("error");
      said.textContent = "saving…";
      var address = parameters();
      address.set("product", id);
      fetch("api/color?" + address.toString(), {
        method: "POST",
        headers: { "X-Huewall-Token": form.dataset.token, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString()
      })
        .then(function (response) {
          if (!response.ok) return failure(response);
          return response.json().then(function (answer) {
            if (answer.line && !answer.line.failure) paint(tile, answer.line);
            else if (answer.decidedBy === "override") {
              tile.setAttribute("data-o", "");
              tile.setAttribute("data-family", answer.override.family);
            } else tile.removeAttribute("data-o");
            var reasons = answer.review || [];
            if (reasons.length) tile.setAttribute("data-review", reasons.join("; "));
            else tile.removeAttribute("data-review");
            wall.dispatchEvent(new CustomEvent("huewall:changed", { detail: tile }));
            var shown = answer.decidedBy === "override" && answer.hex
              ? " — shown as " + answer.hex + (answer.name ? " (" + answer.name + ")" : "") : "";
            say(answer.message + shown + "; the wall keeps its order until you re-sort", false, "decided by a person");
            if (resortButton) resortButton.disabled = false;
            wall.setAttribute("data-decided", id);
            wall.setAttribute("data-decisions", String(+(wall.getAttribute("data-decisions") || 0) + 1));
            // Every recent result predates the decision.
            recent = [];
          });
        })
        .catch(function (error) {
          said.textContent = error.message;
          said.classList.add("error");
          set.disabled = false;
          clear.disabled = !tile.hasAttribute("data-o");
        });
    }
    box.addEventListener("submit", function (event) {
      event.preventDefault();
      send({ family: family.value, hex: hex.value.trim(), note: note.value.trim() });
    });
    clear.addEventListener("click", function () { send({ clear: "true" }); });
    detail.appendChild(box);
  });

  // Save: the live parameters become a stored parameter set, analysed and exported as
  // `huewall analyze --name` and `huewall export --params` would.
  saveButton.addEventListener("click", function () {
    var name = form.elements.saveName.value.trim();
    if (!name) { say("give the parameter set a name first", true); return; }
    var p = parameters();
    p.set("name", name);
    saveButton.disabled = true;
    work("saving " + name + ": the catalogue is analysed with these parameters and exported");
    // The server accepts changes from its own page only, which carries its token.
    fetch("api/save?" + p.toString(), {
      method: "POST", headers: { "X-Huewall-Token": form.dataset.token }
    })
      .then(function (response) {
        if (!response.ok) return failure(response);
        return readLines(response, function (line) {
          // The set is stored from its first "saved" line on: Compare offers it at once, and
          // the header names it.
          if (/^saved /.test(line.message)) {
            offerToCompare(name);
            nameShown(null, null, name);
            status.setAttribute("data-shown", "the stored set " + name);
          }
          if (line.failed || /exported it to/.test(line.message)) done();
          if (working) workText = line.message;
          say(line.message, line.failed);
        });
      })
      .catch(function (error) { done(); say(error.message, true); })
      .then(function () { done(); saveButton.disabled = false; });
  });
})();
