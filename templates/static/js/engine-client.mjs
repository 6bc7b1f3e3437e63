// The page's side of the engine worker: start it lazily, show its progress or its failure,
// and ask it questions with promises. One worker serves every interactive part of a page
// (the demo, the practice, the games). Protocol: docs/worker-protocol.md.
//
//   import { getEngine, startWhenNear, mountStatus } from "./engine-client.mjs";
//   const engine = getEngine(rootElement);        // reads data-runtime / data-worker
//   startWhenNear(rootElement, engine, [playButton]);
//   mountStatus(rootElement.querySelector(".engine-status"), engine);
//   const { handle, state } = await engine.request("load", { record });

import { currentDeck } from "./cards.mjs";
import { gettingReady, pressedEarly, takeOver } from "./early.mjs";
import { _ } from "./words.mjs";

/** @typedef {import("./engine").EngineErrorData} EngineErrorData */
/** @typedef {import("./engine").WorkerMessage} WorkerMessage */
/** @typedef {import("./engine").Hello} Hello */
/** @typedef {"idle" | "loading" | "ready" | "failed"} EngineStatus */
/** @typedef {{resolve: (result: any) => void, reject: (error: EngineError) => void,
 *             timer: ReturnType<typeof setTimeout> | undefined}} Waiter */

/** An error the engine answered with: `kind` is "illegal", "syntax", "record", "request"... */
export class EngineError extends Error {
  /** @param {EngineErrorData} data */
  constructor(data) {
    super(data.message || data.rule || data.kind);
    this.name = "EngineError";
    this.kind = data.kind;
    this.data = data;
  }
}

/** How long one request may take once sent (an expert's move takes under a second). A test
 *  may shorten it with <html data-request-timeout="ms">. */
export const REQUEST_TIMEOUT_MS = 30_000;

export class Engine extends EventTarget {
  /** @param {{workerURL: string, runtimeURL: string}} urls */
  constructor({ workerURL, runtimeURL }) {
    super();
    this.workerURL = workerURL;
    this.runtimeURL = runtimeURL;
    /** @type {EngineStatus} */
    this.status = "idle";
    /** @type {string | null} */
    this.stage = null;
    this.fraction = 0;
    /** @type {Hello | null} */
    this.hello = null;
    /** @type {WorkerMessage["timings"] | null} */
    this.timings = null;
    /** @type {EngineError | null} */
    this.error = null;
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {Map<number, Waiter>} */
    this.pending = new Map();
    /** @type {(() => void)[]} whenQuiet()'s, until no request is in flight */
    this.quietWaiters = [];
    /** @type {Promise<Hello> | null} */
    this.readyPromise = null;
    /** @type {Promise<unknown> | null} runtime.json's contents (null if unreadable), once started */
    this.runtime = null;
    this.startedAt = 0;
  }

  /** Start the worker (once); resolves with the engine's hello when it is ready.
   *  @returns {Promise<Hello>} */
  start() {
    if (this.readyPromise) return this.readyPromise;
    this.status = "loading";
    this.error = null;
    this.startedAt = performance.now();
    this.fromSnapshot = hasSnapshot(this); // expected: a start in a fraction of a second
    performance.mark("engine-start");
    // The page reads runtime.json while the worker's script loads, and hands it over with the
    // first message: the worker then starts fetching Pyodide at once. (When the read fails,
    // the worker reads it itself and reports what went wrong.)
    const runtime = this.runtime = readRuntime(this.runtimeURL);
    /** @type {Promise<Hello>} */
    const ready = this.readyPromise = new Promise((resolve, reject) => {
      this._rejectReady = reject;
      let worker;
      try {
        worker = new Worker(this.workerURL, { type: "module" });
      } catch (err) {
        this._fail("worker", String((err instanceof Error && err.message) || err));
        reject(this.error);
        return;
      }
      this.worker = worker;
      worker.addEventListener("message", (event) => {
        /** @type {WorkerMessage} */
        const message = event.data;
        if (message.type === "progress") {
          performance.mark(message.stage === "start" ? "engine-worker-started" : `engine-${message.stage}`);
          this.stage = message.stage ?? null;
          this.fraction = message.fraction ?? 0;
          this._emit("progress", message);
        } else if (message.type === "ready") {
          this.status = "ready";
          performance.mark("engine-ready");
          document.documentElement.dataset.engine = "ready";
          const timings = message.timings ?? {};
          document.documentElement.dataset.engineStart = timings.start || "cold"; // or "snapshot"
          const hello = message.hello ?? {};
          this.hello = hello;
          this.timings = timings;
          rememberSnapshot(this.runtimeURL, timings.start === "snapshot");
          if (message.keepSnapshot) this._keepSnapshotLater();
          this._emit("ready", message);
          resolve(hello);
        } else if (message.type === "failed") {
          this._fail(message.stage ?? "worker", message.message ?? "");
          reject(this.error);
        } else if (message.id !== undefined) {
          // Answers are matched by the page's own id (the worker puts it on every answer);
          // one that matches no waiting request (given up on, or not ours) is dropped.
          const waiter = this.pending.get(message.id);
          if (!waiter) return;
          this.pending.delete(message.id);
          clearTimeout(waiter.timer);
          if (message.ok) waiter.resolve(message.result);
          else waiter.reject(new EngineError(message.error || { kind: "internal", message: _("an answer with no error") }));
          if (!this.pending.size) this._quiet();
        }
      });
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        this._fail(this.stage || "worker", event.message || _("the engine worker could not start"));
        reject(this.error);
      });
      runtime.then((data) => worker.postMessage({ type: "init", runtime: this.runtimeURL, data }));
    });
    // A failure is shown by the status panel; nobody has to catch this one.
    ready.catch(() => {});
    this._emit("starting", {}); // after readyPromise is set: a listener calling start() gets it
    return ready;
  }

  /** Throw the failed worker away and start again. */
  retry() {
    if (this.worker) this.worker.terminate();
    // Whoever waits on the old worker hears that it is gone, instead of waiting for ever.
    const gone = new EngineError({ kind: "unavailable", message: _("the engine was restarted") });
    if (this.status === "loading" && this._rejectReady) this._rejectReady(gone);
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(gone);
    }
    this.pending.clear();
    this._quiet();
    this.worker = null;
    this.readyPromise = null;
    this.status = "idle";
    this.stage = null;
    this.fraction = 0;
    return this.start();
  }

  /**
   * Ask the engine: resolves with the result, rejects with an EngineError. The request is sent
   * at once, even while the engine starts: the worker keeps what comes before it is ready and
   * answers it right after its hello, so a first answer (the demo's record opened) does not
   * wait for the ready message to cross to the page and a request to cross back. A request
   * not answered within REQUEST_TIMEOUT_MS of the engine being ready is given up: the worker
   * is taken for stuck, the engine fails with stage "answer" (the status panel says so and
   * offers Retry, which starts a new worker), and this request and every other waiting one
   * reject with kind "unavailable". A start that fails rejects them all with its error.
   * The op names its arguments' and its answer's types (engine.d.ts EngineOps: the arguments
   * written from engine/validate.py): a misspelled op, an argument the op does not take, a
   * missing or mistyped one is a tsc error. An op only known when the page runs (a string)
   * takes any arguments and answers `any`: the engine's validator checks it.
   * @template {string} K
   * @template {import("./engine").ArgsHint} A
   * @param {K & import("./engine").KnownOp<K>} op
   * @param {A & import("./engine").CheckedArgs<K, A>} [args]
   * @returns {Promise<import("./engine").RequestAnswer<K, A>>}
   */
  async request(op, args) {
    const ready = this.start();
    if (this.status === "failed") throw this.error; // failed to start, or stuck: Retry first
    const id = this.nextId++;
    const limit = Number(document.documentElement.dataset.requestTimeout) || REQUEST_TIMEOUT_MS;
    const worker = /** @type {Worker} */ (this.worker); // start() made it, or failed above
    return new Promise((resolve, reject) => {
      /** @type {Waiter} */
      const waiter = { resolve, reject, timer: undefined };
      this.pending.set(id, waiter);
      // The visitor's deck goes with every request: the engine names the cards in its words.
      // So does the page's language (<html lang>, as lang.mjs's pageLanguage reads it): English goes unsaid.
      const deck = currentDeck();
      const lang = document.documentElement.lang || "en";
      worker.postMessage({ ...args, id, op, ...(deck === "toscane" ? {} : { deck }), ...(lang === "en" ? {} : { lang }) });
      ready.then(() => {
        if (this.pending.get(id) !== waiter) return; // answered already, or given up
        waiter.timer = setTimeout(() => {
          if (this.pending.get(id) === waiter) this._fail("answer", _("the engine did not answer within {s} s", { s: limit / 1000 }));
        }, limit);
      }, () => {});
    });
  }

  /**
   * Resolves once no request is in flight and the page has had an idle moment (or
   * QUIET_IDLE_MS have passed without one). For what a component asks for of its own accord,
   * which must not go before what the visitor pressed for: the worker answers one request at
   * a time, in turn, so the practice's position opened at ready was answered, and drawn,
   * before the demo's first move asked for just after it.
   */
  /** @returns {Promise<void>} */
  whenQuiet() {
    return new Promise((resolve) => {
      const idle = idleCallback();
      const look = () => {
        idle(() => {
          if (this.pending.size) this.quietWaiters.push(look);
          else resolve();
        }, { timeout: QUIET_IDLE_MS });
      };
      look();
    });
  }

  _quiet() {
    for (const look of this.quietWaiters.splice(0)) look();
  }

  /**
   * After a cold start, keep a memory snapshot of the engine for the next pages and visits
   * (worker.mjs): a second worker starts Python once more, saves the snapshot and is thrown
   * away. It waits until the page has been quiet for a while (no request in flight, an idle
   * moment), so it never competes with the visitor's first moves, and it is skipped on
   * devices with little memory (two interpreters live side by side while it runs).
   */
  /** While `held`, the snapshot keeper waits (a table with friends in play: a second
   *  interpreter starting would slow every seat's moves for seconds); it runs after.
   *  @param {boolean} held */
  holdSnapshot(held) {
    this.snapshotHeld = held;
  }

  /** @param {number} delay @returns {void} */
  _keepSnapshotLater(delay = KEEP_AFTER_MS) {
    if (navigator.deviceMemory && navigator.deviceMemory < 2) return;
    setTimeout(() => {
      if (this.pending.size || this.snapshotHeld || document.hidden) return this._keepSnapshotLater(2000);
      const idle = idleCallback();
      idle(() => {
        let keeper;
        try {
          keeper = new Worker(this.workerURL, { type: "module" });
        } catch {
          return;
        }
        /** @param {boolean} saved */
        const done = (saved) => {
          keeper.terminate();
          rememberSnapshot(this.runtimeURL, saved);
          this._emit("snapshot", { saved });
        };
        keeper.addEventListener("message", (event) => {
          if (event.data && event.data.type === "snapshot") done(Boolean(event.data.saved));
        });
        keeper.addEventListener("error", (event) => {
          event.preventDefault();
          done(false);
        });
        this.runtime?.then((data) => keeper.postMessage({ type: "keep-snapshot", runtime: this.runtimeURL, data }));
      }, { timeout: 5000 });
    }, delay);
  }

  /** @param {string} stage @param {string} message */
  _fail(stage, message) {
    if (this.status === "failed") return;
    this.status = "failed";
    document.documentElement.dataset.engine = "failed";
    this.error = new EngineError({ kind: "unavailable", stage, message });
    for (const waiter of this.pending.values()) {
      clearTimeout(waiter.timer);
      waiter.reject(this.error);
    }
    this.pending.clear();
    this._quiet();
    this._emit("failed", { stage, message });
  }

  /** @param {string} type @param {unknown} detail */
  _emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

/** `requestIdleCallback`, or a stand-in where the browser has none (Safari).
 *  @returns {(fn: () => void, options?: IdleRequestOptions) => unknown} */
function idleCallback() {
  return "requestIdleCallback" in window ? window.requestIdleCallback.bind(window) : (fn) => setTimeout(fn, 0);
}

/** runtime.json's contents, or null when it cannot be read.
 *  @param {string} url @returns {Promise<unknown>} */
async function readRuntime(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** @type {Map<string, Engine>} */
const engines = new Map();

/**
 * The page's engine (one per runtime). `element` (or an ancestor, or <html>) carries
 * data-runtime="…/runtime.json" and data-worker="…/worker.mjs", relative to the page.
 * @param {Element} element
 * @returns {Engine}
 */
export function getEngine(element = document.documentElement) {
  /** @type {HTMLElement | null} */
  const holder = (element.closest && element.closest("[data-runtime]")) || document.querySelector("[data-runtime]");
  const runtime = (holder ? holder.dataset.runtime : undefined) ?? "runtime.json";
  const worker = (holder && holder.dataset.worker) || new URL("./worker.mjs", import.meta.url).href;
  const runtimeURL = new URL(runtime, document.baseURI).href;
  const workerURL = new URL(worker, document.baseURI).href;
  let engine = engines.get(runtimeURL);
  if (!engine) engines.set(runtimeURL, engine = new Engine({ workerURL, runtimeURL }));
  return engine;
}

// Whether this browser keeps a memory snapshot of the started engine (worker.mjs): then the
// engine starts in a fraction of a second, from local files, so a page starts it at once.
// A stale "yes" (the browser dropped the snapshot) only costs one early cold start, after
// which the worker's answer corrects it.
const SNAPSHOT_FLAG = "engine-snapshot:";
const KEEP_AFTER_MS = 4000;
const QUIET_IDLE_MS = 1000; // whenQuiet's longest wait for an idle moment
const SNAPSHOT_GRACE_MS = 1500; // a start from a snapshot shows its status panel after this

/** @param {string} runtimeURL @param {boolean} kept */
function rememberSnapshot(runtimeURL, kept) {
  try {
    if (kept) localStorage.setItem(SNAPSHOT_FLAG + runtimeURL, "1");
    else localStorage.removeItem(SNAPSHOT_FLAG + runtimeURL);
  } catch {
    // storage blocked: the engine just starts the usual way
  }
}

/** @param {Engine} engine */
function hasSnapshot(engine) {
  try {
    return localStorage.getItem(SNAPSHOT_FLAG + engine.runtimeURL) === "1";
  } catch {
    return false;
  }
}

/** True when the visitor asked the browser to save data: start only on a press, then. */
export function savesData() {
  const connection = navigator.connection;
  return Boolean(connection && connection.saveData);
}

/**
 * Start the engine when `element` comes near the viewport, or when the visitor shows intent
 * on one of `intentTargets` (hover, focus, press). Under Save-Data only a press starts it.
 */
const SETTLE_MS = 2000;
let loadedAt = document.readyState === "complete" ? 0 : Infinity;
if (loadedAt) window.addEventListener("load", () => { loadedAt = performance.now(); }, { once: true });

/** @param {Element} element @param {Engine} engine @param {EventTarget[]} [intentTargets] */
export function startWhenNear(element, engine, intentTargets = []) {
  const go = () => {
    if (engine.status === "idle") engine.start();
  };
  const press = ["pointerdown", "keydown", "click"];
  const intent = savesData() ? press : ["pointerenter", "focusin", ...press];
  for (const target of intentTargets) {
    for (const type of intent) target.addEventListener(type, go, { once: true, passive: true });
  }
  if (savesData() || !("IntersectionObserver" in window)) return;
  const early = hasSnapshot(engine);
  // With a snapshot kept, a component already near the viewport starts the engine now, not at
  // the observer's first call (the next frame, which comes late while a page loads: 50 to 100 ms
  // on a busy machine). The layout this reads is the one the first frame needs anyway; once
  // the engine has started, nobody reads it again.
  if (early && engine.status === "idle" && nearViewport(element)) return go();
  // Near the viewport: start once the page has loaded and settled (2 s after its load event,
  // in an idle moment), so the worker's download and compile (which take every core of a
  // small phone) never slow the first paint and first scroll; any sign of intent (above)
  // starts it at once. With a snapshot kept there is nothing to download or compile at
  // length: it starts at once.
  const soon = () => {
    if (early) return go();
    const idle = () => idleCallback()(go, { timeout: 500 });
    const settled = () => setTimeout(idle, Math.max(0, loadedAt + SETTLE_MS - performance.now()));
    if (document.readyState === "complete") settled();
    else window.addEventListener("load", settled, { once: true });
  };
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      soon();
    }
  }, { rootMargin: `${NEAR_PX}px 0px` });
  observer.observe(element);
}

/** How near the viewport a component starts the engine (the observer's root margin). */
const NEAR_PX = 300;

/** Whether `element` is shown and within NEAR_PX of the viewport, as the observer would say.
 *  @param {Element} element */
function nearViewport(element) {
  const box = element.getBoundingClientRect();
  if (!box.width && !box.height) return false; // not shown (display: none)
  return box.bottom >= -NEAR_PX && box.top <= window.innerHeight + NEAR_PX
    && box.right >= 0 && box.left <= window.innerWidth;
}

/**
 * A component's buttons are on the page before its script can act on them: its data (the deal,
 * the game's texts) is still on the way on a slow network. A press meanwhile is not lost: it
 * is kept (early.mjs keeps every press until the component's script takes it over, the button
 * saying it is getting ready), it starts the engine at once, and it is made again when the
 * component is there (call the returned function once it is).
 * @param {HTMLElement} root
 */
export function keepEarlyPresses(root) {
  const start = () => {
    const engine = getEngine(root);
    if (engine.status === "idle") engine.start();
  };
  /** @param {Event} event */
  const keep = (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("button[data-action]")) start();
  };
  if (pressedEarly(root)) start();
  root.addEventListener("click", keep);
  return () => {
    root.removeEventListener("click", keep);
    takeOver(root);
  };
}

/** Settles once the engine has started and answered what was asked of it meanwhile (or has
 *  failed: its status panel says so): a press made while it starts is carried out by then.
 *  @param {Engine} engine @returns {Promise<void>} */
export function untilAnswered(engine) {
  return engine.start().then(() => engine.whenQuiet(), () => {});
}

/**
 * A component made when its data comes, whose New game may be pressed before then (the play
 * table, the guided game). `start(data)` makes it, once, and deals at once if New game was
 * pressed meanwhile; `press(button)` keeps such a press: the engine starts at once, and the
 * button says it is getting ready until the component's engine has dealt (early.mjs);
 * `made()` is the component once made, else null.
 * @template D @template {{engine: Engine}} T
 * @param {HTMLElement} root @param {(data: D) => T} make @param {(made: T) => void} deal
 */
export function madeWhenDataComes(root, make, deal) {
  /** @type {T | null} */
  let made = null;
  let pressed = false;
  /** @type {(made: T) => void} */
  let resolve = () => {};
  /** @type {Promise<T>} */
  const whenMade = new Promise((r) => { resolve = r; });
  return {
    made: () => made,
    /** @param {D} data */
    start: (data) => {
      if (made) return;
      made = make(data);
      resolve(made);
      if (pressed) deal(made);
    },
    /** @param {HTMLElement} button */
    press: (button) => {
      pressed = true;
      getEngine(root).start();
      gettingReady(button, whenMade.then((component) => untilAnswered(component.engine)));
    },
  };
}

/**
 * While the engine starts, a press on one of `root`'s buttons matching `selector` is carried
 * out once it is ready (the component queues it, or its request waits in the worker): the
 * button says it is getting ready until then (early.mjs), and the press starts the engine.
 * @param {HTMLElement} root @param {Engine} engine @param {string} selector
 */
export function markPressesWhileStarting(root, engine, selector) {
  root.addEventListener("click", (event) => {
    if (engine.status === "ready" || engine.status === "failed") return;
    const target = event.target instanceof Element ? event.target : null;
    /** @type {HTMLElement | null | undefined} */
    const button = target?.closest(selector);
    if (!button || !root.contains(button) || button.getAttribute("aria-disabled") === "true") return;
    gettingReady(button, untilAnswered(engine));
  }, true);
}

/**
 * Bind a status panel to the engine: a progress bar while loading, a message and a Retry
 * button on failure, hidden once ready. Expected markup (templates/components/demo.html):
 *   <div class="engine-status" role="status"><progress></progress><p class="engine-message"></p>
 *   <button type="button" class="engine-retry" hidden>Retry</button></div>
 * @param {HTMLElement | null} panel
 * @param {Engine} engine
 */
export function mountStatus(panel, engine) {
  if (!panel) return;
  const bar = panel.querySelector("progress");
  const text = /** @type {HTMLElement} */ (panel.querySelector(".engine-message"));
  /** @type {HTMLButtonElement | null} */
  const retry = panel.querySelector(".engine-retry");
  /** @type {Record<string, string>} */
  const labels = {
    start: _("Starting the game engine…"),
    runtime: _("Loading Python in your browser…"),
    python: _("Loading the rules engine…"),
    engine: _("Almost ready…"),
    import: _("Ready."),
  };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let slowTimer = undefined;
  let slow = false;
  /** @type {ReturnType<typeof setTimeout> | null} */
  let graceTimer = null;
  const show = () => {
    panel.dataset.state = engine.status;
    // A start from a kept snapshot is usually over in under a second: the panel stays hidden
    // meanwhile, so no progress bar flashes and the table below it does not move down and back
    // up (the page painted it all again at ready, just before the first move's drawing).
    const grace = engine.status === "loading" && engine.fromSnapshot
      ? engine.startedAt + SNAPSHOT_GRACE_MS - performance.now() : 0;
    if (grace > 0) {
      panel.hidden = true;
      if (!graceTimer) graceTimer = setTimeout(() => { graceTimer = null; show(); }, grace);
      return;
    }
    if (engine.status === "loading" && !slowTimer && !slow) {
      // A download that stalls without an error would spin for ever: after 25 s say so, and
      // offer Retry beside the progress bar (the load carries on meanwhile).
      slowTimer = setTimeout(() => {
        slow = true;
        show();
      }, 25_000);
    } else if (engine.status !== "loading") {
      clearTimeout(slowTimer);
      slowTimer = undefined;
      slow = false;
    }
    if (engine.status === "idle") {
      panel.hidden = true;
    } else if (engine.status === "loading") {
      panel.hidden = false;
      if (bar) {
        bar.hidden = false;
        bar.value = engine.fraction;
        bar.max = 1;
      }
      text.textContent = labels[engine.stage ?? "start"] || labels.start;
      if (slow) text.textContent += ` ${_("This is taking longer than usual: you can wait, or retry.")}`;
      if (retry) retry.hidden = !slow;
    } else if (engine.status === "ready") {
      panel.hidden = true;
    } else if (engine.status === "failed") {
      panel.hidden = false;
      if (bar) bar.hidden = true;
      const stuck = engine.error && engine.error.data && engine.error.data.stage === "answer";
      const why = (engine.error && engine.error.message) || _("unknown error");
      text.textContent = `${stuck
        ? _("The game engine stopped answering. Press Retry to start it again.")
        : _("The game engine could not load, so the table cannot play here.")} ${
        _("The rules and the written deal below are all still here. ({error})", { error: why })}`;
      if (retry) retry.hidden = false;
    }
  };
  if (retry) retry.addEventListener("click", () => {
    clearTimeout(slowTimer);
    slowTimer = undefined;
    slow = false;
    engine.retry();
    show();
  });
  for (const type of ["starting", "progress", "ready", "failed"]) engine.addEventListener(type, show);
  show();
  return show;
}
