"use strict";
(function () {
  var t0 = performance.now();
  var doc = document;
  var wall = doc.getElementById("wall");
  var tiles = Array.prototype.slice.call(wall.children);
  var detail = doc.getElementById("detail");
  var brandSelect = doc.getElementById("f-brand");
  var familyButtons = Array.prototype.slice.call(doc.querySelectorAll("#f-family button"));
  var disBox = doc.getElementById("f-dis");
  var reviewBox = doc.getElementById("f-rev");
  var searchBox = doc.getElementById("f-q");
  var header = doc.getElementById("top");
  var moreButton = doc.getElementById("f-more");
  var shownOut = doc.getElementById("shown");
  var layoutButtons = { wall: doc.getElementById("l-wall"), list: doc.getElementById("l-list") };
  var reduceMotion = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  var filter = { brand: null, family: "", dis: false, review: false, q: "" };
  var haystacks = null;  // each tile's title, id, brand and colours, folded, made on the first search
  // Each family's words (its name and its basic terms in every language of the lexicon, from the
  // family buttons), folded: a tile is found by its analysed family's words, read from the
  // tile at each search because the live page re-analyses it.
  var familyWords = {};
  familyButtons.forEach(function (b) {
    var f = b.getAttribute("data-family");
    if (f) familyWords[f] = fold(f + " " + (b.getAttribute("data-words") || ""));
  });
  var shown = tiles;
  var pinned = null;
  var animating = null;

  function safeLink(url) {
    return /^https?:\/\//i.test(url || "") ? url : "";
  }

  // What a search compares: lower case, accents dropped, so "cafe" finds "Café".
  function fold(text) {
    return String(text || "").normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function haystack(t) {
    if (!haystacks) haystacks = new WeakMap();
    var h = haystacks.get(t);
    if (h === undefined) {
      h = fold([t.querySelector(".tx b").textContent, t.getAttribute("data-product-id"), t.getAttribute("data-brand"),
        t.getAttribute("data-vc"), t.getAttribute("data-vf"), t.getAttribute("data-n")].join("\n"));
      haystacks.set(t, h);
    }
    return h;
  }
  // A tile near a family boundary is found by its second family's words too.
  function familyHaystack(t) {
    var f = t.getAttribute("data-family") || "", f2 = t.getAttribute("data-f2");
    return (familyWords[f] || fold(f)) + (f2 ? "\n" + (familyWords[f2] || fold(f2)) : "");
  }
  function found(t, word) {
    return haystack(t).indexOf(word) >= 0 || familyHaystack(t).indexOf(word) >= 0;
  }

  // Filters: one pass over the tiles, writes only. Every word of the search must appear in
  // the title, the id, the brand, the vendor's colour and its family, the colours' names or
  // the analysed family's words ("green", "verde", "grün").
  function applyFilters() {
    var next = [];
    var words = fold(filter.q).split(/\s+/).filter(Boolean);
    for (var i = 0; i < tiles.length; i++) {
      var t = tiles[i];
      var ok = (filter.brand === null || t.getAttribute("data-brand") === filter.brand) &&
        (filter.family === "" || t.getAttribute("data-family") === filter.family ||
          t.getAttribute("data-f2") === filter.family) &&
        (!filter.dis || t.hasAttribute("data-d")) &&
        (!filter.review || t.hasAttribute("data-review"));
      for (var w = 0; ok && w < words.length; w++) ok = found(t, words[w]);
      if (t.hidden === ok) t.hidden = !ok;
      if (ok) next.push(t);
    }
    shown = next;
    shownOut.textContent = next.length === tiles.length ? next.length + " shown" : next.length + " of " + tiles.length + " shown";
    doc.getElementById("none").hidden = next.length > 0;
    hideDetail(true);
    scheduleImages();
    writeAddress();
    wall.dispatchEvent(new CustomEvent("huewall:filtered"));
  }

  // The view in the address, after '#': the layout, the search and every filter
  // (`#list&q=sneaker&family=red&brand=Northpeak&dis&review`), so that a reload or a shared link opens
  // the same view. The live page keeps its parameters in the query, the view here.
  function viewState() {
    var parts = [];
    if (wall.classList.contains("list")) parts.push("list");
    if (filter.q) parts.push("q=" + encodeURIComponent(filter.q));
    if (filter.family) parts.push("family=" + encodeURIComponent(filter.family));
    if (filter.brand !== null) parts.push("brand=" + encodeURIComponent(filter.brand));
    if (filter.dis) parts.push("dis");
    if (filter.review) parts.push("review");
    return parts.join("&");
  }
  function writeAddress() {
    if (!history.replaceState) return;
    var hash = viewState();
    if (hash === location.hash.slice(1)) return;
    history.replaceState(history.state, "", hash ? "#" + hash : location.pathname + location.search);
  }
  function readAddress() {
    var state = { list: false, q: "", family: "", brand: null, dis: false, review: false };
    location.hash.slice(1).split("&").forEach(function (part) {
      var eq = part.indexOf("="), key = eq < 0 ? part : part.slice(0, eq);
      var value = "";
      try { value = eq < 0 ? "" : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, " ")); } catch (e) { return; }
      if (key === "list") state.list = true;
      else if (key === "q") state.q = value;
      else if (key === "family") state.family = value;
      else if (key === "brand") state.brand = value;
      else if (key === "dis") state.dis = true;
      else if (key === "review") state.review = true;
    });
    return state;
  }
  function applyAddress() {
    var state = readAddress();
    filter.q = state.q;
    searchBox.value = state.q;
    var familyButton = familyButtons.filter(function (b) { return b.getAttribute("data-family") === state.family; })[0] || familyButtons[0];
    filter.family = familyButton.getAttribute("data-family");
    familyButtons.forEach(function (b) { b.setAttribute("aria-pressed", String(b === familyButton)); });
    rove(familyButton);
    var option = state.brand === null ? null : Array.prototype.filter.call(brandSelect.options, function (o) { return !o.hasAttribute("data-all") && o.value === state.brand; })[0];
    brandSelect.selectedIndex = option ? option.index : 0;
    filter.brand = option ? option.value : null;
    disBox.checked = state.dis;
    filter.dis = state.dis;
    reviewBox.checked = state.review;
    filter.review = state.review;
    return state;
  }

  var searchTimer = null;
  searchBox.addEventListener("input", function () {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(function () { filter.q = searchBox.value.trim(); applyFilters(); }, tiles.length > 3000 ? 150 : 40);
  });
  searchBox.addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); clearTimeout(searchTimer); filter.q = searchBox.value.trim(); applyFilters(); }
  });
  doc.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  window.addEventListener("hashchange", function () {
    if (location.hash.slice(1) === viewState()) return;
    var state = applyAddress();
    applyFilters();
    setLayout(state.list ? "list" : "wall");
  });

  brandSelect.addEventListener("change", function () {
    var option = brandSelect.options[brandSelect.selectedIndex];
    filter.brand = option.hasAttribute("data-all") ? null : option.value;
    applyFilters();
  });
  familyButtons.forEach(function (button) {
    button.addEventListener("click", function () {
      filter.family = button.getAttribute("data-family");
      familyButtons.forEach(function (b) { b.setAttribute("aria-pressed", String(b === button)); });
      applyFilters();
    });
  });
  disBox.addEventListener("change", function () {
    filter.dis = disBox.checked;
    applyFilters();
  });
  reviewBox.addEventListener("change", function () {
    filter.review = reviewBox.checked;
    applyFilters();
  });

  // Tiles in the viewport (widened by `margin` pixels): shown tiles are in document order and
  // so in page order, in both layouts, so a binary search finds the first one and a short walk
  // the rest.
  function visibleTiles(margin) {
    margin = margin || 0;
    var height = window.innerHeight + margin, lo = 0, hi = shown.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (shown[mid].getBoundingClientRect().bottom < -margin) lo = mid + 1; else hi = mid;
    }
    var out = [];
    for (var i = lo; i < shown.length; i++) {
      var r = shown[i].getBoundingClientRect();
      if (r.top > height) break;
      out.push(shown[i]);
    }
    return out;
  }

  // Thumbnails are made into <img> elements only for tiles near the viewport (a screen above
  // and below): ten thousand <img> elements would cost more to parse than the whole rest of
  // the page. Until its picture arrives a tile shows its first colour.
  var imagesPending = false;
  function loadImages() {
    imagesPending = false;
    var near = visibleTiles(window.innerHeight);
    for (var i = 0; i < near.length; i++) {
      var box = thumb(near[i]), name = box.getAttribute("data-t");
      if (!name || box.firstChild) continue;
      var img = doc.createElement("img");
      img.decoding = "async";
      img.alt = "";
      img.addEventListener("error", thumbMissing);
      img.src = /^data:image\//.test(name) ? name : "thumbs/" + name;
      box.appendChild(img);
    }
  }
  // A thumbnail that cannot be loaded (index.html sent alone, a thumbs/ folder not copied):
  // the tile keeps its first colour, which its box already has.
  function thumbMissing(e) {
    var img = e.target, box = img.parentNode;
    if (!box) return;
    box.removeChild(img);
    box.removeAttribute("data-t");
    box.classList.add("gone");
  }
  function scheduleImages() {
    if (imagesPending) return;
    imagesPending = true;
    requestAnimationFrame(loadImages);
  }
  window.addEventListener("scroll", scheduleImages, { passive: true });
  // The live page re-sorts the wall: take the tiles again in their new order, and count the
  // families and disagreements the new colours give (a family with none is hidden).
  // One count of the families, by each product's analysed family: the chips, the hue strip
  // and the list all show it (wall.huewallFamilies).
  function countFamilies() {
    var families = {}, disagreements = 0, review = 0;
    tiles.forEach(function (t) {
      var f = t.getAttribute("data-family");
      families[f] = (families[f] || 0) + 1;
      if (t.hasAttribute("data-d")) disagreements++;
      if (t.hasAttribute("data-review")) review++;
    });
    wall.huewallFamilies = families;
    return { families: families, disagreements: disagreements, review: review };
  }
  countFamilies();
  // The header's counts anew. `showNew`: a family button with products again is shown (after
  // a re-sort); without it a change in place only updates the numbers, so that the header
  // keeps its height and the wall its place.
  function recount(showNew) {
    var counted = countFamilies(), families = counted.families, disagreements = counted.disagreements;
    familyButtons.forEach(function (b) {
      var f = b.getAttribute("data-family");
      if (!f) return;
      b.querySelector("span").textContent = String(families[f] || 0);
      if (showNew) b.hidden = !families[f];
    });
    doc.getElementById("count-disagreements").textContent = String(disagreements);
    doc.getElementById("count-review").textContent = String(counted.review);
  }
  wall.addEventListener("huewall:reordered", function () {
    tiles = Array.prototype.slice.call(wall.children);
    recount(true);
    applyFilters();
  });
  // The live page changed a tile in place (a person decided its colour): the counts and its
  // details anew; the tiles stay where they are, filters included, until a re-sort.
  wall.addEventListener("huewall:changed", function (e) {
    if (haystacks) haystacks.delete(e.detail);
    recount(false);
    if (pinned && pinned === e.detail) showDetail(pinned);
  });
  window.addEventListener("resize", scheduleImages);

  function thumb(tile) { return tile.firstElementChild; }

  // The wall <-> list switch, animated FLIP-style: thumbnails on screen fly from their old
  // place and size to the new one (transforms only, driven by requestAnimationFrame), the rest
  // of each tile fades in. All reads happen before all writes.
  function setLayout(mode, done) {
    var list = mode === "list";
    if (wall.classList.contains("list") === list) { if (done) done(); return; }
    if (animating) animating.finish();
    hideDetail(true);
    var before = visibleTiles();
    var anchor = before[0];
    var anchorTop = anchor ? anchor.getBoundingClientRect().top : 0;
    var first = before.map(function (t) { return thumb(t).getBoundingClientRect(); });
    wall.classList.toggle("list", list);
    layoutButtons.wall.setAttribute("aria-pressed", String(!list));
    layoutButtons.list.setAttribute("aria-pressed", String(list));
    writeAddress();
    if (anchor) window.scrollBy(0, anchor.getBoundingClientRect().top - anchorTop);
    if (reduceMotion || !before.length) { loadImages(); if (done) done(); return; }
    var after = visibleTiles();
    var moves = [];
    for (var i = 0; i < before.length; i++) {
      var a = first[i], b = thumb(before[i]).getBoundingClientRect();
      if (!b.width) continue;
      moves.push({ el: thumb(before[i]), dx: a.left - b.left, dy: a.top - b.top, s: a.width / b.width });
    }
    after.concat(before).forEach(function (t) { t.classList.add("fade"); });
    var start = null, duration = 420;
    function frame(now) {
      if (start === null) start = now;
      var p = Math.min(1, (now - start) / duration);
      var e = 1 - Math.pow(1 - p, 3);
      for (var j = 0; j < moves.length; j++) {
        var m = moves[j], k = 1 - e;
        m.el.style.transform = p < 1 ? "translate(" + (m.dx * k) + "px," + (m.dy * k) + "px) scale(" + (1 + (m.s - 1) * k) + ")" : "";
      }
      if (p < 1) { animating.id = requestAnimationFrame(frame); } else { animating.finish(); }
    }
    animating = {
      id: 0,
      // Frames stop in a hidden tab: the timer makes sure the switch always completes.
      timer: setTimeout(function () { if (animating) animating.finish(); }, duration + 250),
      finish: function () {
        cancelAnimationFrame(this.id);
        clearTimeout(this.timer);
        moves.forEach(function (m) { m.el.style.transform = ""; });
        after.concat(before).forEach(function (t) { t.classList.remove("fade"); });
        animating = null;
        loadImages();
        if (done) { var d = done; done = null; d(); }
      }
    };
    frame(performance.now());
  }
  layoutButtons.wall.addEventListener("click", function () { setLayout("wall"); });
  layoutButtons.list.addEventListener("click", function () { setLayout("list"); });

  // Details on hover, focus or tap: one shared panel, filled with textContent only.
  function el(tag, text, cls) {
    var e = doc.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  // Shares as whole percents that add up to 100 (largest remainder), the part of the picture
  // outside the colours listed as one more share ("other colours").
  function percents(shares) {
    var values = shares.map(function (x) { return Math.max(0, parseFloat(x) || 0); });
    var sum = values.reduce(function (a, b) { return a + b; }, 0);
    var rest = sum < 1 ? 1 - sum : 0;
    var all = values.concat(rest >= 0.005 ? [rest] : []);
    var total = all.reduce(function (a, b) { return a + b; }, 0) || 1;
    var exact = all.map(function (x) { return x * 100 / total; });
    var whole = exact.map(Math.floor);
    var left = 100 - whole.reduce(function (a, b) { return a + b; }, 0);
    exact.map(function (x, i) { return { i: i, r: x - whole[i] }; })
      .sort(function (a, b) { return b.r - a.r || a.i - b.i; })
      .slice(0, left).forEach(function (o) { whole[o.i]++; });
    return { colours: whole.slice(0, values.length), other: all.length > values.length ? whole[values.length] : null };
  }
  // Hue in degrees, saturation and brightness in percent: what a person reads.
  function degrees(h) { return Math.round((parseFloat(h) || 0) * 360) % 360 + "°"; }
  function wholePercent(x) { return Math.round((parseFloat(x) || 0) * 100) + " %"; }
  function showDetail(tile) {
    var d = tile.dataset;
    var title = tile.querySelector(".tx b").textContent;
    detail.textContent = "";
    if (pinned === tile) {
      var close = el("button", "×", "close");
      close.type = "button";
      close.setAttribute("aria-label", "Close the details");
      close.addEventListener("click", function () { var t = pinned; hideDetail(true); if (t) t.focus({ preventScroll: true }); });
      detail.appendChild(close);
    }
    detail.appendChild(el("h2", title || "(untitled)"));
    detail.appendChild(el("p", "#" + (tiles.indexOf(tile) + 1) + " of " + tiles.length + " · " + d.productId, "pos"));
    if (d.o !== undefined) detail.appendChild(el("p", "✎ decided by a person" + (d.o === "stand-in" ? ": " + d.family : ""), "person"));
    if (d.o === "stand-in") detail.appendChild(el("p", "The photo holds no colour near " + d.family + ", so the family's typical colour stands in for the product's own.", "why"));
    if (d.review !== undefined) detail.appendChild(el("p", "needs review" + (d.review ? ": " + d.review : ""), "review"));
    if (d.d !== undefined) {
      detail.appendChild(el("p", "vendor colour disagrees", "flag"));
      detail.appendChild(el("p", "The vendor's code " + (d.vc || "") + " names " + d.vf + "; the picture's colours make it " + (d.family || "no family") + ".", "why"));
    }
    var dl = el("dl");
    function row(label, value) {
      dl.appendChild(el("dt", label));
      var dd = el("dd");
      if (value instanceof Node) dd.appendChild(value); else dd.textContent = value;
      dl.appendChild(dd);
    }
    row("brand", d.brand || "—");
    // A colourway's sizes: the feed items the tile stands for.
    if (d.sz) row("sizes", d.sz);
    row("vendor colour", d.vc ? d.vc + (d.vf ? " → " + d.vf : " (no family)") : "—");
    row(d.o !== undefined ? "family" : "analysed family", d.family || "—");
    // Kept apart from the colours: the backdrop is never the product's colour.
    row("backdrop", d.bd || "—");
    var href = safeLink(d.href);
    if (href) {
      var a = el("a", "product page ↗");
      a.href = href;
      a.rel = "noopener noreferrer";
      a.target = "_blank";
      row("link", a);
    }
    detail.appendChild(dl);
    var table = el("table"), head = el("tr");
    [["", ""], ["hex", ""], ["hue", "hue on the colour wheel"], ["sat.", "saturation"], ["bright.", "brightness"], ["share", "share of the product's picture"], ["family", ""]].forEach(function (h) {
      var th = el("th", h[0]);
      if (h[1]) th.title = h[1];
      head.appendChild(th);
    });
    table.appendChild(head);
    var colours = (d.c || "").split(";").filter(Boolean).map(function (c) { return c.split(" "); });
    var shares = percents(colours.map(function (f) { return f[1]; }));
    colours.forEach(function (f, i) {
      var tr = el("tr"), sw = el("td");
      var chip = el("i", undefined, "chip x" + f[0].slice(1));
      chip.style.background = f[0];
      sw.appendChild(chip);
      tr.appendChild(sw);
      [f[0], degrees(f[3]), wholePercent(f[4]), wholePercent(f[5]), shares.colours[i] + " %", f[2]].forEach(function (v) { tr.appendChild(el("td", v)); });
      table.appendChild(tr);
    });
    if (shares.other !== null && colours.length) {
      var tr = el("tr", undefined, "other");
      ["", "other colours", "", "", "", shares.other + " %", ""].forEach(function (v) { tr.appendChild(el("td", v)); });
      table.appendChild(tr);
    }
    detail.appendChild(table);
    // Where a colour's family is not its hex's alone, say which step filed it: the analysis
    // (its pixels' mean saturation or lit side) or the shop's calibration (the product's family
    // learned from its vendor colours).
    var byHex = (d.hf || "").split(";");
    colours.forEach(function (f, i) {
      if (byHex[i]) detail.appendChild(el("p", f[0] + " is " + byHex[i] + " by its hex alone; the analysis filed it " + f[2] + " by the mean saturation and the lit side of its pixels.", "why"));
    });
    var topFamily = colours.length ? colours[0][2] : "";
    if (d.o === undefined && d.family && topFamily && d.family !== topFamily && d.family !== "multicolour") {
      detail.appendChild(el("p", "Filed " + d.family + ", not " + topFamily + " as its top colour " + colours[0][0] + " is: the shop's calibration files colours like it " + d.family + ", as its vendor colours teach.", "why"));
    }
    // The live page adds its controls to a pinned tile's details (tuning.js).
    detail.dispatchEvent(new CustomEvent("huewall:details", { detail: { tile: tile, pinned: pinned === tile } }));
    detail.hidden = false;
    var r = tile.getBoundingClientRect(), w = detail.offsetWidth, h = detail.offsetHeight;
    var x = r.right + 8, y = Math.max(8, r.top);
    if (x + w > window.innerWidth - 8) x = Math.max(8, r.left - w - 8);
    if (wall.classList.contains("list")) { x = Math.max(8, Math.min(r.left + 80, window.innerWidth - w - 8)); y = r.bottom + 4; }
    if (y + h > window.innerHeight - 8) y = Math.max(8, window.innerHeight - h - 8);
    detail.style.left = x + "px";
    detail.style.top = y + "px";
  }
  function hideDetail(force) {
    if (pinned && !force) return;
    if (pinned) pinned.classList.remove("on");
    pinned = null;
    detail.hidden = true;
  }
  function tileOf(node) {
    while (node && node !== wall) {
      if (node.parentNode === wall) return node;
      node = node.parentNode;
    }
    return null;
  }
  // A tap sends mouseover before its click: on a touch screen details open on the tap alone,
  // never under the finger on the way.
  var touching = false;
  wall.addEventListener("pointerdown", function (e) { touching = e.pointerType !== "mouse"; }, { passive: true });
  wall.addEventListener("mouseover", function (e) {
    var t = tileOf(e.target);
    if (t && !pinned && !touching) showDetail(t);
  });
  wall.addEventListener("mouseleave", function () { hideDetail(false); });
  wall.addEventListener("focusin", function (e) {
    var t = tileOf(e.target);
    if (t && !touching) { if (pinned && pinned !== t) hideDetail(true); showDetail(t); }
  });
  function pin(t) {
    if (pinned === t) { hideDetail(true); return; }
    hideDetail(true);
    pinned = t;
    t.classList.add("on");
    showDetail(t);
  }
  wall.addEventListener("click", function (e) {
    var t = tileOf(e.target);
    if (t) pin(t);
  });
  // Enter or Space on a tile opens its details as a tap does.
  wall.addEventListener("keydown", function (e) {
    var t = tileOf(e.target);
    if (!t || e.target !== t || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    pin(t);
  });
  doc.addEventListener("keydown", function (e) { touching = false; if (e.key === "Escape") { hideDetail(true); } });
  doc.addEventListener("click", function (e) { if (pinned && !tileOf(e.target) && !detail.contains(e.target)) hideDetail(true); });
  window.addEventListener("scroll", function () { if (!pinned) hideDetail(false); }, { passive: true });

  // The header is fixed above the wall and folds to one line (the search, "Filters", the
  // count and the live status) once the page scrolls, on every screen: a laptop keeps the wall
  // in sight. "Filters" unfolds it. The hue strip starts below the header (--head), so that
  // the header never covers it.
  var headHeight = -1;
  function measureHeader() {
    var h = header.offsetHeight;
    if (h === headHeight) return;
    headHeight = h;
    doc.documentElement.style.setProperty("--head", h + "px");
    wall.dispatchEvent(new CustomEvent("huewall:header"));
  }
  function placeHeader() {
    var was = header.classList.contains("collapsed");
    header.classList.remove("collapsed");
    doc.body.style.paddingTop = header.offsetHeight + "px";
    if (was) header.classList.add("collapsed");
    foldHeader();
  }
  function foldHeader() {
    var y = window.scrollY || doc.documentElement.scrollTop;
    var folded = header.classList.contains("collapsed");
    if (!folded && y > 80) header.classList.add("collapsed");
    else if (folded && y < 8) header.classList.remove("collapsed", "open");
    moreButton.setAttribute("aria-expanded", String(!header.classList.contains("collapsed") || header.classList.contains("open")));
    measureHeader();
  }
  moreButton.addEventListener("click", function () {
    if (!header.classList.contains("collapsed")) { window.scrollTo(0, 0); return; }
    header.classList.toggle("open");
    moreButton.setAttribute("aria-expanded", String(header.classList.contains("open")));
    measureHeader();
  });
  header.huewallUnfold = function () {
    if (header.classList.contains("collapsed")) header.classList.add("open");
    measureHeader();
  };
  header.addEventListener("toggle", measureHeader, true);
  window.addEventListener("scroll", foldHeader, { passive: true });
  window.addEventListener("resize", placeHeader);
  placeHeader();

  // The family buttons are one stop of the Tab key (the pressed one); the arrow keys, Home and
  // End move between them, so that the keyboard reaches the controls after them quickly.
  function rove(focused) {
    familyButtons.forEach(function (b) { b.tabIndex = b === focused ? 0 : -1; });
  }
  rove(familyButtons.filter(function (b) { return b.getAttribute("aria-pressed") === "true"; })[0] || familyButtons[0]);
  doc.getElementById("f-family").addEventListener("keydown", function (e) {
    var shownButtons = familyButtons.filter(function (b) { return !b.hidden; });
    var at = shownButtons.indexOf(doc.activeElement);
    if (at < 0) return;
    var to = e.key === "ArrowRight" || e.key === "ArrowDown" ? at + 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? at - 1 : e.key === "Home" ? 0 : e.key === "End" ? shownButtons.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    var next = shownButtons[(to + shownButtons.length) % shownButtons.length];
    rove(next);
    next.focus();
  });
  familyButtons.forEach(function (b) { b.addEventListener("click", function () { rove(b); }); });

  var opened = applyAddress();
  if (filter.q || filter.family || filter.brand !== null || filter.dis || filter.review) applyFilters();
  if (opened.list) setLayout("list");
  var root = doc.documentElement;
  root.setAttribute("data-script-ms", String(Math.round(performance.now() - t0)));
  // ?bench: style and layout now, so that the time to a laid-out page can be read at once.
  if (/[?&]bench\b/.test(location.search)) {
    root.setAttribute("data-head-ms", String(Math.round(window.__huewallHeadMs)));
    root.setAttribute("data-parsed-ms", String(Math.round(t0)));
    void doc.body.offsetHeight;
    root.setAttribute("data-layout-ms", String(Math.round(performance.now())));
  }
  loadImages();
  requestAnimationFrame(function () {
    root.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  });
  // ?selftest starts once the thumbnails on screen are in (or after five seconds).
  if (/[?&]selftest\b/.test(location.search)) {
    var waited = 0;
    (function waitForImages() {
      var pending = Array.prototype.some.call(wall.getElementsByTagName("img"), function (img) { return !img.complete; });
      if (pending && waited < 5000) { waited += 50; setTimeout(waitForImages, 50); } else { selfTest(); }
    })();
  }

  // ?selftest: exercises the filters, the layout switch and the details, and writes what it
  // found into the page for a headless browser to read (scripts/browser-check).
  function selfTest() {
    var report = { tiles: tiles.length, checks: [], errors: window.__huewallErrors || [], done: false };
    var out = el("pre");
    out.id = "selftest-result";
    out.hidden = true;
    doc.body.appendChild(out);
    function publish() { out.textContent = JSON.stringify(report); }
    function check(name, ok, info) {
      report.checks.push({ name: name, ok: !!ok, info: info === undefined ? null : info });
      publish();
    }
    window.addEventListener("error", function (e) { check("uncaught error", false, String(e.message)); });
    function visibleCount() { return tiles.filter(function (t) { return t.getClientRects().length > 0; }).length; }
    // The same filter drawn as the list: as many rows as tiles on the wall.
    function listCount() {
      var was = wall.classList.contains("list");
      wall.classList.add("list");
      var n = visibleCount();
      wall.classList.toggle("list", was);
      return n;
    }
    function inBoth(name, expected) {
      var onWall = visibleCount(), inList = listCount();
      check(name + " in the list", inList === onWall && onWall === expected, { wall: onWall, list: inList, expected: expected });
    }
    check("tile count matches the header", String(tiles.length) === wall.getAttribute("data-count"), tiles.length);
    check("every tile has a product id", tiles.every(function (t) { return t.hasAttribute("data-product-id"); }));
    var imgs = wall.getElementsByTagName("img");
    check("thumbnails near the viewport", imgs.length > 0 && Array.prototype.every.call(imgs, function (img) { return img.complete && img.naturalWidth > 0; }), imgs.length);
    var brands = {}, families = {}, dis = 0, review = 0;
    tiles.forEach(function (t) {
      if (t.hasAttribute("data-review")) review++;
      var b = t.getAttribute("data-brand"), f = t.getAttribute("data-family");
      brands[b] = (brands[b] || 0) + 1;
      families[f] = (families[f] || 0) + 1;
      if (t.hasAttribute("data-d")) dis++;
    });
    var brandOption = Array.prototype.slice.call(brandSelect.options).filter(function (o) { return !o.hasAttribute("data-all"); })[0];
    if (brandOption) {
      brandSelect.value = brandOption.value;
      brandSelect.selectedIndex = Array.prototype.indexOf.call(brandSelect.options, brandOption);
      brandSelect.dispatchEvent(new Event("change"));
      check("brand filter", visibleCount() === brands[brandOption.value], { brand: brandOption.value, shown: visibleCount(), expected: brands[brandOption.value] });
      inBoth("brand filter", brands[brandOption.value]);
      brandSelect.selectedIndex = 0;
      brandSelect.dispatchEvent(new Event("change"));
    }
    var familyButton = familyButtons.filter(function (b) { return b.getAttribute("data-family"); })[0];
    if (familyButton) {
      familyButton.click();
      var fam = familyButton.getAttribute("data-family");
      check("family filter", visibleCount() === families[fam], { family: fam, shown: visibleCount(), expected: families[fam] });
      inBoth("family filter", families[fam]);
      familyButtons[0].click();
    }
    disBox.checked = true;
    disBox.dispatchEvent(new Event("change"));
    check("only disagreements", visibleCount() === dis, { shown: visibleCount(), expected: dis });
    inBoth("only disagreements", dis);
    disBox.checked = false;
    disBox.dispatchEvent(new Event("change"));
    reviewBox.checked = true;
    reviewBox.dispatchEvent(new Event("change"));
    check("needs review", visibleCount() === review && String(review) === doc.getElementById("count-review").textContent && readAddress().review, { shown: visibleCount(), expected: review });
    inBoth("needs review", review);
    reviewBox.checked = false;
    reviewBox.dispatchEvent(new Event("change"));
    check("filters reset", visibleCount() === tiles.length, visibleCount());
    var probe = tiles[Math.floor(tiles.length / 2)];
    if (probe) {
      var probeId = probe.getAttribute("data-product-id");
      searchBox.value = probeId;
      searchBox.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      check("search by id", !probe.hidden && visibleCount() >= 1 && visibleCount() < tiles.length + (tiles.length === 1 ? 1 : 0), { id: probeId, shown: visibleCount() });
      check("the search in the address", readAddress().q === probeId, location.hash);
      inBoth("search by id", tiles.filter(function (t) { return !t.hidden; }).length);
      searchBox.value = "";
      searchBox.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      check("search cleared", visibleCount() === tiles.length && location.hash.indexOf("q=") < 0, location.hash);
    }
    // A family's word in another language finds every tile of that family.
    var wordButton = familyButtons.filter(function (b) { return (b.getAttribute("data-words") || "").split(" ").length > 1; })[0];
    if (wordButton) {
      var wordFamily = wordButton.getAttribute("data-family");
      var word = wordButton.getAttribute("data-words").split(" ").filter(function (w) { return fold(w) !== fold(wordFamily); })[0];
      searchBox.value = word;
      searchBox.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
      var missed = tiles.filter(function (t) { return t.getAttribute("data-family") === wordFamily && t.hidden; }).length;
      check("search by a family's word", missed === 0 && visibleCount() >= families[wordFamily] && readAddress().q === word, { word: word, family: wordFamily, shown: visibleCount(), expected: families[wordFamily] });
      searchBox.value = "";
      searchBox.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    }
    var tile = tiles[0];
    if (tile) {
      tile.focus();
      var title = tile.querySelector(".tx b").textContent;
      check("details on focus", !detail.hidden && detail.querySelector("h2").textContent === (title || "(untitled)"), title);
      tile.blur();
      hideDetail(true);
    }
    var wallWidth = tile ? tile.getBoundingClientRect().width : 0;
    var t1 = performance.now();
    check("switching to the list", true);
    setLayout("list", function () {
      var r = tile ? tile.getBoundingClientRect() : { width: 0, height: 0 };
      check("list layout", wall.classList.contains("list") && (!tile || (r.width > wallWidth * 1.5 && tile.querySelector(".tx").offsetHeight > 0)), { width: r.width, wallWidth: wallWidth, ms: Math.round(performance.now() - t1) });
      check("transforms cleared after the animation", tiles.every(function (t) { return !thumb(t).style.transform; }));
      setLayout("wall", function () {
        var r2 = tile ? tile.getBoundingClientRect() : { width: 0 };
        check("wall layout again", !wall.classList.contains("list") && (!tile || Math.abs(r2.width - wallWidth) < 1), { width: r2.width });
        check("no script ran from the feed", window.__pwned === undefined);
        report.errors = window.__huewallErrors || [];
        check("no errors", report.errors.length === 0, report.errors);
        report.ok = report.checks.every(function (c) { return c.ok; });
        report.done = true;
        publish();
      });
    });
  }
})();
