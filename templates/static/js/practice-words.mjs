// The practice table's words (practice.mjs draws the table and plays the script): the
// feedback beside the table with its verdict (a word, a colour and a sign), a refused card's
// rule, the log of what was played, and which of the author's texts answers a card.

import { nameSeats } from "./table.mjs";
import { verdictBadge } from "./table-view.mjs";
import { capital, el, html } from "./util.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").PracticePosition} Position */
/** @typedef {import("./engine").VisitorStep} VisitorStep */
/** @typedef {import("./engine").ScriptedStep} ScriptedStep */
/** @typedef {import("./shapes").Explanation} Explanation */
/** @typedef {import("./shapes").Refusal} Refusal */
/** @typedef {{game: string, rules_page: string, positions: Position[]}} PracticeData the data file (sitegen/practice_view.py) */

/** @type {Record<string, [string, string]>} the feedback's kind -> its verdict's mark and word */
const VERDICT_OF = {
  right: ["best", _("Right")], retry: ["mistake", _("Not this one")], illegal: ["mistake", _("Against the rules")],
};
/** @type {Record<string, (e: Explanation) => (string | null | undefined)[]>} the engine's kinds of answer, as feedback keys (sitegen/practice.py) */
const KINDS = {
  madrasso: (e) => [e.kind],
  briscola: (e) => [e.kind],
  scopa: (e) => [e.scopa ? "scopa" : null, e.kind,
    e.kind === "match" || e.kind === "sum" ? "capture" : null],
};

export class PracticeWords {
  /** @param {PracticeData} data */
  constructor(data) {
    this.data = data;
    this.game = data.game;
    /** @type {Position[]} the positions, the authored ones then those kept from reviews */
    this.positions = [...data.positions];
    /** @type {Position | null} the position shown */
    this.current = null;
    this.feedback = el("div");
    this.log = el("ol");
  }

  /** The feedback on `action` at `step` as one text, the build's (sitegen/practice_view.py:
   *  the author's words, then only the engine's facts they do not say, then the rule's link),
   *  on the branch the visitor's earlier answers took; null where the build wrote none (a
   *  position kept from a review, whose coach's words already say what the card does).
   *  @param {VisitorStep | ScriptedStep} step @param {string | null} [action] @returns {string | null} */
  builtText(step, action = null) {
    const steps = this.current ? this.current.steps : [];
    const at = steps.indexOf(step);
    const branch = steps.slice(0, at).map((s) => (s.visitor ? s.taken : null)).filter((s) => s !== null).join("|");
    if (!step.visitor) return (step.texts && step.texts[branch]) || null; // a scripted step's: its note and the facts not said
    const texts = step.texts && step.texts[branch];
    return (texts && action !== null && texts[action]) || null;
  }

  /** The author's feedback for a legal answer: by action, card, kind, then "other".
   *  @param {Record<string, string>} feedback @param {string} action @param {Explanation} facts */
  feedbackKey(feedback, action, facts) {
    const card = action.split(" ")[0];
    const kinds = (KINDS[this.game] || (() => []))(facts).flatMap((kind) => (kind ? [kind] : []));
    for (const key of [action, card, ...kinds, "other"]) {
      if (Object.prototype.hasOwnProperty.call(feedback, key)) return key;
    }
    return null;
  }

  /** @param {number} seat */
  name(seat) {
    return (this.current && this.current.seat_names[seat]) || `Seat ${seat}`;
  }

  /** @param {Explanation | null} facts */
  engineWords(facts) {
    const text = nameSeats((facts && facts.text) || "", this.current?.seat_names, this.current?.team_names);
    if (!text) return null;
    return el("p", { class: "practice-engine", text: text });
  }

  /** @param {string} lead @param {string | null} feedbackHtml */
  markup(lead, feedbackHtml) {
    const box = el("div", { class: "practice-says" });
    if (lead) box.append(el("strong", { text: lead.trim() }));
    if (feedbackHtml) box.append(html("div", null, feedbackHtml));
    return box;
  }

  /** @param {string} kind @param {string | null} text @param {(Node | null)[]} [parts] */
  say(kind, text, parts = []) {
    this.feedback.replaceChildren();
    this.feedback.dataset.kind = kind;
    // The verdict in a word, a colour and a sign (table-view.mjs), as the demo's answers.
    const verdict = VERDICT_OF[kind];
    if (verdict) {
      this.feedback.dataset.verdict = verdict[0];
      this.feedback.append(verdictBadge(...verdict));
    } else delete this.feedback.dataset.verdict;
    if (text) this.feedback.append(el("p", { text: text }));
    for (const part of parts) if (part) this.feedback.append(part);
  }

  /** A refused card: the engine's sentence (the card and the rule), then the rule's link.
   *  @param {Refusal} why */
  sayIllegal(why) {
    const p = el("p", { class: "practice-illegal" });
    p.append(el("strong", { text: (why && (why.sentence || why.text)) || "" }));
    const parts = [p];
    if (why && why.anchor) {
      const link = el("p", { class: "practice-rule-link" });
      const a = el("a", { text: this.sectionTitle(why.anchor) });
      a.href = `${this.data.rules_page}#${why.anchor}`;
      link.append(`${_("The rule:")} `, a, `. ${_("Nothing was played; choose another card.")}`);
      parts.push(link);
    }
    this.say("illegal", null, parts);
  }

  /** @param {string} anchor */
  sectionTitle(anchor) {
    for (const p of this.positions) {
      for (const r of p.rules) if (r.anchor === anchor) return r.title;
    }
    return capital(anchor.replace(/-/g, " "));
  }

  /** One line in the log of what was played (`log`: the move's words, the engine's, after the
   *  seat's name). The visitor's own answer is said in full by the feedback beside the table,
   *  so its line names the move only; a move the position plays itself has its one text here
   *  (`textHtml`, the build's: the note, then the engine's facts that neither the note nor the
   *  table's caption says), or else its note and the engine's facts.
   *  @param {number} seat @param {string} log @param {Explanation} explanation @param {string | null} noteHtml
   *  @param {"auto" | "right"} kind @param {string | null} [textHtml] */
  record(seat, log, explanation, noteHtml, kind, textHtml = null) {
    const li = el("li", { class: `practice-move is-${kind}` });
    const head = el("p", { class: "practice-move-head" });
    head.append(el("strong", { text: this.name(seat) }), ` ${log}.`);
    li.append(head);
    if (kind === "auto" && textHtml) li.append(html("div", "practice-note", textHtml));
    else if (kind === "auto") { // no build-time text: the note and the engine's own words
      if (noteHtml) li.append(html("div", "practice-note", noteHtml));
      const facts = this.engineWords(explanation);
      if (facts) li.append(facts);
    }
    this.log.append(li);
  }
}
