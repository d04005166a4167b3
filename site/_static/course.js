// A link to a folded "More" section, or to a heading inside one, opens the fold:
// on arrival at the page and on every jump within it.
function openFoldOfTarget() {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (!target) return;
  for (let fold = target.closest("details"); fold; fold = fold.parentElement.closest("details")) {
    fold.open = true;
  }
  target.scrollIntoView();
}
window.addEventListener("hashchange", openFoldOfTarget);
document.addEventListener("DOMContentLoaded", openFoldOfTarget);
