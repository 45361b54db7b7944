// A Louisbourg game made in the lobby against the computer and played to its end by clicking
// only what the page highlights (or lists), with no console error.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, OUT, lobbyGame } from "./harness.mjs";

export async function louisbourgAgainstTheComputer() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 7));
  try {
    const { page, rec } = b;
    await lobbyGame(page, server, "louisbourg", [["select[data-seat=british]", "human"], ["select[data-seat=french]", "ai"]]);
    await page.screenshot({ path: join(OUT, "louisbourg-start.png") });
    // the rules panel: opened by its key, searched, closed
    await page.keyboard.press("r");
    await page.waitForSelector("#rules:not([hidden])");
    await page.fill("#rules-search", "dotted road");
    const shown = await page.$$eval("#rules-body section:not([hidden]) h3", (hs) => hs.map((x) => x.textContent));
    assert.ok(shown.some((t) => t.startsWith("8.3.1")), `the search finds 8.3.1: ${shown.join(" | ")}`);
    assert.ok(shown.length < 10, "the search leaves out the other sections");
    await page.keyboard.press("Escape");
    await page.waitForSelector("#rules", { state: "hidden" });
    // the keyboard reaches a highlighted target on the map and takes it with Enter
    let onTarget = false;
    for (let i = 0; i < 60 && !onTarget; i++) {
      await page.keyboard.press("Tab");
      onTarget = await page.evaluate(() => !!document.activeElement?.closest?.("#board .target[role=button]"));
    }
    assert.ok(onTarget, "Tab reaches a target on the map");
    const before = await renders(page);
    await page.keyboard.press("Enter");
    await drawnAfter(page, before);
    let clicks = 0, decisions = 0, sawTurnTwo = false, oddsShot = false, battleShot = false;
    for (let i = 0; i < 3000; i++) {
      const st = await state(page);
      if (st.over) break;
      if (st.toMove !== "british") {
        await page.waitForFunction((v) => Number(document.body.dataset.version) > v || document.body.dataset.toMove === "british" || document.body.dataset.over === "1", st.version, { timeout: 60000 });
        continue;
      }
      if (!battleShot && await page.locator(".battle-box").count()) {
        battleShot = true;
        await page.screenshot({ path: join(OUT, "louisbourg-battle.png"), fullPage: true });
      }
      if (!oddsShot && await page.locator(".odds-text").count()) {
        oddsShot = true;
        await page.screenshot({ path: join(OUT, "louisbourg-odds.png") });
      }
      const n = await renders(page);
      const how = await clickOne(page, pick);
      if (!how) {
        if ((await state(page)).over) break; // the end arrived after the state read above
        await page.screenshot({ path: join(OUT, "louisbourg-stuck.png"), fullPage: true });
        const why = await page.evaluate(() => `${document.getElementById("prompt").textContent} | ${document.getElementById("actions").textContent.slice(0, 300)} | ${document.body.dataset.toMove}`);
        assert.fail(`it is the British decision and the page offers nothing to click: ${why}`);
      }
      clicks++;
      await drawnAfter(page, n);
      const after = await state(page);
      if (after.version > st.version) decisions++;
      if (!sawTurnTwo) sawTurnTwo = await page.evaluate(() => /Turn ([2-9]|1\d) of 16/.test(document.querySelector("#board svg")?.textContent || ""));
    }
    const end = await state(page);
    assert.ok(end.over, "the game reached its end");
    const prompt = await page.textContent("#prompt");
    assert.match(prompt, /Game over/);
    await page.screenshot({ path: join(OUT, "louisbourg-end.png"), fullPage: true });
    // the finished game stepped through, forwards and back
    await page.click("#replay");
    await page.waitForSelector("#replay-next");
    const first = /Replay, step 0 of (\d+): the set-up/.exec(await page.textContent("#prompt"));
    assert.ok(first, "the replay starts at the set-up");
    const steps = Number(first[1]);
    const at = (n) => page.waitForFunction((want) => new RegExp(`step ${want} of \\d+\\b`).test(document.getElementById("prompt").textContent), n);
    await page.click("#replay-next");
    await at(1);
    await page.click("#replay-last");
    await at(steps);
    await page.click("#replay-back");
    await at(steps - 1);
    await page.click("#replay-done");
    await page.waitForFunction(() => /Game over/.test(document.getElementById("prompt").textContent));
    assert.deepEqual(rec.errors, [], "no console error");
    const stats = await page.evaluate(() => window.fiwStats);
    return { clicks, decisions, oddsShot, battleShot, prompt: prompt.slice(0, 90), lastAckToDrawMs: Number(stats.lastAckToDrawMs?.toFixed(1)), sawTurnTwo };
  } finally {
    await b.close();
    await server.stop();
  }
}
