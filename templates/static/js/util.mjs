// Small helpers every page script shares (one home each): waiting, the motion preference, the
// device's storage, building elements, words and base64url. No page logic lives here.

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the visitor asked for less motion. */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** The device's localStorage, or null where it is blocked (private mode, a sandbox): whatever
 *  uses it then simply does not remember. */
export function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** An element: `attrs` are attributes ("class", "text" for its text; null, undefined and false
 *  leave one out, true sets it empty), then its children.
 *  @template {keyof HTMLElementTagNameMap} K
 *  @param {K} tag
 *  @param {Record<string, string | number | boolean | null | undefined>} [attrs]
 *  @param {...(Node | string | null | undefined)} children
 *  @returns {HTMLElementTagNameMap[K]} */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** An element holding HTML the build wrote (the author's Markdown, the engine's feedback): trusted,
 *  from the same site, never a guest's words.
 *  @template {keyof HTMLElementTagNameMap} K
 *  @param {K} tag @param {string | null} className @param {string | null | undefined} markup
 *  @returns {HTMLElementTagNameMap[K]} */
export function html(tag, className, markup) {
  const node = el(tag, { class: className });
  node.innerHTML = markup || "";
  return node;
}

/** @param {string} text */
export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** Bytes (or a text, as UTF-8) in base64url without padding.
 *  @param {ArrayBuffer | Uint8Array | string} data */
export function base64url(data) {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes base64url `text` holds (throws on text that is not base64url).
 *  @param {string} text @returns {Uint8Array<ArrayBuffer>} */
export function unbase64url(text) {
  let s = text.replace(/-/g, "+").replace(/_/g, "/");
  while (s.length % 4) s += "=";
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}
