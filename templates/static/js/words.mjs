// The page scripts' words in the page's language (docs/translating.md). A script writes its
// English, marked for Babel's JavaScript extractor (`python -m sitegen.i18n` collects it into
// locale/LANG/LC_MESSAGES/scripts.po), with named placeholders filled here:
//
//   _("Move {n} of {total}", { n, total })
//   ngettext("{n} move", "{n} moves", n)             // {n} is given
//   pgettext("demo speed", "fast")
//
// The build writes each language's translations into words-LANG.mjs, imported here and used
// when the page's <html lang> is that language. A static import, not a top-level await: every
// script that imports this module stays synchronous (the page's module scripts run in the
// order they always did). A page in another language does not download it: its import map
// (written by the build, sitegen/render.py: import_map) gives this import its own catalog
// instead (an English page: the empty words-en.mjs); a browser without import maps downloads
// it and reads English all the same. A message missing from a catalog reads in English.

import * as italian from "./words-it.mjs";

/** @typedef {Record<string, string | string[]>} Catalog */
/** @typedef {Record<string, string | number | null | undefined>} Values */

/** The language the page is written in, its <html lang> (the worker has no page: English).
 *  @returns {string} */
export function wordsLanguage() {
  return typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
}

/** @type {Record<string, { default: Catalog, plural: (n: number) => number }>} */
const CATALOGS = { it: italian };

const loaded = CATALOGS[wordsLanguage()] ?? null;
/** @type {Catalog} */
const catalog = loaded?.default ?? {};
const plural = loaded?.plural ?? ((/** @type {number} */ n) => Number(n !== 1));

/** Fill a message's named placeholders ({n}, {name}); a name not given stays as written.
 *  @param {string} text @param {Values} [values] @returns {string} */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name] ?? "") : whole));
}

/** @param {string} key @returns {string | undefined} */
function single(key) {
  const found = catalog[key];
  return typeof found === "string" ? found : undefined;
}

/** A message in the page's language. @param {string} message @param {Values} [values]
 *  @returns {string} */
export function _(message, values) {
  return fill(single(message) ?? message, values);
}

/** A message with a context (the same English words saying two things).
 *  @param {string} context @param {string} message @param {Values} [values] @returns {string} */
export function pgettext(context, message, values) {
  return fill(single(`${context}\u0004${message}`) ?? message, values);
}

/** A message with a number: the form the language takes for `n`, with {n} filled.
 *  @param {string} singular @param {string} plural_ @param {number} n @param {Values} [values]
 *  @returns {string} */
export function ngettext(singular, plural_, n, values) {
  const forms = catalog[singular];
  const text = Array.isArray(forms) ? forms[plural(n)] ?? forms[forms.length - 1] : n === 1 ? singular : plural_;
  return fill(text, { n, ...values });
}

/** Names joined as the page's language joins a list ("North and East", "Nord e Est"...).
 *  @param {readonly (string | null | undefined)[]} items @returns {string} */
export function list(items) {
  return new Intl.ListFormat(wordsLanguage(), { type: "conjunction" }).format(items.filter((i) => typeof i === "string"));
}
