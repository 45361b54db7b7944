// French & Indian War: Solitaire made in the lobby (the player's side British, the BOT by its
// chart) and played to its end by clicking, with no console error.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, OUT, lobbyGame } from "./harness.mjs";

export async function solitaireAgainstTheBot() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 3));
  try {
    const { page, rec } = b;
    await lobbyGame(page, server, "solitaire", [["select[name=side]", "british"]]);
    await page.screenshot({ path: join(OUT, "solitaire-start.png") });
    let clicks = 0;
    for (let i = 0; i < 4000; i++) {
      const st = await state(page);
      if (st.over) break;
      if (st.toMove !== "player") {
        await page.waitForFunction((v) => Number(document.body.dataset.version) > v || document.body.dataset.toMove === "player" || document.body.dataset.over === "1", st.version, { timeout: 30000 });
        continue;
      }
      const n = await renders(page);
      if (!(await clickOne(page, pick))) {
        // the state read above can be a drawing older than the page's latest: the BOT's reply
        // may have ended the game meanwhile, and an ended game has nothing to click (CI saw it)
        if ((await state(page)).over) break;
        await page.screenshot({ path: join(OUT, "solitaire-stuck.png"), fullPage: true });
        assert.fail(`the player decides and the page offers nothing to click: ${await page.textContent("#prompt")}`);
      }
      clicks++;
      await drawnAfter(page, n);
    }
    assert.ok((await state(page)).over, "the game reached its end");
    await page.screenshot({ path: join(OUT, "solitaire-end.png"), fullPage: true });
    assert.deepEqual(rec.errors, [], "no console error");
    return { clicks, prompt: (await page.textContent("#prompt")).slice(0, 90) };
  } finally {
    await b.close();
    await server.stop();
  }
}
