// Two people at two browsers: one seat's page (its DOM), every WebSocket frame and every API
// answer it receives never holds the other seat's hidden blocks, hand or landing plan. The
// words each seat must not see, version by version, come from the server's own referee
// (crates/server/examples/secret_words.rs) replaying the finished game's record.

import assert from "node:assert/strict";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, scanForSecrets, lobbyGame } from "./harness.mjs";

export async function twoSeatsKeepTheirSecrets() {
  const server = await Server.start();
  const seats = { british: await browser(), french: await browser() };
  const pick = rng(Number(process.env.FIW_WEB_SEED || 11));
  const doms = { british: [], french: [] };
  try {
    const a = seats.british.page;
    await lobbyGame(a, server, "louisbourg", [["select[data-seat=british]", "human"], ["select[data-seat=french]", "human"]], { open: false });
    await a.waitForSelector("#made-links a");
    const links = await a.$$eval("#made-links li", (lis) => lis.map((li) => ({ label: li.querySelector("strong").textContent, link: li.querySelector("a").href })));
    const linkOf = (seat) => links.find((l) => l.label.includes(seat)).link;
    const tokens = { british: linkOf("british").split("#")[1], french: linkOf("french").split("#")[1] };
    const id = linkOf("british").split("/play/")[1].split("#")[0];
    await a.goto(linkOf("british"));
    await seats.french.page.goto(linkOf("french"));
    for (const s of Object.values(seats)) await s.page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    let decisions = 0;
    for (let i = 0; i < 1500 && decisions < 140; i++) {
      const st = await state(a);
      if (st.over) break;
      const who = st.toMove;
      const page = seats[who].page;
      const mine = await state(page);
      if (mine.version !== st.version || mine.toMove !== who) { await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, st.version); continue; }
      const n = await renders(page);
      assert.ok(await clickOne(page, pick), `the ${who} page offers nothing to click`);
      await drawnAfter(page, n);
      const after = await state(page);
      if (after.version > st.version) {
        decisions++;
        // both pages catch up by their WebSockets; then each page's whole DOM is kept
        for (const [seat, s] of Object.entries(seats)) {
          await s.page.waitForFunction((v) => Number(document.body.dataset.version) >= v, after.version, { timeout: 15000 });
          doms[seat].push({ version: Number(await s.page.evaluate(() => document.body.dataset.version)), html: await s.page.content() });
        }
      }
    }
    if (!(await state(a)).over) {
      // the British concede, so that the record is given out
      const who = (await state(a)).toMove || "british";
      const page = seats[who].page;
      await page.click("#resign");
      await page.click("#resign");
      await page.waitForFunction(() => document.body.dataset.over === "1");
      await a.waitForFunction(() => document.body.dataset.over === "1");
    }
    const checks = await scanForSecrets(server, id, tokens.british,
      Object.fromEntries(Object.entries(seats).map(([seat, s]) => [seat, { rec: s.rec, doms: doms[seat] }])), "two-seats");
    assert.ok(checks > 1000, `there were secrets to keep (${checks} checks)`);
    for (const [seat, s] of Object.entries(seats)) assert.deepEqual(s.rec.errors, [], `no console error on the ${seat} page`);
    return { decisions, checks, frames: seats.british.rec.frames.length + seats.french.rec.frames.length };
  } finally {
    for (const s of Object.values(seats)) await s.close();
    await server.stop();
  }
}
