// A link to a section further down (madrasso.html#play) must land on that section, although
// the components above it change height as they start: the demo's table appears, the practice
// list folds to one position. The browser scrolled to the target at load; each component calls
// landOnTarget() once its own layout has changed, and so does any change of the page's height
// in its first seconds; each scrolls the target back into place,
// unless the visitor has scrolled (or clicked, or pressed a key) since, or the page has been
// open a few seconds: after that nothing moves under their eyes.
const SETTLING = 5_000; // ms after load during which the components are still starting
let moved = false;
for (const type of ["wheel", "touchstart", "keydown", "pointerdown"]) {
  addEventListener(type, () => { moved = true; }, { once: true, passive: true, capture: true });
}

// Whatever else changes the page's height meanwhile (a toggle appearing in a row of
// controls, an image, a font) moves the target too: while the page settles, every change of
// the body's size lands on it again.
if (location.hash && "ResizeObserver" in window) {
  const watcher = new ResizeObserver(() => landOnTarget());
  watcher.observe(document.body);
  setTimeout(() => watcher.disconnect(), SETTLING);
}

export function landOnTarget() {
  if (moved || !location.hash || performance.now() > SETTLING) return;
  let target = null;
  try {
    target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  } catch {
    return; // a malformed fragment names no section
  }
  target?.scrollIntoView({ block: "start", behavior: "instant" });
}
