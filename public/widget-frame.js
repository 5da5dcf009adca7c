/* Inside Adopet's widget: tells the framing page the content's height, now and when it changes. */
(function () {
  if (window.parent === window) return;
  function tell() {
    // The body's own height: the document's is at least the frame's, so it would never shrink.
    var altura = Math.ceil(document.body.getBoundingClientRect().height);
    window.parent.postMessage({ type: "adopet-widget-altura", altura: altura }, "*");
  }
  window.addEventListener("load", tell);
  if (window.ResizeObserver) new ResizeObserver(tell).observe(document.body);
  tell();
})();
