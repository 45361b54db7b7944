// The log as this seat may read it. The page keeps every line it has been sent and places each
// message's lines at their number (`log_start`), so a line sent twice (by an action's answer
// and the WebSocket) is kept once, and an undo that cut the log back cuts it here too. The
// lines since this seat's last decision are set apart; that mark is kept per seat in this
// browser.

import { h } from "./dom.js";
import { cited } from "./cite.js";

export class Log {
  constructor(el, key) {
    this.el = el;
    this.key = `fiw.mark.${key}`;
    this.lines = [];
    this.cites = [];
    const m = Number(localStorage.getItem(this.key));
    this.mark = Number.isFinite(m) && localStorage.getItem(this.key) !== null ? m : null;
  }

  /** Takes the lines of one message: `log` from line `start` on, with the rule sections each
   * cites (`cites`, line by line, as the server marked them). */
  merge(start, lines, cites = []) {
    if (start > this.lines.length) return false; // a gap: the caller asks again from the end
    this.lines = this.lines.slice(0, start).concat(lines);
    this.cites = this.cites.slice(0, start).concat(lines.map((_, i) => cites[i] || []));
    if (this.mark !== null && this.mark > this.lines.length) this.mark = this.lines.length;
    return true;
  }

  /** This seat has just decided: what follows is new for it next time. */
  decided() {
    this.mark = this.lines.length;
    localStorage.setItem(this.key, String(this.mark));
  }

  /**
   * `names` (side → the name its holder gave) are shown beside the first mention of each side
   * in a line: added when drawing, never written into the game's stored log.
   */
  render(names = {}) {
    const kids = [];
    let shown = 0;
    let last = null;
    this.lines.forEach((line, i) => {
      // a seat's own line that only names the block of the public line before it ("(br-reg-2)")
      // is read on that line
      if (last && /^\([\w-]+\)$/.test(line.trim()) && i !== this.mark) { last.append(` ${line.trim()}`); return; }
      if (this.mark !== null && i === this.mark && i < this.lines.length) kids.push(h("li", { class: "mark", "aria-hidden": "true" }, "since your last decision"));
      // numbered as shown, so that the mark (an item of its own) skips no number
      shown++;
      last = h("li", { value: shown, class: this.mark !== null && i >= this.mark ? "new" : null }, ...citedLine(line, this.cites[i], names));
      kids.push(last);
    });
    this.el.replaceChildren(...kids);
    this.el.scrollTop = this.el.scrollHeight;
  }
}

/** A log line as nodes: its citations links to the rules, each side's holder named after the
 * side's first mention. */
export function citedLine(line, cites, names) {
  const done = new Set();
  return cited(line, cites, (part) => named(part, names, done));
}

/** `line` with each side's holder's name after its first mention ("the British (Amherst)");
 * `done` holds the sides already named earlier in the same line. */
export function named(line, names, done = new Set()) {
  let out = line;
  for (const [side, name] of Object.entries(names)) {
    if (!name || done.has(side)) continue;
    const word = side.charAt(0).toUpperCase() + side.slice(1);
    const at = out.search(new RegExp(`\\b${word}\\b`));
    if (at >= 0) { out = `${out.slice(0, at + word.length)} (${name})${out.slice(at + word.length)}`; done.add(side); }
  }
  return out;
}
