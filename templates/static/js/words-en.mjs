// The page scripts' words in English, the language they are written in: nothing to translate.
// An English page's import map (sitegen/render.py: import_map) gives js/words.mjs this module
// in place of each other language's catalog, so an English page never downloads words-it.mjs.
/** @param {number} n @returns {number} */
export const plural = (n) => Number(n !== 1);
/** @type {Record<string, string | string[]>} */
export default {};
