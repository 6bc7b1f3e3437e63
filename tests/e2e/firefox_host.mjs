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
import puppeteer from "puppeteer-core";

const [site, name, guest] = process.argv.slice(2);
const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const OPEN = 40_000;   // ms: the page, the relays, the engine's start
const SIT = 60_000;    // ms: the guest meeting this host through the tracker and sitting
const TURN = 60_000;   // ms: the guest's move between two of this host's
const LIVE = ".friends .seat-south .hand-card.is-playable button.card-button";
const say = (record) => console.log(JSON.stringify(record));
const problems = [];
let step = "launch";
let browser;
let page;

async function until(test, arg, timeout) {
  return page.waitForFunction(test, { timeout, polling: 100 }, arg);
}

// Smooth scrolling moves a target under the pointer: scroll instantly, then click, in the page.
async function press(selector, timeout = OPEN) {
  await page.waitForSelector(selector, { visible: true, timeout });
  await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", behavior: "instant" });
    el.click();
  });
}

try {
  browser = await puppeteer.launch({
    browser: "firefox", headless: true, executablePath: FIREFOX, acceptInsecureCerts: true,
    // Host candidates as addresses (Firefox hides them behind mDNS names otherwise); the
    // reduced motion the Chromium pages of these tests have.
    extraPrefsFirefox: { "media.peerconnection.ice.obfuscate_host_addresses": false, "ui.prefersReducedMotion": 1 },
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.on("pageerror", (error) => problems.push(`${step}: page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${step}: console error: ${message.text()}`);
  });

  step = "open";
  const started = Date.now();
  await page.goto(`${site}friends.html`, { waitUntil: "load" });
  await page.waitForSelector('[data-form="open"] [data-control="game"]', { visible: true, timeout: OPEN });
  await page.select('[data-control="game"]', "briscola");
  await page.select('[data-control="seat"]', "0");
  await page.type('[data-control="name"]', name);
  await press('[data-action="open"]');
  await until(() => { const e = document.querySelector("[data-link]"); return e && e.value && e.offsetParent; }, null, OPEN);
  say({ step: "open", ms: Date.now() - started, link: await page.$eval("[data-link]", (e) => e.value) });

  step = "seated";
  await until((who) => (document.querySelector('[data-seat-list] [data-seat="1"]')?.textContent || "").includes(who),
    guest, SIT);
  say({ step: "seated", seats: await page.$eval("[data-seat-list]", (e) => e.textContent.replace(/\s+/g, " ").trim()),
        note: await page.$eval("[data-start-note]", (e) => e.textContent) });
  await press('[data-action="start"]');

  step = "play";
  let moves = 0;
  for (;;) {
    const now = await until((live) => {
      const end = document.querySelector("[data-end]");
      if (end && !end.hidden) return "end";
      return document.querySelector(live) ? "turn" : false;
    }, LIVE, TURN);
    if ((await now.jsonValue()) === "end") break;
    const code = await page.$eval(LIVE, (el) => el.dataset.card);
    const mine = `.friends .seat-south button.card-button[data-card="${code}"]`;
    // The click must arrive (as in firefox_guest.mjs): the card leaves the hand.
    for (let tries = 0; ; tries += 1) {
      await press(mine);
      const gone = await page.waitForFunction((sel) => !document.querySelector(sel),
        { timeout: 5_000, polling: 50 }, mine).then(() => true, () => false);
      if (gone) break;
      if (tries === 3) throw new Error(`the ${code} stayed in the hand after four clicks`);
    }
    moves += 1;
  }
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
  // What the page showed when it failed: its words, its cards.
  const shown = page ? await page.evaluate(() => ({
    status: document.querySelector("[data-status]")?.textContent,
    seats: document.querySelector("[data-seat-list]")?.textContent,
    prompt: document.querySelector("[data-prompt]")?.textContent,
    cards: [...document.querySelectorAll(".seat-south [data-hand] .hand-card")].map((c) => c.className),
  })).catch((e) => String(e)) : null;
  say({ step, error: String(error && error.message || error), problems, shown });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
