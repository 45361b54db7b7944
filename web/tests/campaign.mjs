// The campaign in Chromium: three campaigns made in the lobby, each played on the map by
// clicking the first action offered and rolling every attack on the chart but the one looked
// for, until an attack waits that is fought on a D3 table, a skirmish table or Louisbourg's
// map (the server's --test-seeds make these campaigns meet them in a few moves: the seeds come
// from crates/campaign/examples/test_seeds.rs). "Fight it" is clicked, the battle is fought by
// mouse on its own table to its end, and the page returns to the map with the battle in its
// record; the rules panel holds the battle game's sections while it is fought. The last one
// resigned, its record's battle opens the replay where it began. No console error.

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, rng, renders, drawnAfter, state, OUT, lobbyGame, count, clickOne } from "./harness.mjs";
import { clickTable as clickD3 } from "./d3.mjs";
import { clickTable as clickSkirmish } from "./skirmish.mjs";

// seed, the player's side, the kind of battle looked for, the table it is fought on
const CAMPAIGNS = [
  { seed: 5, side: "french", kind: "fort", table: "d3" },
  { seed: 54, side: "french", kind: "open", table: "skirmish" },
  { seed: 2, side: "french", kind: "louisbourg", table: "louisbourg" },
];

export async function campaignBattles() {
  const server = await Server.start({ args: ["--test-seeds", CAMPAIGNS.map((c) => c.seed).join(",")] });
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 17));
  try {
    const { page, rec } = b;
    const facts = {};
    for (const c of CAMPAIGNS) facts[c.table] = await fightOne(page, server, c, pick);
    // the last campaign resigned: its record's battle links to the replay where it began
    await page.click("#resign");
    await page.click("#resign");
    await page.waitForFunction(() => document.body.dataset.over === "1", null, { timeout: 10000 });
    await page.click("#campaign-battles .battle-replay");
    await page.waitForFunction(() => /^Replay, step \d+ of \d+: player fight$/.test(document.getElementById("prompt").textContent), null, { timeout: 10000 })
      .catch(async () => { throw new Error(`the battle's link did not open the replay at its fight: ${await page.textContent("#prompt")}`); });
    await page.waitForSelector('#campaign-battle[data-table="louisbourg"]', { timeout: 10000 });
    await page.click("#replay-next");
    await page.waitForFunction(() => /^Replay, step \d+ of \d+: player (?!fight)/.test(document.getElementById("prompt").textContent), null, { timeout: 10000 });
    await page.screenshot({ path: join(OUT, "campaign-battle-replay.png"), fullPage: true });
    facts.replayed = await page.textContent("#prompt");
    assert.deepEqual(rec.errors, [], "no console error");
    return facts;
  } finally {
    await b.close();
    await server.stop();
  }
}

/** Waits until the player decides (the BOT's and the general's turns are the server's). */
async function playersTurn(page) {
  await page.waitForFunction(() => document.body.dataset.toMove === "player" || document.body.dataset.over === "1", null, { timeout: 60000 });
}

async function fightOne(page, server, c, pick) {
  await lobbyGame(page, server, "campaign", [["select[name=side]", c.side]]);
  // the map: the first action offered, every attack rolled but the one looked for
  let mapClicks = 0;
  for (;; mapClicks++) {
    assert.ok(mapClicks < 120, `no ${c.kind} battle met in ${mapClicks} moves on the map (seed ${c.seed}: run crates/campaign/examples/test_seeds.rs again)`);
    await playersTurn(page);
    assert.ok(!(await state(page)).over, `the campaign ended before a ${c.kind} battle`);
    const waiting = await page.evaluate(() => document.getElementById("campaign-waiting")?.dataset.battle || null);
    if (waiting === c.kind) break;
    const n = await renders(page);
    const which = waiting ? '#actions button.act[data-text="roll"]' : "#actions button.act";
    await page.locator(which).first().click();
    await drawnAfter(page, n);
  }
  const town = (await page.textContent("#campaign-waiting h3")).replace(/^.* on (.*) \(.*$/, "$1");
  const before = await count(page, "#campaign-battles li");
  await page.screenshot({ path: join(OUT, `campaign-${c.table}-waiting.png`), fullPage: true });
  let n = await renders(page);
  await page.click('#actions button.act[data-text="fight"]');
  await drawnAfter(page, n);
  await page.waitForSelector(`#campaign-battle[data-table="${c.table}"]`, { timeout: 10000 });
  await page.screenshot({ path: join(OUT, `campaign-${c.table}-battle.png`), fullPage: true });
  // the rules panel holds the battle game's sections beside the campaign's
  await page.click("#rules-btn");
  const sections = await page.$$eval("#rules-body section", (ss) => ss.map((s) => s.dataset.section));
  assert.ok(sections.includes("C1"), "the campaign's own rules are in the panel");
  assert.ok(sections.filter((s) => !/^C\d/.test(s) && s !== "assumed").length > 3, `the ${c.table} rules are in the panel`);
  await page.keyboard.press("Escape");
  // the battle, by mouse, to its end
  let clicks = 0, moved = 0;
  for (;;) {
    assert.ok(clicks < 1500, `the ${c.table} battle did not end in ${clicks} clicks`);
    await playersTurn(page);
    if (!(await count(page, "#campaign-battle"))) break;
    n = await renders(page);
    const how = c.table === "d3" ? await clickD3(page, pick, moved)
      : c.table === "skirmish" ? await clickSkirmish(page, pick, moved)
      : await clickOne(page, pick);
    if (!how) {
      if (!(await count(page, "#campaign-battle"))) break;
      await page.screenshot({ path: join(OUT, `campaign-${c.table}-stuck.png`), fullPage: true });
      assert.fail(`the player decides in the ${c.table} battle and the table offers nothing to click: ${await page.textContent("#prompt")}`);
    }
    clicks++;
    if (how === "ghost") moved++;
    if (how === "pass" || how === "done") moved = 0;
    await drawnAfter(page, n);
  }
  // back on the map, the battle in the record
  await page.waitForSelector("#campaign-battles", { timeout: 10000 });
  const after = await page.$$eval("#campaign-battles li", (ls) => ls.map((l) => l.textContent));
  assert.equal(after.length, before + 1, "the battle is in the campaign's record");
  assert.match(after[after.length - 1], new RegExp(`at ${town.replace(/[.()]/g, "\\$&")} .*fought by you`), "the record says where and that it was fought by the player");
  await page.screenshot({ path: join(OUT, `campaign-${c.table}-after.png`), fullPage: true });
  return { mapClicks, battleClicks: clicks, result: after[after.length - 1].replace(/^.*fought by you: /, "") };
}
