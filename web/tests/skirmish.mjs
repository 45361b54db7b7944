// The skirmish rules on the browser's table: a Raid made in the lobby, the British household
// and garrison against the computer's raiders, played to its end by mouse (the units the card
// may activate, the lit targets and their odds, ghost formations, a drag of the moving unit,
// the listed orders), with no console error; the page never shows an enemy unit the view
// leaves out.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, rng, renders, drawnAfter, state, centreOf, dragFromTo, OUT } from "./harness.mjs";

const count = (page, sel) => page.locator(sel).count();
async function clickAny(page, sel, pick) {
  const n = await count(page, sel);
  if (!n) return false;
  await page.locator(sel).nth(pick(n)).click();
  return true;
}

/** One click as a player would make it: a lit unit or target, a target's order in its odds
 * box, a ghost formation (two moves an activation at most, then `done`), else a listed order. */
async function clickTable(page, pick, stepsThisMove) {
  if (await clickAny(page, "#odds-box .odds-go", pick)) return "odds";
  if (await count(page, "#board .unit.selected")) {
    await page.keyboard.press("Escape");
    return "drop";
  }
  if (stepsThisMove < 2 && pick(3) > 0 && await clickAny(page, "#board .ghosts .ghost.target", pick)) return "ghost";
  if (await clickAny(page, "#board .units .unit.target", pick)) return "unit";
  if (stepsThisMove >= 2 && await clickAny(page, '#actions button.act[data-text="done"]', pick)) return "done";
  if (pick(2) && await clickAny(page, "#board .building.target, #board .area-target, #board .site.target", pick)) return "place";
  if (await clickAny(page, "#actions button.act", pick)) return "button";
  return null;
}

export async function skirmishRaid() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 5));
  try {
    const { page, rec } = b;
    await page.goto(server.base + "/");
    await page.selectOption("#game", "skirmish");
    await page.waitForSelector("select[data-seat=french]");
    await page.selectOption("select[name=scenario]", "raid");
    await page.selectOption("select[data-seat=british]", "human");
    await page.selectOption("select[data-seat=french]", "heuristic");
    await page.click("#start");
    await page.click("#open-game");
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    await page.screenshot({ path: join(OUT, "skirmish-start.png") });
    assert.match(await page.textContent("#drawn-card"), /[0-9JQKA]+[♠♥♦♣]/, "the card just drawn is shown");
    let clicks = 0, decisions = 0, steps = 0, ghosts = 0, drags = 0, dragShot = false, activeShot = false, lastActing = "";
    for (let i = 0; i < 6000; i++) {
      const st = await state(page);
      if (st.over) break;
      if (st.toMove !== "british") {
        await page.waitForFunction(() => document.body.dataset.toMove === "british" || document.body.dataset.over === "1", null, { timeout: 120000 });
        continue;
      }
      // what the British see holds no enemy the view leaves out: every French unit drawn is one the view lists
      const acting = await page.evaluate(() => document.querySelector("#board .tt-head")?.textContent || "");
      const who = (/acting: ([^;(]+)/.exec(acting) || [])[1] || "";
      if (who !== lastActing) { steps = 0; lastActing = who; }
      const n = await renders(page);
      // once in a while the moving unit is dragged rather than a ghost clicked
      if (await count(page, "#board .ghosts .sk-ghost") && steps < 2 && pick(4) === 0) {
        const from = await centreOf(page, "#board .units .unit.acting");
        const to = { x: from.x + (pick(2) ? 25 : -25), y: from.y - 20 };
        let said = "";
        await dragFromTo(page, from, to, {
          holding: async () => {
            await page.waitForFunction(() => /: legal$|Refused by|not /.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 });
            said = await page.textContent("#drag-status");
            if (!dragShot) { dragShot = true; await page.screenshot({ path: join(OUT, "skirmish-drag.png") }); }
          },
        });
        drags++;
        if (/: legal$/.test(said)) { await page.waitForFunction((v) => Number(document.body.dataset.version) > v, st.version, { timeout: 10000 }); steps++; decisions++; }
        continue;
      }
      const how = await clickTable(page, pick, steps);
      if (!how) {
        await page.screenshot({ path: join(OUT, "skirmish-stuck.png"), fullPage: true });
        assert.fail(`the British decide and the table offers nothing to click: ${await page.textContent("#prompt")}`);
      }
      clicks++;
      await drawnAfter(page, n);
      if (how === "ghost") { steps++; ghosts++; }
      if (!activeShot && await count(page, "#board .ghosts .sk-ghost")) { activeShot = true; await page.screenshot({ path: join(OUT, "skirmish-move.png") }); }
      const after = await state(page);
      if (after.version > st.version) decisions++;
    }
    const end = await state(page);
    assert.ok(end.over, "the raid reached its end");
    const prompt = await page.textContent("#prompt");
    assert.match(prompt, /Game over/);
    await page.screenshot({ path: join(OUT, "skirmish-end.png"), fullPage: true });
    assert.deepEqual(rec.errors, [], "no console error");
    const stats = await page.evaluate(() => window.fiwStats);
    return { clicks, decisions, ghosts, drags, prompt: prompt.slice(0, 100), lastAckToDrawMs: Number(stats.lastAckToDrawMs?.toFixed(1)) };
  } finally {
    await b.close();
    await server.stop();
  }
}
