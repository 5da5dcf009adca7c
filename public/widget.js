/*
 * Adopet's widget (issue 23): put on a partner's page as
 *   <script src="https://…/adopet/widget.js" data-responsavel="<id>" async></script>
 * it inserts an iframe with that caretaker's available animals, right where the script is,
 * and keeps its height to the content's. Options: data-limite (1 to 24), data-especie
 * (cao, gato, outro), data-titulo (the iframe's title).
 */
(function () {
  var script = document.currentScript;
  if (!script || !script.parentNode) return;
  var id = script.getAttribute("data-responsavel") || "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return;
  var base = new URL(script.getAttribute("src") || "", location.href).href.replace(/\/widget\.js(\?.*)?$/, "");
  var query = [];
  var limite = script.getAttribute("data-limite");
  var especie = script.getAttribute("data-especie");
  if (limite) query.push("limite=" + encodeURIComponent(limite));
  if (especie) query.push("especie=" + encodeURIComponent(especie));
  var frame = document.createElement("iframe");
  frame.src = base + "/widget/" + id + (query.length ? "?" + query.join("&") : "");
  frame.title = script.getAttribute("data-titulo") || "Animais para adoção na Adopet";
  frame.setAttribute("loading", "lazy");
  frame.style.cssText = "display:block;width:100%;height:480px;border:0";
  var origin = new URL(base, location.href).origin;
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    if (data && data.type === "adopet-widget-altura" && typeof data.altura === "number" && data.altura > 0) {
      frame.style.height = Math.ceil(data.altura) + "px";
    }
  });
  script.parentNode.insertBefore(frame, script.nextSibling);
})();
