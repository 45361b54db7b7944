// The seat's legal actions as the server lists them (index, text, group, note, pieces,
// places), made clickable: on the board (a piece, then a place) and as a list of buttons.
// Nothing here knows a rule: what can be clicked is what the list holds.
//
// A piece is a target when an action names it first; once picked, the places its actions
// end at (each action's last place) are the targets, and a place with one action takes it.
// A place is a target on its own when an action names places and no piece (Louisbourg's
// "move from X", "battle X"). Actions that name neither are buttons only.

import { cited } from "./cite.js";
import { h } from "./dom.js";

export class Picker {
  constructor(take, redraw) {
    this.take = take;
    this.redraw = redraw;
    this.actions = [];
    this.selected = null;
    this.place = null;
  }

  set(actions) {
    const same = this.actions.length === actions.length && this.actions.every((a, i) => a.text === actions[i].text);
    this.actions = actions;
    if (!same) { this.selected = null; this.place = null; }
    if (this.selected && !actions.some((a) => a.pieces[0] === this.selected)) this.selected = null;
    // one piece that every action naming a piece moves somewhere: it is picked already
    const named = actions.filter((a) => a.pieces.length);
    const first = new Set(named.map((a) => a.pieces[0]));
    if (!this.selected && named.length > 1 && first.size === 1 && named.every((a) => a.places.length)) {
      this.selected = named[0].pieces[0];
    }
  }

  /** The actions on show: those of the picked piece (and place), or all; the ones that
   * name nothing (done, pass) are always on show. */
  shown() {
    let list = this.actions;
    if (this.selected) list = list.filter((a) => a.pieces[0] === this.selected || (!a.pieces.length && !a.places.length));
    if (this.place) list = list.filter((a) => last(a.places) === this.place || (!a.pieces.length && !a.places.length));
    return list;
  }

  /** The pieces to click, each with its actions. */
  pieceTargets() {
    const out = new Map();
    if (this.selected) return out;
    for (const a of this.actions) {
      if (!a.pieces.length) continue;
      if (!out.has(a.pieces[0])) out.set(a.pieces[0], []);
      out.get(a.pieces[0]).push(a);
    }
    return out;
  }

  /** The places to click, each with its actions. */
  placeTargets() {
    const out = new Map();
    const from = this.selected ? this.actions.filter((a) => a.pieces[0] === this.selected) : this.actions.filter((a) => !a.pieces.length);
    for (const a of from) {
      const p = last(a.places);
      if (!p) continue;
      if (!out.has(p)) out.set(p, []);
      out.get(p).push(a);
    }
    return out;
  }

  clickPiece(id) {
    if (this.selected === id) { this.selected = null; this.place = null; this.redraw(); return; }
    const mine = this.actions.filter((a) => a.pieces[0] === id);
    if (!mine.length) return;
    if (mine.length === 1 && !mine[0].places.length) { this.take(mine[0]); return; }
    this.selected = id;
    this.place = null;
    this.redraw();
  }

  clickPlace(id) {
    const acts = this.placeTargets().get(id) || [];
    if (acts.length === 1) { this.take(acts[0]); return; }
    if (acts.length > 1) { this.place = id; this.redraw(); }
  }

  clear() {
    this.selected = null;
    this.place = null;
    this.redraw();
  }

  /** The list of buttons, grouped under the server's headings; `labelFor(text)` gives the words
   * a button shows (the map's names for the ids an action is typed with), the action's own text
   * staying what it plays and what its title says. */
  render(box, noteFor, labelFor = () => null) {
    const list = this.shown();
    box.replaceChildren();
    if (!this.actions.length) return;
    if (this.selected || this.place) {
      box.append(h("p", { class: "filter" }, `Showing the actions of ${[this.selected, this.place].filter(Boolean).join(" at ")} `,
        h("button", { type: "button", class: "copy", id: "show-all", onclick: () => this.clear() }, "show all (Esc)")));
    }
    const groups = new Map();
    for (const a of list) {
      const g = a.group || "";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(a);
    }
    let n = 0;
    for (const [g, acts] of groups) {
      if (g) box.append(h("h3", {}, labelFor(g) || g.replaceAll("=", " ")));
      box.append(h("ul", {}, ...acts.map((a) => {
        n++;
        const key = n <= 9 ? String(n) : null;
        const note = a.note || noteFor(a);
        // a note that cites the rules is written beside the button, its citations links (a
        // link inside the button would take the action)
        const outside = !!(a.note && a.note_cites && a.note_cites.length);
        return h("li", {}, h("button", {
          type: "button", class: "act", "data-index": a.index, "data-text": a.text,
          title: key ? `${a.text} (key ${key})` : a.text,
          onclick: () => this.take(a),
        }, a.words || labelFor(a.text) || a.text, note && !outside ? h("span", { class: "note" }, note) : null),
        outside ? h("span", { class: "note cited-note" }, ...cited(a.note, a.note_cites)) : null);
      })));
    }
  }
}

export function last(xs) {
  return xs && xs.length ? xs[xs.length - 1] : null;
}
