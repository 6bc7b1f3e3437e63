// Framing the stage: after a press that starts or moves on a game (New game, Next deal), the
// window scrolls so that what the visitor must see next is on screen together, whatever
// scroll position they pressed from: `must` (the whole table, the latest words) and, as far
// as the screen has room for them too, `also` in its order (your moves' buttons, then the
// game's settings). Only the window scrolls, and only as far as needed; nothing moves when
// all of it is already in view. While the page settles (the components above the stage
// change height as the engine starts them), the stage is framed again on every change of the
// page's size, until the visitor scrolls, touches, clicks or presses a key. The one framing of
// every stage: the game (play-table.mjs), the demo and practice. When `must` is taller than
// the screen, its top comes first (the demo and the game: buttons and table) or, with
// `first: "end"`, its bottom (practice: the words under the table).

const MARGIN = 8;        // px kept clear at the top and the bottom of the screen
const SETTLING = 4_000;  // ms after a framing during which a change of the page's size frames again

/** @typedef {{first?: "start" | "end", smooth?: boolean}} FrameOptions */

/** @param {(Element | null | undefined)[]} elements */
function extent(elements) {
  const boxes = elements.flatMap((e) => (e && e.getClientRects().length ? [e.getBoundingClientRect()] : []))
    .filter((b) => b.height > 0);
  if (!boxes.length) return null;
  return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
}

/** @param {(Element | null | undefined)[]} must @param {(Element | null | undefined)[]} also @param {FrameOptions} options */
function scrollToFrame(must, also, { first = "start", smooth = false } = {}) {
  const height = window.innerHeight;
  const room = height - 2 * MARGIN;
  const needed = extent(must);
  if (!needed) return;
  // `also` in its order, each as long as the screen has room for it with those before.
  let span = needed;
  const shown = [...must];
  for (const element of also) {
    const wider = extent([...shown, element]);
    if (wider && wider.bottom - wider.top <= room) {
      shown.push(element);
      span = wider;
    }
  }
  if (span.top >= MARGIN && span.bottom <= height - MARGIN) return;
  const tall = span.bottom - span.top > room;
  const toTop = tall ? first !== "end" : span.top < MARGIN;
  const dy = toTop ? span.top - MARGIN : span.bottom - (height - MARGIN);
  if (Math.abs(dy) < 1) return;
  window.scrollBy({ top: dy, left: 0, behavior: smooth ? "smooth" : "instant" });
}

/** @type {{stop: () => void} | null} the watch of the last framing */
let settling = null;

/** Scroll the window so `must` (and of `also`, in order, what fits) are in view together, now
 *  and while the page settles. `options`: `first` ("start" or "end": which end of a `must` taller than
 *  the screen is shown), `smooth` (an animated scroll; the caller checks reduced motion).
 *  @param {(Element | null | undefined)[]} must @param {(Element | null | undefined)[]} [also]
 *  @param {FrameOptions} [options] */
export function frame(must, also = [], options = {}) {
  if (settling) settling.stop();
  scrollToFrame(must, also, options);
  if (!("ResizeObserver" in window)) return;
  const watcher = new ResizeObserver(() => scrollToFrame(must, also, options));
  const moved = () => stop();
  const events = ["wheel", "touchstart", "keydown", "pointerdown"];
  const timer = setTimeout(() => stop(), SETTLING);
  function stop() {
    watcher.disconnect();
    clearTimeout(timer);
    for (const type of events) removeEventListener(type, moved, { capture: true });
    if (settling && settling.stop === stop) settling = null;
  }
  for (const type of events) addEventListener(type, moved, { passive: true, capture: true });
  watcher.observe(document.body);
  settling = { stop };
}
