// The guided first game in Firefox ESR (Debian's firefox-esr), driven by puppeteer-core over
// WebDriver BiDi: the Madrasso rules page, "Start the guided game" pressed, and three of the
// visitor's turns, each said as one JSON line {"step": "turn", lifted, playable, lit, suggestion,
// verdict, word, reason, landed, ideas}; the last line is {"step": "done"}. Any failure (or a
// problem the page reported) exits 1 with the step and the reason.
//
//   node tests/e2e/firefox_guided.mjs http://127.0.0.1:PORT/sub/
//
// Run by tests/e2e/test_guided.py, which owns the server and checks what the lines say.
import { launch, press, say, until } from "./firefox_table.mjs";

const base = process.argv[2];
const READY = 120_000;  // ms: Pyodide's first start on a busy machine
const TURN = 60_000;    // ms: the computer's cards and the coach's words
const problems = [];
let step = "launch";
let browser;
let page;

// What the visitor's turn shows: the lifted cards, the engine's playable moves, the lit card,
// the coach's words, the computer's cards explained since the visitor's last card, the ideas.
function turnShown() {
  const r = document.querySelector("[data-guided]");
  const coach = r.querySelector("[data-coach]");
  const lit = [...r.querySelectorAll(".seat-south .hand-card.is-lit")];
  return {
    lifted: [...r.querySelectorAll(".seat-south [data-hand] .hand-card.is-playable button.card-button")].map((b) => b.dataset.card),
    playable: (r.dataset.playable || "").split(",").filter((a) => a && a !== "swap").map((a) => a.split(" ")[0]),
    lit: lit.map((li) => li.querySelector("button").dataset.card),
    verdict: lit.length ? lit[0].dataset.verdict : null,
    suggestion: (coach.querySelector("[data-suggestion]")?.dataset.suggestion || "").split(" ")[0],
    word: coach.querySelector(".verdict-word")?.textContent.trim(),
    reason: coach.querySelector(".guided-reason")?.textContent.trim(),
    landed: [...r.querySelectorAll("[data-landed] li")].map((li) => li.textContent.trim()),
    ideas: [...r.querySelectorAll(".guided-idea")].map((e) => e.dataset.idea),
    swap: !r.querySelector('[data-action="swap"]').hidden,
  };
}

try {
  ({ browser, page } = await launch({ width: 1280, height: 800, problems, step: () => step }));
  step = "start";
  await page.goto(base + "madrasso.html?seed=5", { waitUntil: "load" });
  await press(page, '[data-guided] [data-action="new"]', TURN);
  for (let turn = 1; turn <= 3; turn += 1) {
    step = `turn ${turn}`;
    await until(page, () => document.querySelector("[data-guided]").dataset.turn === "you", null, turn === 1 ? READY : TURN);
    const shown = await page.evaluate(turnShown);
    say({ step: "turn", turn, ...shown });
    // The visitor's own choice: the swap when offered, else the first lifted card. The press is
    // taken at once (the turn's mark goes: guided.mjs play), so the next wait is for the next turn.
    const chosen = shown.swap ? '[data-guided] [data-action="swap"]'
      : `[data-guided] .seat-south button.card-button[data-card="${shown.lifted[0]}"]`;
    await press(page, chosen, TURN);
    const taken = await page.evaluate(() => document.querySelector("[data-guided]").dataset.turn !== "you");
    if (!taken) throw new Error(`the press on ${chosen} was not taken`);
  }
  if (problems.length) throw new Error("problems on the page:\n" + problems.join("\n"));
  say({ step: "done" });
  await browser.close();
  process.exit(0);
} catch (error) {
  // What the page showed: its prompt, whose turn, the status panel.
  const shown = page ? await page.evaluate(() => {
    const r = document.querySelector("[data-guided]");
    return { prompt: r.querySelector("[data-prompt]")?.textContent, turn: r.dataset.turn ?? null,
             status: r.querySelector(".engine-status")?.textContent, last: r.querySelector("[data-last]")?.textContent };
  }).catch((e) => String(e)) : null;
  say({ step, error: String(error?.stack || error), problems, shown });
  if (browser) await browser.close().catch(() => {});
  process.exit(1);
}
