// No press is lost while a page starts. A component's buttons are in the page before its
// script (and the engine worker it starts) can act on them; on a slow phone a visitor presses
// meanwhile. This module is the first script of every page with a table (templates/base.html:
// async, no imports, so it runs as soon as it arrives, before the others' imports have come):
//
// - a press on a component's button before its script has taken the component over is kept
//   (so is a key one of its buttons answers to: the demo's arrows), and the button says it
//   is getting ready (aria-busy, and the page's words for it, which its <script
//   data-getting-ready> tag carries, shown beside its label by the stylesheet: never a
//   colour alone);
// - the component's script, its own listeners in place, calls takeOver(root): the kept presses
//   are made again, in their order;
// - while the engine starts, the script marks its own presses the same way, until the engine
//   has answered them (gettingReady; engine-client.mjs: markPressesWhileStarting).

const COMPONENTS = "[data-demo], [data-practice], [data-play], [data-guided]";

/** @type {Map<Element, HTMLElement[]>} the presses kept for each component not yet taken over */
const kept = new Map();
/** @type {Map<Element, () => void>} ends the kept presses' busy state, at take-over */
const releases = new Map();
/** @type {WeakSet<Element>} components whose script acts on their presses itself */
const taken = new WeakSet();
/** @type {WeakMap<Element, number>} how many presses each busy control waits on */
const waits = new WeakMap();

/**
 * `control` says it is getting ready until `until` settles: aria-busy, and the page's words
 * for it beside its label (a control pressed again meanwhile waits on both).
 * @param {HTMLElement} control @param {Promise<unknown>} until
 */
export function gettingReady(control, until) {
  const count = (waits.get(control) ?? 0) + 1;
  waits.set(control, count);
  if (count === 1) {
    control.setAttribute("aria-busy", "true");
    /** @type {HTMLElement | null} */
    const tag = document.querySelector("script[data-getting-ready]");
    control.dataset.busyWords = tag?.dataset.gettingReady || "…";
  }
  const done = () => {
    const left = (waits.get(control) ?? 1) - 1;
    waits.set(control, left);
    if (left > 0) return;
    control.removeAttribute("aria-busy");
    delete control.dataset.busyWords;
  };
  until.then(done, done);
}

/** @param {Event} event */
function keep(event) {
  const target = event.target instanceof Element ? event.target : null;
  /** @type {HTMLElement | null | undefined} */
  const button = target?.closest("button");
  const root = button?.closest(COMPONENTS);
  if (button && root) keepPress(root, button);
}

/**
 * A key a component's button answers to (its aria-keyshortcuts: the demo's arrows, Space and
 * Home), pressed in the component before its script has taken it over: kept as a press of
 * that button. Space and Enter on a button are its own click.
 * @param {KeyboardEvent} event
 */
function keepKey(event) {
  const target = event.target instanceof Element ? event.target : null;
  const root = target?.closest(COMPONENTS);
  if (!target || !root || taken.has(root) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (target.closest("select, input, textarea, a")) return;
  const key = event.key === " " ? "Space" : event.key;
  if (target.closest("button") && (key === "Space" || key === "Enter")) return;
  const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll("button[aria-keyshortcuts]"));
  const button = [...buttons].find((b) => (b.getAttribute("aria-keyshortcuts") || "").split(" ").includes(key));
  if (!button) return;
  event.preventDefault();
  keepPress(root, button);
}

/** @param {Element} root @param {HTMLElement} button */
function keepPress(root, button) {
  if (taken.has(root) || button.getAttribute("aria-disabled") === "true") return;
  let presses = kept.get(root);
  if (!presses) {
    kept.set(root, presses = []);
    releases.set(root, () => {});
  }
  presses.push(button);
  const before = /** @type {() => void} */ (releases.get(root));
  gettingReady(button, new Promise((resolve) => releases.set(root, () => { before(); resolve(undefined); })));
}

document.addEventListener("click", keep, true);
document.addEventListener("keydown", keepKey, true);

/**
 * The component's script acts on its presses from now on: the presses kept until now are made
 * again, in their order (call it once its listeners are in place).
 * @param {Element} root
 */
export function takeOver(root) {
  taken.add(root);
  const presses = kept.get(root) ?? [];
  kept.delete(root);
  releases.get(root)?.();
  releases.delete(root);
  for (const button of presses) if (button.isConnected) button.click();
}

/** Whether a press on `root` is kept, waiting for its script. @param {Element} root */
export function pressedEarly(root) {
  return (kept.get(root)?.length ?? 0) > 0;
}

/** The component cannot start (its data did not load: it says so): its kept presses are
 *  dropped and its buttons no longer say they are getting ready. @param {Element} root */
export function giveUp(root) {
  taken.add(root);
  kept.delete(root);
  releases.get(root)?.();
  releases.delete(root);
}
