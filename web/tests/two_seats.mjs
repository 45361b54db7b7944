// Two people at two browsers: one seat's page (its DOM), every WebSocket frame and every API
// answer it receives never holds the other seat's hidden blocks, hand or landing plan. The
// words each seat must not see, version by version, come from the server's own referee
// (crates/server/examples/secret_words.rs) replaying the finished game's record.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, scanForSecrets, lobbyGame, OUT } from "./harness.mjs";

export async function twoSeatsKeepTheirSecrets() {
  const server = await Server.start();
  const seats = { british: await browser(), french: await browser() };
  const pick = rng(Number(process.env.FIW_WEB_SEED || 11));
  const doms = { british: [], french: [] };
  try {
    // A makes a Louisbourg game against a person (the newcomers' H1 steps): A holds the
    // British seat and an invitation for the French, nothing of the French seat itself
    const a = seats.british.page;
    await lobbyGame(a, server, "louisbourg", [["select[data-seat=british]", "human"], ["select[data-seat=french]", "human"], ["#your-name", { fill: "A" }]], { open: false });
    await a.waitForSelector("#made-links a");
    const links = await a.$$eval("#made-links li", (lis) => lis.map((li) => ({ label: li.querySelector("strong").textContent, link: li.querySelector("a").href })));
    const linkOf = (label) => links.find((l) => l.label.includes(label)).link;
    assert.ok(!links.some((l) => /hot seat/i.test(l.label)), "no hot seat unless asked for");
    const invite = linkOf("Invitation, French");
    assert.match(invite, /\/join\//);
    const id = linkOf("You (British)").split("/play/")[1].split("#")[0];
    const tokens = { british: linkOf("You (British)").split("#")[1] };
    await a.goto(linkOf("You (British)"));
    // B takes the seat from the invitation, in a browser of their own: a click, not the load
    const b = seats.french.page;
    await b.goto(invite);
    await b.locator("#take").waitFor();
    assert.match(await b.locator("#join-what").textContent(), /French|french/);
    assert.equal(await server.api("GET", `/api/games/${id}/invitation`, invite.split("#")[1]).then((r) => r.json.taken), null, "opening the page took nothing");
    await b.fill("#join-name", "B");
    await b.screenshot({ path: join(OUT, "invitation.png") });
    await b.click("#take");
    await b.waitForURL(/\/play\//);
    tokens.french = new URL(b.url()).hash.slice(1);
    // A opens the spent invitation: taken by B
    const peek = await browser();
    try {
      await peek.page.goto(invite);
      await peek.page.waitForFunction(() => /taken by B/.test(document.querySelector("#join-what").textContent));
      await peek.page.screenshot({ path: join(OUT, "invitation-taken.png") });
    } finally {
      await peek.close();
    }
    // nothing A holds is a French credential: storage, My games, the DOM, and the API's word
    const held = await a.evaluate(() => JSON.stringify(localStorage));
    assert.ok(!held.includes(tokens.french), "A's storage holds B's credential");
    for (const t of held.match(/[0-9a-f]{64}/g) || []) {
      const r = await server.api("GET", `/api/games/${id}`, t);
      if (r.status === 200) assert.notEqual(r.json.view && r.json.view.seat, "french", "a token A holds shows the French seat");
      else assert.equal(r.status, 403, `${r.status}: ${r.text}`);
    }
    assert.ok(!(await a.content()).includes(tokens.french), "A's page holds B's credential");
    await a.goto(server.base + "/");
    await a.waitForSelector("#mine li");
    await a.waitForFunction(() => /taken by B/.test(document.querySelector("#mine").textContent));
    assert.ok(!(await a.content()).includes(tokens.french), "A's My games holds B's credential");
    await a.goto(linkOf("You (British)"));
    for (const s of Object.values(seats)) await s.page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    // each page names who holds each side
    await a.waitForFunction(() => /French: B/.test(document.querySelector("#holders").textContent));
    assert.match(await b.locator("#holders").textContent(), /British: A .*French: B/);
    await b.screenshot({ path: join(OUT, "holders.png") });
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
    assert.ok(decisions >= 10, `the two played (${decisions} decisions)`);
    for (const [seat, s] of Object.entries(seats)) assert.deepEqual(s.rec.errors, [], `no console error on the ${seat} page`);
    return { decisions, checks, frames: seats.british.rec.frames.length + seats.french.rec.frames.length };
  } finally {
    for (const s of Object.values(seats)) await s.close();
    await server.stop();
  }
}
