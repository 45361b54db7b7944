// The server stops mid-game (killed) and starts again on the same database: the page sees the
// connection go (a banner says so, and a click sends nothing while it shows), connects again by
// itself with the last version it had, the banner goes, and play goes on.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, OUT } from "./harness.mjs";

async function play(page, pick, decisions) {
  let made = 0;
  for (let i = 0; i < 400 && made < decisions; i++) {
    const st = await state(page);
    if (st.over) return made;
    if (st.toMove !== "british") {
      await page.waitForFunction((v) => Number(document.body.dataset.version) > v || document.body.dataset.toMove === "british", st.version, { timeout: 60000 });
      continue;
    }
    const n = await renders(page);
    await clickOne(page, pick);
    await drawnAfter(page, n);
    if ((await state(page)).version > st.version) made++;
  }
  return made;
}

export async function restartMidGame() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 5));
  try {
    const made = await server.api("POST", "/api/games", undefined, { game: "louisbourg", players: { british: "human", french: "ai" } });
    assert.equal(made.status, 201, made.text);
    const { page, rec } = b;
    await page.goto(made.json.seats.british.link);
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    await page.waitForSelector("#conn.on");
    const before = await play(page, pick, 20);
    assert.ok(before >= 20, `played ${before} decisions before the restart`);
    // the server goes while the British have a decision on the page (the computer may still be
    // moving after the last click, and then no action shows to be tried while the banner is up)
    await page.waitForFunction(() => document.body.dataset.toMove === "british" && document.querySelector("#actions button.act"), null, { timeout: 60000 });
    const v1 = (await state(page)).version;
    assert.ok(await page.locator("#offline").isHidden(), "no banner while the page is live");
    await server.kill();
    await page.waitForSelector("#conn.off", { timeout: 10000 });
    await page.locator("#offline").waitFor({ state: "visible", timeout: 10000 });
    assert.match(await page.locator("#offline").textContent(), /Connection lost: reconnecting/);
    assert.equal(await page.evaluate(() => document.body.dataset.offline), "1");
    // an action clicked while the banner shows is not sent (the button does not take the click)
    const pending = await page.locator("#actions button.act").first().evaluate((b) => getComputedStyle(b).pointerEvents);
    assert.equal(pending, "none", "the actions wait while the connection is lost");
    await page.screenshot({ path: join(OUT, "connection-lost.png") });
    await server.up();
    await page.waitForSelector("#conn.on", { timeout: 15000 });
    await page.locator("#offline").waitFor({ state: "hidden", timeout: 10000 });
    const after = await play(page, pick, 10);
    const v2 = (await state(page)).version;
    assert.ok(after >= 5 || (await state(page)).over, `play went on after the restart (${after} decisions)`);
    assert.ok(v2 > v1, `the version moved on (${v1} → ${v2})`);
    // the browser reports the refused connections while the server was away, and nothing else
    const other = rec.errors.filter((e) => !/WebSocket connection|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e));
    assert.deepEqual(other, [], "no console error but the connection's");
    return { before, after, versions: `${v1}→${v2}` };
  } finally {
    await b.close();
    await server.stop();
  }
}
