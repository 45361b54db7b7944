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
    // what is on the page: the first line changed since (every line from it is drawn again)
    // and the drawing itself (see `render`)
    this.dirtyFrom = 0;
    this.drawn = null;
  }

  /** Takes the lines of one message: `log` from line `start` on, with the rule sections each
   * cites (`cites`, line by line, as the server marked them). */
  merge(start, lines, cites = []) {
    if (start > this.lines.length) return false; // a gap: the caller asks again from the end
    // a line sent again is the same line: only those that differ (or are cut) are drawn again
    let same = start;
    const overlap = Math.min(this.lines.length, start + lines.length);
    while (same < overlap && this.lines[same] === lines[same - start]
      && JSON.stringify(this.cites[same] || []) === JSON.stringify(cites[same - start] || [])) same++;
    this.dirtyFrom = Math.min(this.dirtyFrom, same);
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
   *
   * Only what changed is drawn: a game's log grows by a few lines a message while the page
   * draws again at every one, and drawing its hundreds of lines afresh each time made a late
   * turn's redraw several times slower than an early one's. Lines are drawn again from the
   * first that changed (an undo, a line sent anew) and from where the mark of this seat's last
   * decision was and is; the whole log when the names change or the list holds something else
   * (another seat's log in a hot seat, the reveal, a replay).
   */
  render(names = {}) {
    const key = JSON.stringify(names);
    const d = this.drawn;
    const ours = d && d.key === key && this.el.childElementCount === d.nodes
      && (d.nodes === 0 || this.el.lastElementChild === d.lastNode);
    let from = ours ? Math.min(this.dirtyFrom, this.lines.length) : 0;
    // the mark moved: the lines from where it was, or is, are drawn again (which are new, and
    // which "(block)" lines join the line before, hang on it)
    if (ours && this.mark !== d.mark) for (const m of [d.mark, this.mark]) if (m !== null && m < from) from = m;
    // the items wholly before `from` stay; one holding `from` as a joined line is drawn again
    let keep = 0;
    if (from > 0) {
      while (keep < d.items.length && d.items[keep].last < from) keep++;
      from = keep < d.items.length ? d.items[keep].first : keep > 0 ? d.items[keep - 1].last + 1 : 0;
    }
    const items = from > 0 ? d.items.slice(0, keep) : [];
    if (from > 0) {
      for (const it of d.items.slice(keep)) it.li.remove();
      if (d.markLi && d.mark >= from) d.markLi.remove();
    } else {
      this.el.replaceChildren();
    }
    let markLi = from > 0 && d.markLi && d.markLi.isConnected ? d.markLi : null;
    let last = items.length ? items[items.length - 1] : null;
    for (let i = from; i < this.lines.length; i++) {
      const line = this.lines[i];
      // a seat's own line that only names the block of the public line before it ("(br-reg-2)")
      // is read on that line
      if (last && /^\([\w-]+\)$/.test(line.trim()) && i !== this.mark) {
        last.li.append(` ${line.trim()}`);
        last.last = i;
        continue;
      }
      if (this.mark !== null && i === this.mark) {
        markLi = h("li", { class: "mark", "aria-hidden": "true" }, "since your last decision");
        this.el.append(markLi);
      }
      // numbered as shown, so that the mark (an item of its own) skips no number
      const li = h("li", { value: items.length + 1, class: this.mark !== null && i >= this.mark ? "new" : null }, ...citedLine(line, this.cites[i], names));
      this.el.append(li);
      last = { li, first: i, last: i };
      items.push(last);
    }
    this.drawn = { key, mark: this.mark, items, markLi, nodes: this.el.childElementCount, lastNode: this.el.lastElementChild };
    this.dirtyFrom = this.lines.length;
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
