// What the Firefox drivers of the friends' tests share (firefox_guest.mjs, firefox_host.mjs):
// Debian's firefox-esr through puppeteer-core over WebDriver BiDi, a press as a person makes it,
// this seat's cards played until the game's end screen, one JSON line per step.
import puppeteer from "puppeteer-core";

export const FIREFOX = process.env.FIREFOX_PATH || "/usr/bin/firefox-esr";
const LIVE = ".friends .seat-south .hand-card.is-playable button.card-button";

export const say = (record) => console.log(JSON.stringify(record));

/** A Firefox and a page of `width`×`height`; errors the page reports go to `problems`, each
 *  with the step `step()` says it was at. */
export async function launch({ width, height, problems, step }) {
  const browser = await puppeteer.launch({
    browser: "firefox", headless: true, executablePath: FIREFOX, acceptInsecureCerts: true,
    // Host candidates as addresses (Firefox hides them behind mDNS names otherwise); the
    // reduced motion the Chromium pages of these tests have.
    extraPrefsFirefox: { "media.peerconnection.ice.obfuscate_host_addresses": false, "ui.prefersReducedMotion": 1 },
  });
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on("pageerror", (error) => problems.push(`${step()}: page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${step()}: console error: ${message.text()}`);
  });
  return { browser, page };
}

export async function until(page, test, arg, timeout) {
  return page.waitForFunction(test, { timeout, polling: 100 }, arg);
}

/** Smooth scrolling moves a target under the pointer: scroll instantly, then click, in the page. */
export async function press(page, selector, timeout) {
  await page.waitForSelector(selector, { visible: true, timeout });
  await page.$eval(selector, (el) => {
    el.scrollIntoView({ block: "center", behavior: "instant" });
    el.click();
  });
}

/** Play the first playable card whenever this seat's turn comes (waiting up to `turn` ms for
 *  it), until the game's end screen; the number of moves. */
export async function playToTheEnd(page, turn) {
  let moves = 0;
  for (;;) {
    const now = await until(page, (live) => {
      const end = document.querySelector("[data-end]");
      if (end && !end.hidden) return "end";
      return document.querySelector(live) ? "turn" : false;
    }, LIVE, turn);
    if ((await now.jsonValue()) === "end") return moves;
    const code = await page.$eval(LIVE, (el) => el.dataset.card);
    const mine = `.friends .seat-south button.card-button[data-card="${code}"]`;
    // The click must arrive (as in firefox_smoke.mjs: check it did): the card leaves the hand.
    for (let tries = 0; ; tries += 1) {
      await press(page, mine, turn);
      const gone = await page.waitForFunction((sel) => !document.querySelector(sel),
        { timeout: 5_000, polling: 50 }, mine).then(() => true, () => false);
      if (gone) break;
      if (tries === 3) throw new Error(`the ${code} stayed in the hand after four clicks`);
    }
    moves += 1;
  }
}

/** A failed run: what the page showed (its words, its cards), said as the last step; exit 1. */
export async function failed({ browser, page, step, error, problems }) {
  const shown = page ? await page.evaluate(() => ({
    status: document.querySelector("[data-status]")?.textContent,
    connection: document.querySelector("[data-connection]")?.textContent,
    seats: document.querySelector("[data-seat-list]")?.textContent,
    prompt: document.querySelector("[data-prompt]")?.textContent,
    cards: [...document.querySelectorAll(".seat-south [data-hand] .hand-card")].map((c) => c.className),
  })).catch((e) => String(e)) : null;
  say({ step, error: String(error && error.message || error), problems, shown });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
