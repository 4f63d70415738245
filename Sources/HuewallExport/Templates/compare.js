"use strict";
// The compare page: pointing at a product on one wall (or in the list of changes) marks it on
// both walls, so the eye finds where the other parameters put it; thumbnails load as the
// preview page's do, only near the viewport.
(function () {
  var doc = document;
  var marked = [];

  function productOf(node) {
    while (node && node !== doc.body) {
      if (node.getAttribute && node.hasAttribute("data-product-id")) return node.getAttribute("data-product-id");
      node = node.parentNode;
    }
    return null;
  }

  function mark(id) {
    marked.forEach(function (t) { t.classList.remove("on"); });
    marked = [];
    if (id === null) return;
    ["wall-a", "wall-b"].forEach(function (wall) {
      var list = doc.getElementById(wall).children;
      for (var i = 0; i < list.length; i++) {
        if (list[i].getAttribute("data-product-id") === id) { list[i].classList.add("on"); marked.push(list[i]); }
      }
    });
  }

  doc.addEventListener("mouseover", function (e) { mark(productOf(e.target)); });
  doc.addEventListener("focusin", function (e) { mark(productOf(e.target)); });

  function loadImages() {
    var height = window.innerHeight;
    Array.prototype.forEach.call(doc.querySelectorAll(".im[data-t]"), function (im) {
      var r = im.getBoundingClientRect();
      if (r.bottom < -height || r.top > 2 * height) return;
      var img = doc.createElement("img");
      img.alt = "";
      img.src = "thumbs/" + im.getAttribute("data-t");
      im.removeAttribute("data-t");
      im.appendChild(img);
    });
  }
  var pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; loadImages(); });
  }
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  loadImages();
})();
