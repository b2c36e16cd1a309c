// Redraws #app by morphing the DOM to Python's new markup (morphdom, vendored from npm by the
// build into runtime/morphdom/), so elements that stay keep their identity, focus, scroll and
// running CSS transitions.  Python calls window.cardtableMorph(root, html); when this module
// could not load, the app falls back to innerHTML (and says so in the console).
import morphdom from "../runtime/morphdom/morphdom-esm.js";

function keyOf(node) {
  if (node.nodeType !== 1) return undefined;
  return node.getAttribute("data-key") || node.id || undefined;
}

window.cardtableMorph = function (root, html) {
  const next = root.cloneNode(false);
  next.innerHTML = html;
  morphdom(root, next, {
    childrenOnly: true,
    getNodeKey: keyOf,
    onBeforeElUpdated(from, to) {
      // what a person typed in a form field survives a redraw of the same field
      if ((from.tagName === "INPUT" || from.tagName === "SELECT" || from.tagName === "TEXTAREA")
          && from.hasAttribute("data-keep")) {
        if (from.type === "checkbox") to.checked = from.checked;
        else to.value = from.value;
      }
      return !from.isEqualNode(to);
    },
  });
};
