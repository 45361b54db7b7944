// Two people at two browsers: one seat's page (its DOM), every WebSocket frame and every API
// answer it receives never holds the other seat's hidden blocks, hand or landing plan. The
// words each seat must not see, version by version, come from the server's own referee
// (crates/server/examples/secret_words.rs) replaying the finished game's record.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, ROOT, OUT } from "./harness.mjs";

const REFEREE = process.env.FIW_SECRET_WORDS || join(ROOT, "target/debug/examples/secret_words");

function versionOf(text) {
  try { const m = JSON.parse(text); return typeof m.version === "number" ? m.version : (m.fresh ? m.fresh.version : null); } catch { return null; }
}

export async function twoSeatsKeepTheirSecrets() {
  const server = await Server.start();
  const seats = { british: await browser(), french: await browser() };
  const pick = rng(Number(process.env.FIW_WEB_SEED || 11));
  const doms = { british: [], french: [] };
  try {
    const a = seats.british.page;
    await a.goto(server.base + "/");
    await a.selectOption("#game", "louisbourg");
    await a.waitForSelector("select[data-seat=french]");
    await a.selectOption("select[data-seat=british]", "human");
    await a.selectOption("select[data-seat=french]", "human");
    await a.click("#start");
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
    const save = await server.api("GET", `/api/games/${id}/save`, tokens.british);
    const replay = await server.api("GET", `/api/games/${id}/replay`, tokens.british);
    assert.equal(save.status, 200, save.text);
    writeFileSync(join(OUT, "two-seats-save.json"), save.text);
    writeFileSync(join(OUT, "two-seats-replay.json"), replay.text);
    const ref = JSON.parse(execFileSync(REFEREE, [join(OUT, "two-seats-save.json"), join(OUT, "two-seats-replay.json")], { maxBuffer: 1 << 28 }).toString());
    const seatIndex = { british: ref.seats.indexOf("british"), french: ref.seats.indexOf("french") };
    let checks = 0;
    const lastVersion = ref.words.length - 1;
    for (const [seat, s] of Object.entries(seats)) {
      const items = [
        ...s.rec.frames.map((t) => ({ where: "WebSocket frame", version: versionOf(t), text: t })),
        ...s.rec.answers.map((t) => ({ where: "API answer", version: versionOf(t), text: t })),
        ...doms[seat].map((d) => ({ where: "DOM", version: d.version, text: d.html })),
      ];
      assert.ok(items.length > 100, `the ${seat} page took part (${items.length} things recorded)`);
      for (const it of items) {
        if (it.version === null) continue;
        assert.ok(!it.text.includes(String(ref.seed)), `the seed reached the ${seat} page`);
        const words = ref.words[Math.min(it.version, lastVersion)][seatIndex[seat]];
        for (const w of words) {
          checks++;
          assert.ok(!it.text.includes(w), `the ${seat} page's ${it.where} at version ${it.version} holds '${w}'`);
        }
      }
    }
    assert.ok(checks > 1000, `there were secrets to keep (${checks} checks)`);
    for (const [seat, s] of Object.entries(seats)) assert.deepEqual(s.rec.errors, [], `no console error on the ${seat} page`);
    return { decisions, checks, frames: seats.british.rec.frames.length + seats.french.rec.frames.length };
  } finally {
    for (const s of Object.values(seats)) await s.close();
    await server.stop();
  }
}
