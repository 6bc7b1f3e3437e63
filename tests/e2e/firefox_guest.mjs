// A Firefox guest at a table with friends (Debian's firefox-esr, puppeteer-core over WebDriver
// BiDi): follows the invitation link, joins, sits, and plays the first playable card whenever
// its turn comes, until the game's end screen. Run by tests/e2e/test_friends_networks.py, inside
// a home of the simulated internet (FIREFOX_PATH is then an nsenter wrapper):
//
//   node tests/e2e/firefox_guest.mjs LINK SEAT NAME
//
// Each step prints one JSON line {"step": ...}; the last is {"step": "done"}. A failure exits 1
// with the step and the reason; errors the page reported fail the run too.
import { failed, launch, playToTheEnd, press, say, until } from "./firefox_table.mjs";

const [link, seat, name] = process.argv.slice(2);
const JOIN = 40_000;   // ms: meeting the host through the tracker, the proof, the seat list
const TURN = 60_000;   // ms: the others' moves between two of this guest's
const problems = [];
let step = "launch";
let browser;
let page;

try {
  ({ browser, page } = await launch({ width: 1000, height: 900, problems, step: () => step }));

  step = "join";
  const started = Date.now();
  await page.goto(link, { waitUntil: "load" });
  await press(page, '[data-action="join"]', JOIN);
  await page.waitForSelector(`button[data-sit="${seat}"]`, { visible: true, timeout: JOIN });
  await page.type('[data-control="guest-name"]', name);
  await press(page, `button[data-sit="${seat}"]`, JOIN);
  // "You sit North: ..." and, once the host has started, "The game is on: you sit North."
  await until(page, () => /you sit/i.test(document.querySelector("[data-status]").textContent), null, JOIN);
  say({ step: "seated", ms: Date.now() - started,
        connection: await page.$eval("[data-connection]", (e) => e.textContent) });

  step = "play";
  const moves = await playToTheEnd(page, TURN);
  step = "end";
  const end = await page.$eval("[data-end]", (e) => e.textContent.replace(/\s+/g, " ").trim());
  say({ step: "end", moves, end, pair: await page.$eval("[data-connection]", (e) => e.dataset.pair || "") });
  if (problems.length) throw new Error(problems.join("\n"));
  say({ step: "done" });
  await browser.close();
} catch (error) {
  await failed({ browser, page, step, error, problems });
}
