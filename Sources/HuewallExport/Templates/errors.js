"use strict";
window.__huewallErrors = [];
window.__huewallHeadMs = performance.now();
(function () {
  var errors = window.__huewallErrors;
  function add(message) { errors.push(String(message)); }
  window.addEventListener("error", function (e) {
    var t = e.target;
    // A missing thumbnail is not an error: the page shows the tile's colour instead.
    if (t && t.tagName === "IMG" && t.parentNode && /\b(im|lens)\b/.test(t.parentNode.className)) return;
    if (t && t !== window && t.tagName) add("cannot load " + t.tagName.toLowerCase() + " " + (t.currentSrc || t.src || ""));
    else add(e.message || "error");
  }, true);
  window.addEventListener("unhandledrejection", function (e) { add("unhandled rejection: " + e.reason); });
  document.addEventListener("securitypolicyviolation", function (e) { add("CSP blocked " + e.violatedDirective + " " + e.blockedURI); });
  var consoleError = console.error;
  console.error = function () {
    add(Array.prototype.join.call(arguments, " "));
    return consoleError.apply(console, arguments);
  };
})();
