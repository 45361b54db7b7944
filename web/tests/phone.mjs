// The game page on a phone (issue 34, items 4 and 5): at 390 × 844 the header is one row,
// and the prompt and the first action the seat may take are inside the first screen, in every
// game; the header (with the prompt's next action) stays on screen when the page is scrolled.
// Screenshot: docs/web/phone.png (`node web/tests/run.mjs phone`, then copied from
// web/tests/out/phone-louisbourg.png).

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, OUT } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };

const GAMES = [
  ["louisbourg", { game: "louisbourg", players: { french: "ai" } }],
  ["solitaire", { game: "solitaire" }],
  ["d3", { game: "d3", players: { french: "ai" } }],
  ["skirmish", { game: "skirmish", setup: { scenario: "raid" }, players: { french: "ai" } }],
];

export async function phonePages() {
  const server = await Server.start();
  const phone = await browser(PHONE);
  const facts = {};
  try {
    const p = phone.page;
    for (const [name, body] of GAMES) {
      const made = await server.create(body);
      const seat = Object.keys(made.seats)[0];
      await p.goto(made.seats[seat].link);
      // the seat's turn, its actions drawn (the computer may play first)
      await p.waitForFunction(() => document.body.dataset.toMove && document.body.dataset.toMove === document.body.dataset.seat && document.querySelectorAll("#actions button.act").length > 0, null, { timeout: 30000 });
      const seen = await p.evaluate(() => {
        const box = (el) => { if (!el || el.hidden) return null; const r = el.getBoundingClientRect(); return r.width && r.height ? { top: r.top, bottom: r.bottom } : null; };
        const top = document.querySelector("header.top").getBoundingClientRect();
        return {
          header: top.height,
          headerRows: Math.round(top.height / document.querySelector("#title").getBoundingClientRect().height),
          prompt: box(document.querySelector("#prompt")),
          first: box(document.querySelector("#actions button.act")),
          next: box(document.querySelector("#head-act")),
          board: box(document.querySelector("#board-wrap")),
          width: document.documentElement.scrollWidth,
        };
      });
      facts[name] = seen;
      assert.ok(seen.prompt && seen.prompt.bottom <= PHONE.height, `${name}: the prompt is in the first screen: ${JSON.stringify(seen)}`);
      assert.ok(seen.first && seen.first.bottom <= PHONE.height, `${name}: the first action is in the first screen: ${JSON.stringify(seen)}`);
      assert.ok(seen.header < 60, `${name}: the header is one row: ${JSON.stringify(seen)}`);
      assert.ok(seen.board && seen.board.top >= seen.prompt.bottom, `${name}: the board comes under the prompt`);
      assert.ok(seen.width <= PHONE.width + 1, `${name}: nothing wider than the screen (${seen.width} px)`);
      await p.screenshot({ path: join(OUT, `phone-${name}.png`) });
      if (name === "louisbourg") {
        // the zoom buttons bring the blocks to a finger's size
        const size = () => p.evaluate(() => Math.min(...[...document.querySelectorAll("svg.louisbourg .block rect")].map((r) => r.getBoundingClientRect().width)));
        facts.blockAtFull = await size();
        for (let i = 0; i < 8 && (await size()) < 40; i++) await p.click("#zoom-in");
        facts.blockZoomed = await size();
        assert.ok(facts.blockZoomed >= 40, `zoomed in, a block is ${facts.blockZoomed} px across`);
        await p.screenshot({ path: join(OUT, "phone-zoomed.png") });
        await p.click("#zoom-reset");
      }
      // scrolled down to the board, the header is still there
      await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const headerTop = await p.evaluate(() => document.querySelector("header.top").getBoundingClientRect().top);
      assert.ok(Math.abs(headerTop) < 1, `${name}: the header stays on screen (${headerTop})`);
    }
    assert.deepEqual(phone.rec.errors, [], "no console error");
    return Object.fromEntries(Object.entries(facts).map(([k, v]) => [k, typeof v === "number" ? Math.round(v) : `prompt ${Math.round(v.prompt.bottom)} px, first action ${Math.round(v.first.bottom)} px`]));
  } finally {
    await phone.close();
    await server.stop();
  }
}
