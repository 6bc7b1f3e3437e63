// The site's language: English at the top of the site, Italian in it/ (sitegen/languages.py).
// The switch in the header is a plain link to the page's twin, so it works without JavaScript;
// this module only remembers the visitor's choice on this device and, on a page in the other
// language, offers theirs: a line under the header (written in the offered language, rendered
// hidden by the build) with a link to the twin and "No, thanks". It never redirects. With no
// choice remembered, the browser's languages (navigator.languages) are offered the same way,
// once: "No, thanks" remembers the page's language as the choice.
import { storage } from "./util.mjs";

const KEY = "site.lang";

/** The page's language, its <html lang> ("en", "it"): the language the engine's answers must
 *  be written in (a request's "lang", engine/validate.py request_lang). @returns {string} */
export function pageLanguage() {
  return document.documentElement.lang || "en";
}

/** The remembered choice, or null. @returns {string | null} */
export function chosenLanguage() {
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remember a choice. @param {string} lang */
export function chooseLanguage(lang) {
  try {
    storage()?.setItem(KEY, lang);
  } catch {
    // storage full or blocked: the choice is simply not remembered
  }
}

/** The first of the browser's languages the site has, or null.
 *  @param {string[]} offered the site's languages on this page
 *  @returns {string | null} */
export function browserLanguage(offered) {
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of wanted) {
    const primary = (tag || "").toLowerCase().split("-")[0];
    if (offered.includes(primary)) return primary;
  }
  return null;
}

function start() {
  const page = pageLanguage();
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-lang-choice]"))) {
    link.addEventListener("click", () => {
      const lang = link.dataset.langChoice || page;
      chooseLanguage(lang);
      const offer = link.closest("[data-lang-offer]");
      if (offer instanceof HTMLElement && lang === page) offer.hidden = true;
    });
  }
  const offers = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-lang-offer]"));
  if (!offers.length) return;
  const languages = [page, ...[...offers].map((offer) => offer.dataset.langOffer || "")];
  const wanted = chosenLanguage() || browserLanguage(languages);
  if (!wanted || wanted === page) return;
  for (const offer of offers) {
    if (offer.dataset.langOffer === wanted) offer.hidden = false;
  }
}

start();
