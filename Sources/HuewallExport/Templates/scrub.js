"use strict";
// The hue strip beside the wall: the whole gradient at a glance, one band per product in wall
// order. Moving along it (pointer, touch, or the arrow keys once it has focus) opens a loupe
// that grows the products around that place, fisheye-style, with the hue, the family and how
// many products of that family the wall has (the count the family buttons show: each product's
// analysed family); a click, Enter or lifting the finger scrolls the wall to that product.
(function () {
  var doc = document;
  var wall = doc.getElementById("wall");
  var strip = doc.getElementById("scrub");
  var loupe = doc.getElementById("loupe");
  if (!wall || !strip || !loupe) return;
  var canvas = strip.querySelector("canvas");
  var tiles = [];
  var colours = [];  // each shown tile's first colour, read once a drawing
  var familyCounts = {};
  var index = 0;
  // Bar heights from the centre outwards: the fisheye.
  var sizes = [64, 46, 34, 26, 20, 16];

  function shownTiles() {
    return Array.prototype.filter.call(wall.children, function (t) { return !t.hidden; });
  }

  // A tile's first colour and its hue in degrees, from its data-c ("hex share family h s v").
  function firstColour(tile) {
    var f = (tile.getAttribute("data-c") || "").split(";")[0].split(" ");
    return { hex: f[0] || "#808080", family: tile.getAttribute("data-family") || "", hue: Math.round(parseFloat(f[3] || "0") * 360) };
  }

  function draw() {
    tiles = shownTiles();
    colours = tiles.map(firstColour);
    familyCounts = wall.huewallFamilies || {};
    var rect = strip.getBoundingClientRect();
    var scale = window.devicePixelRatio || 1;
    canvas.width = Math.max(1, Math.round(rect.width * scale));
    canvas.height = Math.max(1, Math.round(rect.height * scale));
    var g = canvas.getContext("2d");
    g.clearRect(0, 0, canvas.width, canvas.height);
    var band = canvas.height / Math.max(1, tiles.length);
    colours.forEach(function (c, i) {
      g.fillStyle = c.hex;
      g.fillRect(0, Math.floor(i * band), canvas.width, Math.ceil(band));
    });
    strip.setAttribute("aria-valuemax", String(Math.max(0, tiles.length - 1)));
    index = Math.min(index, Math.max(0, tiles.length - 1));
  }

  function show(at) {
    if (!tiles.length) return;
    index = Math.max(0, Math.min(tiles.length - 1, at));
    strip.setAttribute("aria-valuenow", String(index));
    var centre = colours[index];
    var title = tiles[index].querySelector(".tx b");
    var text = "hue " + centre.hue + "° · family " + (centre.family || "none") + " · " + (familyCounts[centre.family] || 0) + " products on the wall";
    strip.setAttribute("aria-valuetext", text);
    while (loupe.firstChild) loupe.removeChild(loupe.firstChild);
    for (var d = -(sizes.length - 1); d < sizes.length; d++) {
      var i = index + d;
      var bar = doc.createElement("div");
      bar.className = "lens" + (d === 0 ? " centre" : "");
      bar.style.height = sizes[Math.abs(d)] + "px";
      if (i >= 0 && i < tiles.length) {
        bar.style.background = colours[i].hex;
        bar.setAttribute("data-product-id", tiles[i].getAttribute("data-product-id"));
        var box = tiles[i].firstElementChild, name = box && box.getAttribute("data-t");
        if (name && Math.abs(d) < 4) {
          var img = doc.createElement("img");
          img.alt = "";
          img.src = /^data:image\//.test(name) ? name : "thumbs/" + name;
          bar.appendChild(img);
        }
        if (d === 0 && title) bar.appendChild(doc.createTextNode(title.textContent));
      } else {
        bar.style.visibility = "hidden";
      }
      loupe.appendChild(bar);
    }
    var label = doc.createElement("p");
    label.className = "lens-label";
    label.textContent = text;
    loupe.appendChild(label);
    loupe.hidden = false;  // shown before it is measured
    var rect = strip.getBoundingClientRect();
    var y = rect.top + (index + 0.5) * rect.height / tiles.length;
    loupe.style.top = Math.max(8, Math.min(window.innerHeight - loupe.offsetHeight - 8, y - loupe.offsetHeight / 2)) + "px";
  }

  function indexAt(clientY) {
    var rect = strip.getBoundingClientRect();
    return Math.floor((clientY - rect.top) / rect.height * tiles.length);
  }

  function jump() {
    var tile = tiles[index];
    if (!tile) return;
    tile.scrollIntoView({ block: "center" });
    tile.focus({ preventScroll: true });
  }

  strip.addEventListener("pointerdown", function (e) { strip.setPointerCapture(e.pointerId); show(indexAt(e.clientY)); });
  strip.addEventListener("pointermove", function (e) { show(indexAt(e.clientY)); });
  strip.addEventListener("pointerup", function () { jump(); });
  strip.addEventListener("pointerleave", function () { if (doc.activeElement !== strip) loupe.hidden = true; });
  strip.addEventListener("blur", function () { loupe.hidden = true; });
  strip.addEventListener("focus", function () { show(index); });
  strip.addEventListener("keydown", function (e) {
    var step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1, PageDown: 10, PageUp: -10 }[e.key];
    if (step) { show(index + step); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(tiles.length - 1); e.preventDefault(); }
    else if (e.key === "Enter") { jump(); e.preventDefault(); }
  });

  wall.addEventListener("huewall:reordered", draw);
  window.addEventListener("resize", draw);
  wall.addEventListener("huewall:header", draw);
  // Filters hide tiles: the strip shows what is shown.
  var filters = doc.getElementById("filters");
  wall.addEventListener("huewall:filtered", draw);
  draw();
})();
