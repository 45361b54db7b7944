// A game's chat as one seat link reads it (docs/api.md "Chat"): the players' room for a seat,
// the spectators' for a spectator, both once the game is over. Lines arrive with the messages
// of the game (`chat: {room, start, lines, muted}`), numbered in their room, and are placed at
// their number as the log's are. Every line is shown as text, never as markup: a line is
// written by someone else.

import { h } from "./dom.js";

const ROOMS = {
  players: "Chat: the players (spectators do not read it until the game is over)",
  spectators: "Chat: the spectators (the players do not read it until the game is over)",
  all: "Chat: the players and the spectators",
};

export class Chat {
  constructor() {
    this.room = null;
    this.lines = [];
    this.muted = [];
    this.reported = new Set();
  }

  /** Takes a message's chat part. */
  merge(part) {
    if (part.room !== this.room) { this.room = part.room; this.lines = []; }
    if (part.start <= this.lines.length) this.lines = this.lines.slice(0, part.start).concat(part.lines);
    this.muted = part.muted || [];
  }

  /**
   * Draws the chat into `list`, its title into `title`; `acts.seat` is this link's seat (none
   * for a spectator), `acts.mute(seat, on)` and `acts.report(n)` what its buttons do.
   */
  render(box, list, title, acts) {
    if (!this.room) { box.hidden = true; return; }
    box.hidden = false;
    title.textContent = ROOMS[this.room] || "Chat";
    const kids = [];
    for (const l of this.lines) {
      const other = l.seat && acts.seat && l.seat !== acts.seat;
      if (other && this.muted.includes(l.seat)) continue;
      const who = l.room === "spectators" && this.room === "all" ? `${l.name} (watching)` : l.name;
      const li = h("li", { class: `chat-line ${l.room}`, "data-n": l.n }, h("strong", {}, `${who}: `), h("span", { class: "chat-text" }, l.text));
      if (other && acts.report) {
        const done = this.reported.has(l.n);
        li.append(" ", h("button", { type: "button", class: "link report", disabled: done, title: "tell the site's operator about this line", onclick: async (e) => {
          try { await acts.report(l.n); this.reported.add(l.n); e.target.textContent = "reported"; e.target.disabled = true; } catch (err) { e.target.textContent = err.message; }
        } }, done ? "reported" : "report"));
      }
      kids.push(li);
    }
    // the other seats this one may mute (or hear again)
    const seats = [...new Set(this.lines.filter((l) => l.seat && l.seat !== acts.seat).map((l) => l.seat).concat(this.muted))];
    const tools = acts.seat && acts.mute ? seats.map((s) => {
      const on = this.muted.includes(s);
      return h("button", { type: "button", class: "link mute", "data-seat": s, onclick: () => acts.mute(s, !on) }, on ? `hear the ${s} side again` : `mute the ${s} side`);
    }) : [];
    if (tools.length) kids.push(h("li", { class: "chat-tools" }, ...tools));
    if (!this.lines.length) kids.unshift(h("li", { class: "muted" }, "nothing said yet"));
    list.replaceChildren(...kids);
    list.scrollTop = list.scrollHeight;
  }
}
