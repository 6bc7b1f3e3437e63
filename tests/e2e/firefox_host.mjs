// A Firefox host of a table with friends (Debian's firefox-esr, puppeteer-core over WebDriver
// BiDi, as firefox_guest.mjs): opens a Briscola table for two through the form, says its
// invitation link, waits until GUEST sits, presses Start, and plays the first playable card
// whenever its turn comes, until the game's end screen; then says its saved record (the test
// checks what the guest was told against it). Run by tests/e2e/test_friends_networks.py, inside a
// home of the simulated internet (the driver reaches Firefox's BiDi socket on that home's
// 127.0.0.1):
//
//   node tests/e2e/firefox_host.mjs SITE_URL NAME GUEST
//
// Each step prints one JSON line {"step": ...}: "open" (with the link), "seated" (the seat list),
// "end", and last "done". A failure exits 1 with the step and the reason; errors the page
// reported fail the run too.
import { failed, launch, playToTheEnd, press, say, until } from "./firefox_table.mjs";

const [site, name, guest] = process.argv.slice(2);
const OPEN = 40_000;   // ms: the page, the relays, the engine's start
const SIT = 60_000;    // ms: the guest meeting this host through the tracker and sitting
const TURN = 60_000;   // ms: the guest's move between two of this host's
const problems = [];
let step = "launch";
let browser;
let page;

try {
  ({ browser, page } = await launch({ width: 1280, height: 800, problems, step: () => step }));

  step = "open";
  const started = Date.now();
  await page.goto(`${site}friends.html`, { waitUntil: "load" });
  await page.waitForSelector('[data-form="open"] [data-control="game"]', { visible: true, timeout: OPEN });
  await page.select('[data-control="game"]', "briscola");
  await page.select('[data-control="seat"]', "0");
  await page.type('[data-control="name"]', name);
  await press(page, '[data-action="open"]', OPEN);
  await until(page, () => { const e = document.querySelector("[data-link]"); return e && e.value && e.offsetParent; }, null, OPEN);
  say({ step: "open", ms: Date.now() - started, link: await page.$eval("[data-link]", (e) => e.value) });

  step = "seated";
  await until(page, (who) => (document.querySelector('[data-seat-list] [data-seat="1"]')?.textContent || "").includes(who),
    guest, SIT);
  say({ step: "seated", seats: await page.$eval("[data-seat-list]", (e) => e.textContent.replace(/\s+/g, " ").trim()),
        note: await page.$eval("[data-start-note]", (e) => e.textContent) });
  await press(page, '[data-action="start"]', OPEN);

  step = "play";
  const moves = await playToTheEnd(page, TURN);
  step = "end";
  const end = await page.$eval("[data-end]", (e) => e.textContent.replace(/\s+/g, " ").trim());
  const record = await page.evaluate(() => {
    const id = /t=([\w-]+)/.exec(location.hash)[1];
    return JSON.parse(localStorage.getItem(`friends.host.${id}`)).record;
  });
  say({ step: "end", moves, end, ms: Date.now() - started, record });
  if (problems.length) throw new Error(problems.join("\n"));
  say({ step: "done" });
  await browser.close();
} catch (error) {
  await failed({ browser, page, step, error, problems });
}
