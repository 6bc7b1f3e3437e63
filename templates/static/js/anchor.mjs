// A link to a section further down (madrasso.html#play) must land on that section, although
// the components above it change height as they start (the demo's table appears, the practice
// list folds to one position, a toggle appears in a row of controls). The browser scrolled to
// the target at load; while the page settles, every change of the body's size scrolls the
// target back into place, unless the visitor has scrolled (or clicked, or pressed a key) since.
// After a few seconds nothing moves under their eyes. Imported for this effect by the scripts
// of the components that change height (demo, practice, play).
const SETTLING = 5_000; // ms after load during which the components are still starting
let moved = false;
for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
  addEventListener(type, () => { moved = true; }, { once: true, passive: true, capture: true });
}

function landOnTarget() {
  if (moved || performance.now() > SETTLING) return;
  let target = null;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return; // a malformed fragment names no section
  }
  target?.scrollIntoView({ block: "start", behavior: "instant" });
}

if (location.hash && "ResizeObserver" in window) {
  const watcher = new ResizeObserver(landOnTarget);
  watcher.observe(document.body);
  setTimeout(() => watcher.disconnect(), SETTLING);
}
