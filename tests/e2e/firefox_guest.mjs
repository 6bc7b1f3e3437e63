// A Firefox guest at a table with friends (Debian's firefox-esr, puppeteer-core over WebDriver
// BiDi): follows the invitation link, joins, sits, and plays the first playable card whenever
// its turn comes, until the game's end screen. Run by tests/e2e/test_friends_networks.py, inside
// a home of the simulated internet (FIREFOX_PATH is then an nsenter wrapper):
//
//   node tests/e2e/firefox_guest.mjs LINK SEAT NAME
//
// Each step prints one JSON line {"step": ...}; the last is {"step": "done"}. A failure exits 1
// with the step and the reason; errors the page reported fail the run too.
import puppeteer from "puppeteer-core";

const [link, seat, name] = process.argv.slice(2);
const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const JOIN = 40_000;   // ms: meeting the host through the tracker, the proof, the seat list
const TURN = 60_000;   // ms: the others' moves between two of this guest's
const LIVE = ".friends .seat-south .hand-card.is-playable button.card-button";
const say = (record) => console.log(JSON.stringify(record));
const problems = [];
let step = "launch";
let browser;
let page;

async function until(page, test, arg, timeout) {
  return page.waitForFunction(test, { timeout, polling: 100 }, arg);
}

// Smooth scrolling moves a target under the pointer: scroll instantly, then click, in the page.
async function press(page, selector) {
  await page.waitForSelector(selector, { visible: true, timeout: JOIN });
  await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", behavior: "instant" });
    el.click();
  });
}

try {
  browser = await puppeteer.launch({
    browser: "firefox", headless: true, executablePath: FIREFOX, acceptInsecureCerts: true,
    // Host candidates as addresses (Firefox hides them behind mDNS names otherwise).
    extraPrefsFirefox: { "media.peerconnection.ice.obfuscate_host_addresses": false },
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 900 });
  page.on("pageerror", (error) => problems.push(`${step}: page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${step}: console error: ${message.text()}`);
  });

  step = "join";
  const started = Date.now();
  await page.goto(link, { waitUntil: "load" });
  await press(page, '[data-action="join"]');
  await page.waitForSelector(`button[data-sit="${seat}"]`, { visible: true, timeout: JOIN });
  await page.type('[data-control="guest-name"]', name);
  await press(page, `button[data-sit="${seat}"]`);
  // "You sit North: ..." and, once the host has started, "The game is on: you sit North."
  await until(page, () => /you sit/i.test(document.querySelector("[data-status]").textContent), null, JOIN);
  say({ step: "seated", ms: Date.now() - started,
        connection: await page.$eval("[data-connection]", (e) => e.textContent) });

  step = "play";
  let moves = 0;
  for (;;) {
    const now = await until(page, (live) => {
      const end = document.querySelector("[data-end]");
      if (end && !end.hidden) return "end";
      return document.querySelector(live) ? "turn" : false;
    }, LIVE, TURN);
    if ((await now.jsonValue()) === "end") break;
    const code = await page.$eval(LIVE, (el) => el.dataset.card);
    const mine = `.friends .seat-south button.card-button[data-card="${code}"]`;
    // The click must arrive (as in firefox_smoke.mjs: check it did): the card leaves the hand.
    for (let tries = 0; ; tries += 1) {
      await press(page, mine);
      const gone = await page.waitForFunction((sel) => !document.querySelector(sel),
        { timeout: 5_000, polling: 50 }, mine).then(() => true, () => false);
      if (gone) break;
      if (tries === 3) throw new Error(`the ${code} stayed in the hand after four clicks`);
    }
    moves += 1;
  }
  step = "end";
  const end = await page.$eval("[data-end]", (e) => e.textContent.replace(/\s+/g, " ").trim());
  say({ step: "end", moves, end, pair: await page.$eval("[data-connection]", (e) => e.dataset.pair || "") });
  if (problems.length) throw new Error(problems.join("\n"));
  say({ step: "done" });
  await browser.close();
} catch (error) {
  // What the page showed when it failed: its words, its cards.
  const shown = page ? await page.evaluate(() => ({
    status: document.querySelector("[data-status]")?.textContent,
    connection: document.querySelector("[data-connection]")?.textContent,
    prompt: document.querySelector("[data-prompt]")?.textContent,
    cards: [...document.querySelectorAll(".seat-south [data-hand] .hand-card")].map((c) => c.className),
  })).catch((e) => String(e)) : null;
  say({ step, error: String(error && error.message || error), problems, shown });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
