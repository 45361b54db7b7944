// The Relief Column's set-up on the browser's table (S1): the British defence set up by mouse
// against the computer's relief column: both pieces of the scenario's abatis lifted by a click,
// the battalion's two companies and the grenadiers dragged forward to hold the road at the
// farm, two pieces of abatis drawn by dragging on open ground, `ready`, the hidden companies
// deployed from the listed orders, and play begun with the first card; no console error.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, rng, renders, drawnAfter, state, centreOf, dragFromTo, tablePoint, OUT, lobbyGame, count, clickAny } from "./harness.mjs";

/** Waits for the page's next version (the order taken), with the drag's words if it is not. */
async function taken(page, version, said) {
  await page.waitForFunction((v) => Number(document.body.dataset.version) > v, version, { timeout: 10000 })
    .catch(async () => { throw new Error(`the drop was not ordered: ${said} | ${await page.textContent("#drag-status")}`); });
}

/** Drags from table point `a` to table point `b` (inches), holding until the server answers;
 * what the drag's status said. */
async function dragTable(page, a, b) {
  const from = await tablePoint(page, ...a);
  const to = await tablePoint(page, ...b);
  let said = "";
  await dragFromTo(page, from, to, {
    holding: async () => {
      await page.waitForFunction(() => /: legal$|Refused by|: not /.test(document.getElementById("drag-status")?.textContent || ""), null, { timeout: 10000 })
        .catch(async (e) => { throw new Error(`the drag got no answer: ${await page.textContent("#drag-status")} (${e.message.split("\n")[0]})`); });
      said = await page.textContent("#drag-status");
    },
  });
  return said;
}

/** The unit `id`'s first figure's centre, in table inches. */
async function figureAt(page, id) {
  const c = await centreOf(page, `#board .units [data-piece="${id}"] .fig`);
  return page.evaluate(([x, y]) => {
    const svg = document.querySelector("#board svg.tabletop");
    const [left, top, px, depth] = svg.dataset.frame.split(" ").map(Number);
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
    return [(p.x - left) / px, depth - (p.y - top) / px];
  }, [c.x, c.y]);
}

export async function skirmishSetUp() {
  const server = await Server.start();
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 5));
  try {
    const { page, rec } = b;
    await lobbyGame(page, server, "skirmish", [["select[name=scenario]", "relief-column"], ["select[data-seat=british]", "human"], ["select[data-seat=french]", "heuristic"]]);
    assert.match(await page.textContent("#prompt"), /Set up \(S1\)/, "the British set up first");
    assert.equal(await count(page, "#board .set-up-abatis"), 2, "the scenario's two pieces of abatis are drawn");
    // the scenario's abatis lifted, one piece and then the other, by clicking it
    for (const n of [2, 1]) {
      const st = await state(page);
      const r = await renders(page);
      await page.click(`#board .set-up-abatis[data-piece-n="${n}"]`);
      await drawnAfter(page, r);
      await taken(page, st.version, `lift abatis ${n}`);
    }
    assert.equal(await count(page, "#board .set-up-abatis"), 0, "the abatis is lifted");
    // the battalion and the grenadiers dragged 8" forward, to hold the road at the farm
    const moved = {};
    for (const id of ["br-line-a", "br-line-b", "br-gren"]) {
      const st = await state(page);
      const at = await figureAt(page, id);
      const said = await dragTable(page, at, [at[0] - 8, at[1]]);
      assert.match(said, /: legal$/, `${id}: ${said}`);
      await taken(page, st.version, said);
      await page.waitForFunction((v) => Number(document.body.dataset.version) >= v, st.version + 1);
      await page.waitForTimeout(150);
      moved[id] = await figureAt(page, id);
      assert.ok(Math.abs(moved[id][0] - (at[0] - 8)) < 0.5, `${id} stands 8" forward: ${moved[id]} from ${at}`);
    }
    // a place beyond the farm is refused, with S1 named, and nothing is ordered
    {
      const st = await state(page);
      const at = await figureAt(page, "br-gren");
      const said = await dragTable(page, at, [12, at[1]]);
      assert.match(said, /Refused by S1/, said);
      await page.waitForTimeout(300);
      assert.equal((await state(page)).version, st.version, "a refused drop orders nothing");
    }
    // two pieces of abatis drawn across the clearing before the farmstead
    for (const [a, z] of [[[31, 12], [31, 21]], [[31, 9.5], [31, 12]]]) {
      const st = await state(page);
      const said = await dragTable(page, a, z);
      assert.match(said, /: legal$/, said);
      await taken(page, st.version, said);
      await page.waitForTimeout(150);
    }
    assert.equal(await count(page, "#board .set-up-abatis"), 2, "two pieces laid");
    await page.screenshot({ path: join(OUT, "skirmish-set-up.png") });
    // ready: then the hidden companies deploy from the listed orders
    {
      const r = await renders(page);
      await page.click('#actions button.act[data-text="ready"]');
      await drawnAfter(page, r);
    }
    let deployed = 0;
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(100);
      const st = await state(page);
      if (st.toMove !== "british" || !/deploy/.test(await page.textContent("#board .tt-title"))) break;
      const r = await renders(page);
      if (!await clickAny(page, '#actions button.act[data-text^="deploy "]', pick)) {
        // the menu's deploy orders grouped by unit: the unit, then its ghost
        assert.ok(await clickAny(page, "#board .units .unit.target", pick), "a hidden unit to deploy");
        await drawnAfter(page, r);
        const r2 = await renders(page);
        assert.ok(await clickAny(page, "#board .ghosts .sk-ghost .ghost-ring", pick), "a place to deploy it");
        await drawnAfter(page, r2);
      } else {
        await drawnAfter(page, r);
      }
      deployed++;
    }
    // play begins: the first card is drawn
    await page.waitForFunction(() => /[0-9JQKA]+[♠♥♦♣]/.test(document.getElementById("drawn-card")?.textContent || ""), null, { timeout: 30000 });
    const title = await page.textContent("#board .tt-title");
    assert.match(title, /turn 1/, title);
    await page.screenshot({ path: join(OUT, "skirmish-set-up-play.png") });
    assert.equal(await count(page, "#board .set-up-abatis"), 2, "the abatis stands in play");
    assert.deepEqual(rec.errors, [], "no console error");
    return { deployed, moved: Object.fromEntries(Object.entries(moved).map(([k, v]) => [k, v.map((c) => Number(c.toFixed(1)))])), title };
  } finally {
    await b.close();
    await server.stop();
  }
}
