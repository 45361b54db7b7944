// Accounts and the public lobby (issue 33), as two new players would use them: A makes an
// account and posts an open Louisbourg game; B makes one in a browser of their own and takes
// it from the lobby's list with a click; both play with their sessions (no link, no token in
// the address); A signs in on a third browser and finds the game in "My games", live. Then
// the scans: each seat's pages (every WebSocket frame, every API answer, the DOM after each
// decision) never hold the other seat's secrets (the server's referee says which, version by
// version), and nothing a page of one account was sent holds the other's address or session.
// Last, A posts a two-player campaign, which B takes: both named by side in the lobby.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, scanForSecrets, OUT } from "./harness.mjs";

const PASSWORD = "a long enough password";

async function signUp(page, server, name, email) {
  await page.goto(server.base + "/account");
  await page.waitForSelector("#sign-up-box:not([hidden])");
  await page.fill("#up-name", name);
  await page.fill("#up-password", PASSWORD);
  if (email) await page.fill("#up-email", email);
  await page.click("#up-go");
  await page.waitForSelector("#me-box:not([hidden])");
  assert.equal(await page.locator("#me-h").textContent(), name);
}

async function session(context) {
  const c = (await context.cookies()).find((x) => x.name === "fiw_session");
  assert.ok(c, "a session cookie");
  assert.ok(c.httpOnly, "the session cookie is HttpOnly");
  assert.equal(c.sameSite, "Lax");
  return c.value;
}

export async function accountsAndTheLobby() {
  const server = await Server.start();
  const record = { answersFrom: "/api/" };
  const seats = { british: await browser(undefined, record), french: await browser(undefined, record) };
  const third = await browser(undefined, record);
  const pick = rng(Number(process.env.FIW_WEB_SEED || 33));
  const doms = { british: [], french: [] };
  const emails = { british: "amherst.secret@example.org", french: "boscawen.secret@example.org" };
  try {
    // A makes an account (an address given: only A ever sees it) and posts an open game
    const a = seats.british.page;
    await signUp(a, server, "Amherst", emails.british);
    assert.match(await a.locator("#email-now").textContent(), /amherst\.secret@example\.org/);
    await a.goto(server.base + "/");
    await a.waitForFunction(() => document.querySelector("#account-link").textContent === "Amherst");
    await a.click("#post-box summary");
    await a.selectOption("#post-game", "louisbourg");
    await a.selectOption("#post-side", "british");
    await a.check("#post-rated");
    await a.click("#post-go");
    await a.waitForURL(/\/play\/[A-Za-z0-9]+$/);
    const id = new URL(a.url()).pathname.split("/").pop();
    assert.equal(new URL(a.url()).hash, "", "an account's page needs no token in its address");
    await a.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    // B makes an account in a browser of their own and takes the game from the lobby
    const b = seats.french.page;
    await signUp(b, server, "Boscawen", emails.french);
    await b.goto(server.base + "/");
    const take = `#open-games li[data-id="${id}"] button.take`;
    await b.waitForSelector(`${take}:not([disabled])`);
    assert.match(await b.locator(`#open-games li[data-id="${id}"]`).textContent(), /Louisbourg 1758 by Amherst/);
    assert.match(await b.locator(`#open-games li[data-id="${id}"]`).textContent(), /French open .*rated/);
    await b.screenshot({ path: join(OUT, "lobby-open.png") });
    await b.click(take);
    await b.waitForURL(new RegExp(`/play/${id}$`));
    // the game is no longer open: every lobby shows it gone, live
    const watcher = third.page;
    await watcher.goto(server.base + "/");
    await watcher.waitForSelector("#open-games li");
    assert.equal(await watcher.locator(`#open-games li[data-id="${id}"]`).count(), 0, "a taken game is not listed");
    for (const s of Object.values(seats)) await s.page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    await a.waitForFunction(() => /French: Boscawen/.test(document.querySelector("#holders").textContent));
    const sessions = { british: await session(seats.british.context), french: await session(seats.french.context) };
    // B's page says how B hears of a turn: a webhook set from the page (its own, with the
    // session as credential), the browser's notices, the account's mail
    await b.click("#notify");
    await b.waitForFunction(() => document.querySelector("#webhook-state").textContent === "none set");
    assert.match(await b.locator("#notify-box").textContent(), /webhook.*By mail/s);
    await b.click("#notify-box button:has-text('close')");
    // they play, each with their session
    let decisions = 0;
    /** Clicks on the deciding seat's page until `more` decisions are taken (or the game ends). */
    const play = async (more) => {
      const goal = decisions + more;
      for (let i = 0; i < 600 && decisions < goal; i++) {
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
          for (const [seat, s] of Object.entries(seats)) {
            await s.page.waitForFunction((v) => Number(document.body.dataset.version) >= v, after.version, { timeout: 15000 });
            doms[seat].push({ version: Number(await s.page.evaluate(() => document.body.dataset.version)), html: await s.page.content() });
          }
        }
      }
    };
    await play(60);
    assert.ok(decisions >= 10, `the two played (${decisions} decisions)`);
    // A signs in on a third browser: the game is in "My games", and moves there as they play
    await watcher.goto(server.base + "/account");
    await watcher.fill("#in-name", "amherst");
    await watcher.fill("#in-password", PASSWORD);
    await watcher.click("#in-go");
    await watcher.waitForSelector("#me-box:not([hidden])");
    await watcher.goto(server.base + "/");
    const row = `#account-games li[data-id="${id}"]`;
    await watcher.waitForSelector(row);
    assert.match(await watcher.locator(row).textContent(), /Louisbourg 1758, British against Boscawen/);
    assert.match(await watcher.locator(row).textContent(), /turn \d+.*last move/);
    await watcher.screenshot({ path: join(OUT, "lobby-my-games.png") });
    const before = Number(await watcher.locator(row).getAttribute("data-version"));
    // one more decision: the third browser's "My games" follows without a reload
    await play(1);
    await watcher.waitForFunction(([sel, was]) => document.querySelector(sel) && Number(document.querySelector(sel).dataset.version) > was, [row, before], { timeout: 15000 });
    // the third browser opens the game by its row: the seat is A's, with no token
    await watcher.click(`${row} a`);
    await watcher.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    assert.equal(await watcher.evaluate(() => document.body.dataset.seat), "british", "the third browser plays A's seat");
    // the British resign, so that the record is given out and the ratings move
    const resigner = seats.british.page;
    await resigner.click("#resign");
    await resigner.click("#resign");
    await resigner.waitForFunction(() => document.body.dataset.over === "1");
    await seats.french.page.waitForFunction(() => document.body.dataset.over === "1");
    // B's account page: the finished game (won) and a rating
    // (the ratings move just after the game ends: the page is opened again until they have)
    let rating = NaN;
    for (let tries = 0; tries < 40 && !(rating > 0); tries++) {
      if (tries) await b.waitForTimeout(250);
      await b.goto(server.base + "/account");
      await b.waitForSelector("#me-box:not([hidden])");
      const cell = b.locator("#ratings tbody tr td:nth-child(2)");
      if (await cell.count()) rating = Number(await cell.first().textContent());
    }
    assert.match(await b.locator("#me-finished").textContent(), /Louisbourg 1758, French against Amherst won/);
    assert.ok(rating > 1500, `the winner's rating rose (${rating})`);
    await b.screenshot({ path: join(OUT, "account.png"), fullPage: true });
    // the game's secrets: each seat's pages against the referee
    const checks = await scanForSecrets(server, id, { session: sessions.british },
      Object.fromEntries(Object.entries(seats).map(([seat, s]) => [seat, { rec: s.rec, doms: doms[seat] }])), "accounts");
    assert.ok(checks > 500, `there were secrets to keep (${checks} checks)`);
    // an account's own: nothing the other's pages got holds its address or its session
    for (const [seat, s] of Object.entries(seats)) {
      const other = seat === "british" ? "french" : "british";
      const seen = [...s.rec.frames, ...s.rec.answers, ...doms[seat].map((d) => d.html), await s.page.content(),
        await s.page.evaluate(() => JSON.stringify(localStorage) + document.cookie)];
      for (const text of seen) {
        assert.ok(!text.includes(emails[other]), `the ${seat} pages got the ${other} player's address`);
        assert.ok(!text.includes(sessions[other]), `the ${seat} pages got the ${other} player's session`);
        assert.ok(!text.includes(sessions[seat]), `a ${seat} page could read its own session (it is HttpOnly)`);
      }
    }
    for (const text of [...third.rec.frames, ...third.rec.answers]) {
      assert.ok(!text.includes(emails.french), "the third browser got B's address");
      assert.ok(!text.includes(sessions.french), "the third browser got B's session");
    }
    for (const [seat, s] of Object.entries(seats)) assert.deepEqual(s.rec.errors, [], `no console error on the ${seat} pages`);
    assert.deepEqual(third.rec.errors, [], "no console error on the third browser");
    // the two-player campaign (C11) in the lobby: A posts it as the French, B takes the
    // British; the list, the button and "My games" name the seats by side
    await a.goto(server.base + "/");
    await a.click("#post-box summary");
    await a.selectOption("#post-game", "campaign");
    await a.selectOption("#post-side", "french");
    await a.click("#post-go");
    await a.waitForURL(/\/play\/[A-Za-z0-9]+$/);
    const cid = new URL(a.url()).pathname.split("/").pop();
    await b.goto(server.base + "/");
    const ctake = `#open-games li[data-id="${cid}"] button.take`;
    await b.waitForSelector(`${ctake}:not([disabled])`);
    const listed = await b.locator(`#open-games li[data-id="${cid}"]`).textContent();
    assert.match(listed, /The French & Indian War campaign by Amherst/);
    assert.match(listed, /British open · /);
    assert.equal(await b.locator(ctake).textContent(), "Take the British");
    await b.screenshot({ path: join(OUT, "lobby-campaign-open.png") });
    await b.click(ctake);
    await b.waitForURL(new RegExp(`/play/${cid}$`));
    await b.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    await b.goto(server.base + "/");
    const crow = `#account-games li[data-id="${cid}"]`;
    await b.waitForSelector(crow);
    // the British place their armies first (C11)
    assert.match(await b.locator(crow).textContent(), /The French & Indian War campaign, British against Amherst your move/);
    await a.goto(server.base + "/");
    await a.waitForSelector(`#account-games li[data-id="${cid}"]`);
    assert.match(await a.locator(`#account-games li[data-id="${cid}"]`).textContent(), /campaign, French against Boscawen British to move/);
    for (const [seat, s] of Object.entries(seats)) assert.deepEqual(s.rec.errors, [], `no console error on the ${seat} pages (the campaign)`);
    return { decisions, checks, rating };
  } finally {
    for (const s of [...Object.values(seats), third]) await s.close();
    await server.stop();
  }
}
