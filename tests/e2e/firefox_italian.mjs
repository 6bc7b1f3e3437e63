// The Italian Madrasso page in Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over
// WebDriver BiDi: on the English page the visitor presses the language switch's "Italiano"
// (lang.mjs remembers the choice), the Italian twin opens, the demo starts with Avanti and
// its words are read as the visitor meets them (the function given in ITALIAN_WORDS, the one
// tests/e2e/test_italian_play.py uses in Chromium); back on an English page, Italian is offered.
//
//   ITALIAN_WORDS='(root) => [...]' node tests/e2e/firefox_italian.mjs http://127.0.0.1:PORT/sub/
//
// Run by tests/e2e/test_italian_play.py. Each step prints one JSON line {"step": ..., ...};
// the last is {"step": "done"}. A failure exits 1 with the step and the reason; problems the
// page reported (uncaught errors, console errors, requests off 127.0.0.1) fail the run too.
import puppeteer from "puppeteer-core";

const base = process.argv[2];
const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const WORDS = process.env.ITALIAN_WORDS;
const READY = 120_000;  // ms: Pyodide's first start on a busy machine

const say = (record) => console.log(JSON.stringify(record));
const problems = [];
let step = "launch";

function watch(page) {
  page.on("pageerror", (error) => problems.push(`${step}: page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${step}: console error: ${message.text()}`);
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
  await page.waitForSelector(selector, { visible: true, timeout: 30_000 });
  await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", behavior: "instant" });
    el.click();
  });
}

const words = (page, selector) => page.evaluate(`(${WORDS})(document.querySelector(${JSON.stringify(selector)}))`);

let browser;
try {
  browser = await puppeteer.launch({ browser: "firefox", headless: true, executablePath: FIREFOX });
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  watch(page);

  step = "switch";
  await page.goto(base + "madrasso.html", { waitUntil: "load" });
  await Promise.all([page.waitForNavigation({ waitUntil: "load" }), press(page, 'header a[data-lang-choice="it"]')]);
  say({ step, url: page.url(), lang: await page.evaluate(() => document.documentElement.lang),
        heading: await page.$eval("h1", (h) => h.textContent.trim()),
        chosen: await page.evaluate(() => localStorage.getItem("site.lang")) });

  step = "demo";
  const started = Date.now();
  await press(page, '.demo [data-action="forward"]');
  await page.waitForFunction(
    () => /^Mossa 1 di \d+$/.test(document.querySelector(".demo [data-position]")?.textContent.trim()),
    { timeout: READY, polling: 100 });
  say({ step, seconds: (Date.now() - started) / 1000,
        position: await page.$eval(".demo [data-position]", (el) => el.textContent.trim()),
        text: await page.$eval(".demo [data-text]", (el) => el.textContent.trim()),
        words: await words(page, ".demo") });

  step = "offer";
  await page.goto(base + "briscola.html", { waitUntil: "load" });
  await page.waitForSelector('[data-lang-offer="it"]', { visible: true, timeout: 10_000 });
  say({ step, offer: await page.$eval('[data-lang-offer="it"]', (el) => el.textContent.trim()) });

  if (problems.length) throw new Error("problems on the page:\n" + problems.join("\n"));
  say({ step: "done" });
  await browser.close();
  process.exit(0);
} catch (error) {
  say({ step, error: String(error?.stack || error), problems });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
