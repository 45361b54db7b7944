// Two people at one screen (the lobby's hot-seat link): when the decision passes to the other
// side, the page covers itself and holds nothing of the side that played; once the next
// player is ready, the page holds that side's blocks and none of the other's.

import assert from "node:assert/strict";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, lobbyGame } from "./harness.mjs";


const OWN = { british: "br-", french: "fr-" };
/** The page covered while the screen is passed. */
const COVERED = "#cover:not([hidden])";

export async function hotSeatPassesTheScreen() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 13));
  try {
    const { page, rec } = b;
    await lobbyGame(page, server, "louisbourg", [["select[data-seat=british]", "human"], ["select[data-seat=french]", "human"], ["#hot-seat", true]], { open: false });
    // the links are listed once the server has answered: the locator waits for them
    const hot = await page.locator("#made-links li", { hasText: "Hot seat" }).locator("a").evaluate((a) => a.href);
    await page.goto(hot);
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    // a hot seat says so on its page (and to its spectators)
    assert.equal(await page.locator("#hot-seat-badge").textContent(), "hot seat");
    let passes = 0, decisions = 0;
    for (let i = 0; i < 400 && (passes < 3 || decisions < 25); i++) {
      if (await page.locator(COVERED).count()) {
        const html = await page.content();
        for (const prefix of Object.values(OWN)) {
          assert.ok(!new RegExp(`data-piece="${prefix}`).test(html), `the covered page holds a block (${prefix}…)`);
        }
        const n = await renders(page);
        await page.click("#cover-go");
        await drawnAfter(page, n);
        passes++;
        const st = await state(page);
        const other = st.toMove === "british" ? "french" : "british";
        const shown = await page.content();
        assert.ok(!shown.includes(`data-piece="${OWN[other]}`), `the ${st.toMove} player is shown a ${other} block's name`);
        assert.ok(!shown.includes(`>${OWN[other]}`), `the ${st.toMove} player is shown a ${other} block's name in the log`);
        continue;
      }
      const st = await state(page);
      if (st.over) break;
      const n = await renders(page);
      if (!(await clickOne(page, pick))) {
        // the other seat's state can come after the render the last click waited for, and
        // cover the page while this one looked for something to click: pass the screen then
        if (await page.locator(COVERED).count()) continue;
        const why = await page.evaluate(() => `${document.getElementById("prompt").textContent} | ${document.getElementById("actions").textContent.slice(0, 300)} | ${document.body.dataset.toMove}`);
        assert.fail(`the deciding side has nothing to click: ${why}`);
      }
      // the page draws again, or covers itself for the next player
      await page.waitForFunction((k) => window.fiwStats.renders > k || !document.getElementById("cover").hidden, n, { timeout: 10000 });
      if ((await state(page)).version > st.version) decisions++;
    }
    assert.ok(passes >= 3, `the screen was passed (${passes} times)`);
    assert.deepEqual(rec.errors, [], "no console error");
    return { passes, decisions };
  } finally {
    await b.close();
    await server.stop();
  }
}
