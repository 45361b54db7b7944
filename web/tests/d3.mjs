// D3 on the browser's table: a Fort Oswego battle made in the lobby against the computer and
// fought to its end by clicking only lit units, lit targets, the odds box and ghost bases (and
// the pass, square and retire buttons), with no console error; and a move ordered by dragging
// a base, after a drag into a wood was refused with its rule, whose section the rules panel
// then opens at.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, rng, renders, drawnAfter, state, tablePoint, centreOf, dragFromTo, OUT, lobbyGame, count, clickAny, awaitTurn } from "./harness.mjs";

/** A Fort Oswego battle made in the lobby, `human` played from this page, the other side `other`. */
const battle = (page, server, human, other) => lobbyGame(page, server, "d3",
  [["select[name=scenario]", "fort-oswego"], [`select[data-seat=${human}]`, "human"], [`select[data-seat=${human === "british" ? "french" : "british"}]`, other]]);

/**
 * One click of the D3 table, as a player would make it: the odds box's order once a target's
 * odds are on show; with a unit picked, a lit enemy or one of its ghost bases (or its square);
 * else a lit unit, or the pass and retire buttons. In the movement phase it passes after a few
 * moves, so that the battle is fought in a few minutes. Returns what it clicked, or null.
 */
export async function clickTable(page, pick, movedThisPhase) {
  if (await clickAny(page, "#odds-box .odds-go", pick)) return "odds";
  const phase = await page.textContent("#prompt");
  if (await count(page, "#board .unit.selected")) {
    if (await clickAny(page, "#board .unit.aimed", pick)) return "aim";
    if (await clickAny(page, "#board .ghosts .target", pick)) return "ghost";
    if (await clickAny(page, "#tool-square", pick)) return "square";
    await page.click("#drop-pick");
    return "drop";
  }
  const moving = /^Movement/.test(phase);
  if (moving && movedThisPhase >= 3 && await clickAny(page, "#tool-pass", pick)) return "pass";
  if (await clickAny(page, "#board .units .unit.target", pick)) return "unit";
  if (await clickAny(page, "#tool-retire", pick)) return "retire";
  if (await clickAny(page, "#tool-pass", pick)) return "pass";
  if (await clickAny(page, "#actions button.act", pick)) return "button";
  return null;
}

export async function d3AgainstTheComputer() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 11));
  try {
    const { page, rec } = b;
    await battle(page, server, "british", "heuristic");
    await page.screenshot({ path: join(OUT, "d3-start.png") });
    let clicks = 0, decisions = 0, moved = 0, shots = 0, ghosts = 0, oddsShot = false, pickShot = false;
    for (let i = 0; i < 4000; i++) {
      const st = await state(page);
      if (st.over) break;
      if (st.toMove !== "british") { await awaitTurn(page, "british"); moved = 0; continue; }
      const n = await renders(page);
      const how = await clickTable(page, pick, moved);
      if (!how) {
        // the state read above can be a draw older than the page's latest (under load the end
        // of the game may arrive between the two reads): an ended game has nothing to click
        if ((await state(page)).over) break;
        await page.screenshot({ path: join(OUT, "d3-stuck.png"), fullPage: true });
        assert.fail(`the British decide and the table offers nothing to click: ${await page.textContent("#prompt")}`);
      }
      clicks++;
      await drawnAfter(page, n);
      if (how === "aim") {
        const odds = await page.textContent("#odds-box");
        assert.match(odds, /hits \d+: \d+ %|the gun is/, "the odds are shown before the shot or charge is taken");
        if (!oddsShot) { oddsShot = true; await page.screenshot({ path: join(OUT, "d3-odds.png") }); }
      }
      if (how === "ghost") { moved++; ghosts++; }
      if (how === "unit" && !pickShot && await count(page, "#board .ghosts .ghost")) {
        pickShot = true;
        await page.screenshot({ path: join(OUT, "d3-picked.png") });
        // a move's button says where by the table's landmarks, not in coordinates (L3)
        const moves = await page.$$eval("#actions button.act", (bs) => bs.map((b) => b.textContent).filter((t) => /^(move|pivot) /.test(t)));
        assert.ok(moves.length > 0, "the picked unit's moves are listed");
        for (const m of moves) assert.match(m, /^(move [\d.]+" [a-z-]+ (into|onto|to) .+, facing [a-z-]+|pivot in place to face [a-z-]+) \(\d+°\)/, `a move in words: ${m}`);
        // the log says the French moves in words a club player follows (L11)
        const log = await page.$$eval("#log li", (ls) => ls.map((l) => l.textContent));
        const french = log.filter((l) => /^fr-\S+ (moves|pivots) /.test(l));
        assert.ok(french.length > 0, `the French moves are in the log: ${log.slice(0, 5).join(" | ")}`);
        assert.ok(!log.some((l) => /\bface \d+|^move /.test(l)), `no log line in coordinates and degrees: ${log.find((l) => /\bface \d+|^move /.test(l))}`);
      }
      if (how === "odds") shots++;
      if (how === "pass") moved = 0;
      const after = await state(page);
      if (after.version > st.version) decisions++;
    }
    const end = await state(page);
    assert.ok(end.over, "the battle reached its end");
    const prompt = await page.textContent("#prompt");
    assert.match(prompt, /Game over/);
    await page.screenshot({ path: join(OUT, "d3-end.png"), fullPage: true });
    assert.deepEqual(rec.errors, [], "no console error");
    const stats = await page.evaluate(() => window.fiwStats);
    return { clicks, decisions, ghosts, shots, prompt: prompt.slice(0, 100), lastAckToDrawMs: Number(stats.lastAckToDrawMs?.toFixed(1)) };
  } finally {
    await b.close();
    await server.stop();
  }
}

export async function d3DragIntoAWood() {
  const server = await Server.start();
  const b = await browser();
  try {
    const { page, rec } = b;
    // the French move first at Fort Oswego; their cavalry stands south-east of a wood
    await battle(page, server, "french", "heuristic");
    await awaitTurn(page, "french");
    const ref = await (await fetch(server.base + "/api/reference/d3")).json();
    const sc = ref.board.scenarios.find((x) => x.id === "fort-oswego");
    const wood = sc.table.terrain.find((t) => t.name === "the south-east woods");
    const inWood = [wood.points.reduce((a, p) => a + p[0], 0) / wood.points.length, wood.points.reduce((a, p) => a + p[1], 0) / wood.points.length];
    // dragged before it is picked, the unit is picked and the table does not pan (M5)
    const viewBox = () => page.getAttribute("#board svg", "viewBox");
    const box0 = await viewBox();
    const before = (await state(page)).version;
    let n = await renders(page);
    const at = await centreOf(page, '#board .units [data-piece="fr-cav"]');
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x + 40, at.y + 60, { steps: 6 });
    await page.mouse.up();
    await drawnAfter(page, n);
    assert.ok(await count(page, "#board .unit.selected"), "a drag of an unpicked unit picks it");
    assert.equal(await viewBox(), box0, "the table did not pan");
    assert.equal((await state(page)).version, before, "the press ordered nothing");
    // picked now: a click drops it, another picks it again
    n = await renders(page);
    await page.click('#board [data-piece="fr-cav"]');
    await drawnAfter(page, n);
    n = await renders(page);
    await page.click('#board [data-piece="fr-cav"]');
    await drawnAfter(page, n);
    assert.ok(await count(page, "#board .unit.selected"), "fr-cav is picked");
    assert.ok(await count(page, "#board .reach .zone6"), "its 6\" zone is drawn");
    assert.ok(await count(page, "#board .ghosts .ghost"), "its candidate orders are ghost bases");
    // drag it into the wood: while it is held there the table says which rule refuses it
    const from = await centreOf(page, '#board .units [data-piece="fr-cav"]');
    const into = await tablePoint(page, inWood[0], inWood[1]);
    let renderedMidDrag = 0;
    await dragFromTo(page, from, into, {
      holding: async () => {
        await page.waitForFunction(() => /Terrain Effects/.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 });
        await page.screenshot({ path: join(OUT, "d3-drag-wood.png") });
        // the page is sent its view again mid-drag (as a chat line or a socket's second word
        // on a version would): the drawing waits for the drop, and the ghost still follows
        const ghostAt = () => page.getAttribute("#drag-ghost", "data-text");
        const was = await ghostAt();
        renderedMidDrag = await renders(page);
        await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        await page.waitForFunction((n) => document.body.dataset.drawWaiting === "1" || window.fiwStats.renders > n, renderedMidDrag, { timeout: 10000 })
          .catch(() => { throw new Error("the view sent again mid-drag was never drawn nor held back"); });
        await page.mouse.move(into.x + 6, into.y + 4, { steps: 3 });
        await page.waitForFunction((w) => document.getElementById("drag-ghost")?.dataset.text !== w, was, { timeout: 10000 })
          .catch(() => { throw new Error("after the view came again mid-drag the ghost no longer follows the pointer"); });
        assert.equal(await renders(page), renderedMidDrag, "nothing is drawn while the unit is held");
        await page.waitForFunction(() => /Terrain Effects/.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 });
      },
    });
    // let go: the drawing held back is made
    await page.waitForFunction(() => !document.body.dataset.drawWaiting, null, { timeout: 10000 });
    assert.ok(await renders(page) > renderedMidDrag, "the view held back is drawn after the drop");
    const said = await page.textContent("#drag-status");
    assert.match(said, /Refused by Terrain Effects: only skirmishers may enter woods/);
    assert.match(await page.getAttribute("#drag-ghost", "class"), /refused/);
    const v0 = (await state(page)).version;
    // the rule's name opens the rules panel at that section
    await page.click("#drag-rule");
    await page.waitForSelector("#rules:not([hidden])");
    const cited = await page.textContent("#rules-body section.cited h3");
    assert.match(cited, /Terrain Effects/);
    const shown = await page.evaluate(() => {
      const el = document.querySelector("#rules-body section.cited");
      const box = document.getElementById("rules-body").getBoundingClientRect();
      const r = el.getBoundingClientRect();
      return r.top >= box.top - 1 && r.top < box.bottom;
    });
    assert.ok(shown, "the cited section is scrolled into view");
    await page.screenshot({ path: join(OUT, "d3-rules-panel.png") });
    await page.keyboard.press("Escape");
    await page.waitForSelector("#rules", { state: "hidden" });
    assert.equal((await state(page)).version, v0, "a refused drop orders nothing");
    // a drag far past the reach stops the ghost at the reach and asks before ordering (L10)
    const here = await centreOf(page, '#board .units [data-piece="fr-cav"]');
    const far = { x: Math.max(5, here.x - 600), y: here.y };
    await dragFromTo(page, here, far, {
      holding: () => page.waitForFunction(() => /: legal$/.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 }),
    });
    await page.waitForSelector("#drag-confirm", { timeout: 10000 });
    assert.equal((await state(page)).version, v0, "a drop past the reach orders nothing unasked");
    n = await renders(page);
    await page.click("#drag-cancel");
    await drawnAfter(page, n);
    assert.equal((await state(page)).version, v0, "cancelled, nothing is ordered");
    // a drag to open ground is legal, and dropped it is the order
    const start = await centreOf(page, '#board .units [data-piece="fr-cav"]');
    const west = { x: start.x - 60, y: start.y };
    n = await renders(page);
    await dragFromTo(page, start, west, {
      holding: () => page.waitForFunction(() => /: legal$/.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 }),
    });
    await page.waitForFunction((v) => Number(document.body.dataset.version) > v, v0, { timeout: 10000 });
    const log = await page.textContent("#log");
    assert.match(log, /fr-cav moves [\d.]+" west(-[a-z]+)* /, "the dropped place was ordered");
    assert.deepEqual(rec.errors, [], "no console error");
    return { refused: said.trim().slice(0, 90), cited: cited.trim() };
  } finally {
    await b.close();
    await server.stop();
  }
}
