// The play table (the class in play-table.mjs) as its parts see it: play-words.mjs is imported
// by play-table.mjs and works on the table; naming its type here, in a file the build does not
// ship, keeps that module from referring back to the one that imports it (the build's hashed
// names need the modules' references to form no cycle; friends-page.d.ts does the same). For
// the type check only.

export type PlayTable = import("./play-table.mjs").PlayTable;
