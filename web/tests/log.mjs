// The log drawn a few lines at a time is the log drawn whole: in a page of the server, random
// runs of messages (lines added, sent again, cut back by an undo, changed), this seat's
// decisions (the mark), holders' names arriving, and another drawing put in the same list (a
// hot seat's other seat, the reveal), each followed by the page's redraw; after every step the
// list must hold exactly what a fresh log with the same lines and mark draws at once.

import assert from "node:assert/strict";
import { Server, browser } from "./harness.mjs";

export async function logDrawing() {
  const server = await Server.start();
  const b = await browser();
  try {
    await b.page.goto(server.base + "/");
    const report = await b.page.evaluate(async (start) => {
      const { Log } = await import("/static/js/log.js");
      let seed = start;
      const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      const words = ["The British land at Flat Point (7).", "(br-reg-2)", "Weather roll 3: fair (8.1.3).", "The French fire 4 dice: 1 hit (9.2).", "(fr-light-1)", "Turn 2 begins."];
      const line = () => words[rand(words.length)] + (rand(3) ? "" : ` #${rand(1000)}`);
      const cites = (l) => { const m = l.match(/\((\d+(?:\.\d+)*)\)/); return m ? [[l.indexOf(m[1]), l.indexOf(m[1]) + m[1].length, m[1]]] : []; };
      const el = document.createElement("ol"), whole = document.createElement("ol");
      document.body.append(el, whole);
      localStorage.removeItem("fiw.mark.test");
      const log = new Log(el, "test");
      let steps = 0, incremental = 0, names = {};
      for (let i = 0; i < 3000; i++) {
        const r = rand(20);
        if (r < 9) { // a message: from the end, or sent again from a little before it, or a gap-free rewrite
          const start = Math.max(0, log.lines.length - (r < 6 ? 0 : rand(4)));
          const kept = log.lines.slice(start, start + (r === 8 ? 0 : rand(3)));
          const more = Array.from({ length: rand(4) }, line);
          const lines = kept.concat(more);
          log.merge(start, lines, lines.map(cites));
        } else if (r < 11) { // an undo: cut back
          const start = Math.max(0, log.lines.length - 1 - rand(5));
          const lines = Array.from({ length: rand(2) }, line);
          log.merge(start, lines, lines.map(cites));
        } else if (r < 14) {
          log.decided();
        } else if (r === 14) {
          names = rand(2) ? { british: "Amherst" } : { british: "Amherst", french: "Drucour" };
        } else if (r === 15) { // another drawing in the same list
          el.replaceChildren(document.createElement("li"));
        } else if (r === 16) {
          log.lines = []; log.cites = [];
          const lines = Array.from({ length: rand(30) }, line);
          log.merge(0, lines, lines.map(cites));
        }
        const before = log.drawn;
        log.render(names);
        if (before && log.drawn.items.length && before.items.length && log.drawn.items[0] === before.items[0]) incremental++;
        const fresh = new Log(whole, "test");
        fresh.lines = log.lines.slice(); fresh.cites = log.cites.slice(); fresh.mark = log.mark;
        fresh.render(names);
        if (el.innerHTML !== whole.innerHTML) return { step: i, lines: log.lines, mark: log.mark, got: el.innerHTML, want: whole.innerHTML };
        steps++;
      }
      return { steps, incremental };
    }, Number(process.env.FIW_WEB_SEED || 7));
    assert.ok(!report.got, `the log drawn in parts differs at step ${report.step} (mark ${report.mark}):\n${report.got}\n!=\n${report.want}`);
    assert.ok(report.incremental > 1000, `most redraws kept what was drawn: ${report.incremental} of ${report.steps}`);
    return report;
  } finally {
    await b.close();
    await server.stop();
  }
}
