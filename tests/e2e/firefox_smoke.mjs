// The end-to-end smoke in Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over
// WebDriver BiDi: the demo to its first move, one Briscola game to its end screen, and, after
// the server is stopped, a reload that still plays the demo (the service worker's cache).
//
//   node tests/e2e/firefox_smoke.mjs http://127.0.0.1:PORT/sub/
//
// Run by tests/e2e/test_firefox.py, which owns the server: when this script prints
// "stop the server" it waits for a line on stdin saying the server is gone. Each step prints one
// JSON line {"step": ..., ...}; the last line is {"step": "done"}. Any failure exits 1 with the
// step and the reason, and problems the page reported (uncaught errors, console errors,
// requests off 127.0.0.1) fail the run too.
import puppeteer from "puppeteer-core";
import { createInterface } from "node:readline";

const base = process.argv[2];
const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const READY = 120_000;  // ms: Pyodide's first start on a busy machine
const MOVE = 30_000;    // ms: one round of computer moves
const LIVE = '.play .seat-south button.card-button[aria-disabled="false"]';

const say = (record) => console.log(JSON.stringify(record));
const problems = [];
let step = "launch";

function watch(page, offline) {
  page.on("pageerror", (error) => problems.push(`${step}: page error: ${error.message}`));
  page.on("console", (message) => {
    // Offline, the service worker's network-first attempt for pages fails by design.
    if (message.type() === "error" && !(offline() && /NetworkError|network/i.test(message.text()))) {
      problems.push(`${step}: console error: ${message.text()}`);
    }
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:", "about:"].includes(url.protocol) && url.hostname !== "127.0.0.1") {
      problems.push(`${step}: off-origin request: ${request.url()}`);
    }
  });
}

// Smooth scrolling moves a target under the pointer: scroll instantly, then click, in the page.
async function press(page, selector) {
  await page.waitForSelector(selector, { visible: true, timeout: MOVE });
  await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", behavior: "instant" });
    el.click();
  });
}

async function textOf(page, selector) {
  return page.$eval(selector, (el) => el.textContent.trim());
}

async function demoFirstMove(page) {
  await page.goto(base + "madrasso.html", { waitUntil: "load" });
  const started = Date.now();
  await press(page, '.demo [data-action="forward"]');
  await page.waitForFunction(
    () => /^Move 1 of \d+$/.test(document.querySelector(".demo [data-position]")?.textContent.trim()),
    { timeout: READY, polling: 100 });
  const narration = await textOf(page, ".demo [data-narration]");
  if (!narration) throw new Error("the demo showed its first move with no words");
  return { seconds: (Date.now() - started) / 1000, position: await textOf(page, ".demo [data-position]"),
           words: narration.length };
}

async function briscolaToTheEnd(page) {
  await page.goto(base + "briscola.html?seed=4&level=random#play", { waitUntil: "load" });
  await page.evaluate(() => localStorage.clear());
  await page.reload({ waitUntil: "load" });
  await press(page, '.play [data-action="new"]');
  let played = 0;
  for (; played < 25; played += 1) {
    const next = await page.waitForFunction(
      (live) => (document.querySelector(".play [data-end]:not([hidden])") ? "end"
        : document.querySelector(live) ? "turn" : null),
      { timeout: played ? MOVE : READY, polling: 100 }, LIVE);
    if ((await next.jsonValue()) === "end") break;
    const code = await page.$eval(LIVE, (el) => el.dataset.card);
    const mine = `.play .seat-south button.card-button[data-card="${code}"]`;
    // The click must arrive (the notes on Firefox: check it did): the card leaves the hand.
    for (let tries = 0; ; tries += 1) {
      await press(page, mine);
      const gone = await page.waitForFunction((sel) => !document.querySelector(sel),
        { timeout: 5_000, polling: 50 }, mine).then(() => true, () => false);
      if (gone) break;
      if (tries === 3) throw new Error(`the ${code} stayed in South's hand after four clicks`);
    }
  }
  await page.waitForSelector(".play [data-end]:not([hidden])", { visible: true, timeout: MOVE });
  const points = await page.$$eval(".play [data-scores] [data-points]",
    (els) => els.map((el) => Number(el.textContent.trim())));
  return { played, points, end: await textOf(page, ".play [data-end]") };
}

async function offlineReload(page) {
  await page.waitForFunction(() => document.documentElement.dataset.offline === "ready",
    { timeout: READY, polling: 250 });
  say({ step: "stop the server" });
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const { value } = await lines.next();
  if (value?.trim() !== "stopped") throw new Error(`expected "stopped" on stdin, got ${value}`);
  // One navigation (demoFirstMove's): a second one right after would cancel the first page's
  // data requests mid-way, which Firefox reports as errors of the service worker.
  const demo = await demoFirstMove(page);
  return { ...demo, heading: await textOf(page, "h1") };
}

let browser;
let offline = false;
try {
  browser = await puppeteer.launch({ browser: "firefox", headless: true, executablePath: FIREFOX });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  watch(page, () => offline);
  step = "demo"; say({ step, ...(await demoFirstMove(page)) });
  step = "briscola"; say({ step, ...(await briscolaToTheEnd(page)) });
  step = "offline"; offline = true;
  await page.goto(base + "madrasso.html", { waitUntil: "load" });
  say({ step, ...(await offlineReload(page)) });
  if (problems.length) throw new Error("problems on the page:\n" + problems.join("\n"));
  say({ step: "done" });
  await browser.close();
  process.exit(0);
} catch (error) {
  say({ step, error: String(error?.stack || error), problems });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
