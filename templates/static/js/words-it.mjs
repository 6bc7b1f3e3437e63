// The page scripts' words in Italian, written by the build from locale/it/LC_MESSAGES/scripts.po
// (sitegen/i18n.py): do not edit; js/words.mjs loads it on a page in this language.
/** @param {number} n @returns {number} */
export const plural = (n) => Number((n != 1));
/** @type {Record<string, string | string[]>} */
export default {};
