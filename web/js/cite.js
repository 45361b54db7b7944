// A text the server sent with the rule sections it cites (`[from, to, section]`, UTF-16 offsets,
// found by the server against the game's rulebook): drawn with each citation a link that opens
// the rules panel at its section. The page never looks for section numbers itself.

import { h } from "./dom.js";

let opener = null;

/** Where a citation's click goes (the rules panel's open, set once the rules are loaded). */
export function openWith(open) { opener = open; }

/** A link to `section` reading `words`. */
export function citeLink(section, words = section) {
  return h("button", {
    type: "button", class: "cite", "data-section": section, title: `read rule ${section}`,
    onclick: (e) => { e.stopPropagation(); if (opener) opener(section); },
  }, words);
}

/**
 * `text` as nodes, each cited span a link. `plain(part, i)` turns each stretch of plain text
 * into nodes or a string (the log adds the holders' names there), `i` counting the stretches.
 */
export function cited(text, cites, plain = (part) => part) {
  if (!cites || !cites.length) return [plain(text, 0)];
  const out = [];
  let at = 0, n = 0;
  for (const [from, to, section] of cites) {
    if (from < at || to > text.length || from >= to) continue; // never trust offsets blindly
    if (from > at) out.push(plain(text.slice(at, from), n++));
    out.push(citeLink(section, text.slice(from, to)));
    at = to;
  }
  if (at < text.length) out.push(plain(text.slice(at), n++));
  return out;
}
