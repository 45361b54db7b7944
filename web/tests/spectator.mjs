// Chat, a board for spectators and the reveal at the end (issue 34, items 1 to 3). Two people
// play a Louisbourg game (through the API, as their pages would) and chat on their pages; a
// spectator's page draws the board with every army block face down and names none, reads
// neither the players' chat nor anything secret in its frames and answers, and the players do
// not read the spectators'. Once the French resign, every room is open to all, the British page
// shows every French block by name, can go back to the board as it saw it, and the replay
// steps through with everything shown.
// Screenshots: docs/web/spectator.png and docs/web/reveal.png (made again by this test,
// `node web/tests/run.mjs chat-spectator-reveal`, then copied from web/tests/out).

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, OUT } from "./harness.mjs";

export async function spectatorAndReveal() {
  const server = await Server.start();
  const made = await server.create({ game: "louisbourg" });
  const id = made.id;
  const tokens = { british: made.seats.british.token, french: made.seats.french.token };
  const watcher = await browser();
  const brit = await browser();
  const fren = await browser();
  try {
    // the British plan, the French set up, a few decisions each (the first legal action)
    // one request a decision, each answer saying who decides next, at a person's pace (under
    // the per-link rate)
    let decisions = 0;
    let now = (await server.api("GET", `/api/games/${id}`, tokens.british)).json;
    for (let i = 0; i < 60; i++) {
      const seat = now.view.to_move;
      if (!seat) break;
      const r = await server.api("POST", `/api/games/${id}/actions`, tokens[seat], { version: now.version, index: 0 });
      assert.equal(r.status, 200, r.text);
      now = r.json;
      decisions++;
      await new Promise((ok) => setTimeout(ok, 40));
    }
    const version = (await server.api("GET", `/api/games/${id}`, tokens.british)).json.version;
    const w = watcher.page;
    await w.goto(`${server.base}/play/${id}#${made.spectator.token}`);
    await w.waitForFunction((v) => Number(document.body.dataset.version) >= v, version);
    await w.waitForSelector("svg.louisbourg");
    const seen = await w.evaluate(() => ({
      sight: document.body.dataset.sight,
      hidden: document.querySelectorAll("svg.louisbourg .block.hidden").length,
      named: document.querySelectorAll("svg.louisbourg .block[data-piece]").length,
      british: document.querySelectorAll("svg.louisbourg .block.british.hidden").length,
      french: document.querySelectorAll("svg.louisbourg .block.french.hidden").length,
      actions: document.querySelectorAll("#actions button.act").length,
    }));
    assert.equal(seen.sight, "public");
    assert.ok(seen.british > 0 && seen.french > 0, `both sides' blocks face down: ${JSON.stringify(seen)}`);
    assert.equal(seen.named, 0, "the spectators' board names no block");
    assert.equal(seen.actions, 0, "a spectator has nothing to click");
    // nothing the spectator was sent names a block or gives the landing plan
    const sent = [...watcher.rec.frames, ...watcher.rec.answers].join("\n");
    assert.ok(!/"id":"(br|fr)-/.test(sent), "a block named to the spectators");
    assert.ok(!/"reveal"/.test(sent), "the reveal sent before the end");
    await w.screenshot({ path: join(OUT, "spectator.png") });

    // the players' pages, and their chat: live between them, as text, not to the spectators
    const b = brit.page;
    const fp = fren.page;
    await b.goto(`${server.base}/play/${id}#${tokens.british}`);
    await fp.goto(`${server.base}/play/${id}#${tokens.french}`);
    for (const p of [b, fp]) await p.waitForFunction((v) => Number(document.body.dataset.version) >= v, version);
    await b.fill("#chat-text", "Good luck, <b>Drucour</b>");
    await b.click("#chat-say");
    await fp.waitForFunction(() => /Good luck, <b>Drucour<\/b>/.test(document.querySelector("#chat").textContent));
    assert.equal(await fp.locator("#chat b").count(), 0, "a line is shown as text, never as markup");
    await fp.fill("#chat-text", "And to you");
    await fp.press("#chat-text", "Enter");
    await b.waitForFunction(() => /And to you/.test(document.querySelector("#chat").textContent));
    await w.fill("#chat-text", "the island will hold");
    await w.click("#chat-say");
    await w.waitForFunction(() => /the island will hold/.test(document.querySelector("#chat").textContent));
    // a line said on one side arrives on the other before this check, by the same sockets
    await b.fill("#chat-text", "one more");
    await b.click("#chat-say");
    await fp.waitForFunction(() => /one more/.test(document.querySelector("#chat").textContent));
    for (const p of [b, fp]) assert.ok(!/the island will hold/.test(await p.locator("#chat").textContent()), "the players read the spectators' chat");
    assert.ok(!/Good luck|And to you|one more/.test(await w.locator("#chat").textContent()), "the spectators read the players' chat");
    const watcherSent = [...watcher.rec.frames, ...watcher.rec.answers].join("\n");
    assert.ok(!/Good luck|And to you|one more/.test(watcherSent), "a players' line sent to the spectators");
    await fp.evaluate(() => window.scrollTo(0, 0));
    await fp.screenshot({ path: join(OUT, "chat.png") });
    const before = await b.evaluate(() => document.querySelectorAll("svg.louisbourg .block.french[data-piece]").length);
    assert.equal(before, 0, "the British see no French block named before the end");
    const f = (await server.api("GET", `/api/games/${id}`, tokens.french)).json;
    const r = await server.api("POST", `/api/games/${id}/resign`, tokens.french, { version: f.version });
    assert.equal(r.status, 200, r.text);
    await b.waitForFunction(() => document.body.dataset.over === "1" && document.body.dataset.sight === "whole");
    const revealed = await b.evaluate(() => document.querySelectorAll("svg.louisbourg .block.french[data-piece^='fr-']").length);
    assert.ok(revealed > 0, "the British page shows the French blocks by name once it is over");
    assert.ok(await b.locator("#under-board").textContent().then((t) => /The French hand/.test(t)), "the French hand is shown");
    await b.evaluate(() => window.scrollTo(0, 0));
    await b.screenshot({ path: join(OUT, "reveal.png") });
    // back to the board as the British saw it, and again everything
    await b.click("#reveal");
    await b.waitForFunction(() => document.body.dataset.sight === "seat");
    assert.equal(await b.evaluate(() => document.querySelectorAll("svg.louisbourg .block.french[data-piece]").length), 0);
    await b.click("#reveal");
    await b.waitForFunction(() => document.body.dataset.sight === "whole");
    // the spectators are shown it too, and every room is open to all
    await w.waitForFunction(() => document.body.dataset.over === "1" && document.body.dataset.sight === "whole");
    await w.waitForFunction(() => /Good luck/.test(document.querySelector("#chat").textContent));
    await b.waitForFunction(() => /the island will hold/.test(document.querySelector("#chat").textContent));
    assert.ok(await w.evaluate(() => document.querySelectorAll("svg.louisbourg .block.british[data-piece^='br-']").length) > 0);
    // the replay, everything shown: at the set-up's end the French blocks stand named
    await b.click("#replay");
    await b.waitForSelector("#replay-last");
    await b.click("#replay-last");
    await b.waitForFunction(() => Number(document.body.dataset.replayStep) > 0 && document.body.dataset.sight === "whole");
    assert.ok(await b.evaluate(() => document.querySelectorAll("svg.louisbourg .block.french[data-piece^='fr-']").length) > 0, "the replay shows everything");
    await b.selectOption("#replay-sight", "british");
    await b.waitForFunction(() => document.body.dataset.sight === "seat");
    assert.equal(await b.evaluate(() => document.querySelectorAll("svg.louisbourg .block.french[data-piece]").length), 0, "as the British saw it");
    for (const [name, x] of [["spectator", watcher], ["british", brit], ["french", fren]]) assert.deepEqual(x.rec.errors, [], `no console error on the ${name} page`);
    return { decisions, hiddenForSpectator: seen.hidden, revealed };
  } finally {
    await watcher.close();
    await brit.close();
    await fren.close();
    await server.stop();
  }
}
