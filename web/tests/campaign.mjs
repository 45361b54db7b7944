// The campaign in Chromium: three campaigns made in the lobby, each played on the map by
// clicking the first action offered and rolling every attack on the chart but the one looked
// for, until an attack waits that is fought on a D3 table, a skirmish table or Louisbourg's
// map (the server's --test-seeds make these campaigns meet them in a few moves: the seeds come
// from crates/campaign/examples/test_seeds.rs). "Fight it" is clicked, the battle is fought by
// mouse on its own table to its end, and the page returns to the map with the battle in its
// record; the rules panel holds the battle game's sections while it is fought. The last one is
// then played on to its natural end (the first action offered on the map, every attack left to
// the generals), and its record's battle opens the replay where it began. Last, a two-player
// campaign (C11) on one screen: both sides place their armies, the British attack is fought,
// and each side gives its orders on the battle's table in its turn. No console error.

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
// the two-player campaign's seed (its first British attack is the one fought)
const TWO_PLAYERS_SEED = 5;

export async function campaignBattles() {
  const server = await Server.start({ args: ["--test-seeds", [...CAMPAIGNS.map((c) => c.seed), TWO_PLAYERS_SEED].join(",")] });
  const b = await browser();
  const pick = rng(Number(process.env.FIW_WEB_SEED || 17));
  try {
    const { page, rec } = b;
    const facts = {};
    for (const c of CAMPAIGNS) facts[c.table] = await fightOne(page, server, c, pick);
    // the last campaign played on to its natural end, by clicks
    facts.toTheEnd = await playToTheEnd(page);
    // its record's first battle, the siege fought, links to the replay where it began
    await page.click("#campaign-battles .battle-replay");
    await page.waitForFunction(() => /^Replay, step \d+ of \d+: player fight$/.test(document.getElementById("prompt").textContent), null, { timeout: 10000 })
      .catch(async () => { throw new Error(`the battle's link did not open the replay at its fight: ${await page.textContent("#prompt")}`); });
    await page.waitForSelector('#campaign-battle[data-table="louisbourg"]', { timeout: 10000 });
    await page.click("#replay-next");
    await page.waitForFunction(() => /^Replay, step \d+ of \d+: player (?!fight)/.test(document.getElementById("prompt").textContent), null, { timeout: 10000 });
    await page.screenshot({ path: join(OUT, "campaign-battle-replay.png"), fullPage: true });
    facts.replayed = await page.textContent("#prompt");
    facts.twoPlayers = await twoPlayers(page, server, pick);
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

/** Plays the campaign on the page to its natural end: the first action offered on the map,
 * every attack that waits left to the generals. The clicks made and the final prompt. */
async function playToTheEnd(page) {
  let clicks = 0, generals = 0;
  for (;;) {
    assert.ok(clicks < 600, `the campaign did not end in ${clicks} clicks`);
    await playersTurn(page);
    if ((await state(page)).over) break;
    const waiting = await page.evaluate(() => !!document.getElementById("campaign-waiting"));
    const n = await renders(page);
    const which = waiting ? '#actions button.act[data-text="generals"]' : "#actions button.act";
    await page.locator(which).first().click();
    if (waiting) generals++;
    clicks++;
    await drawnAfter(page, n);
  }
  const prompt = await page.textContent("#prompt");
  assert.match(prompt, /^Game over: .* wins \((victory points after turn \d+|sudden death)/, "the campaign ended by the text's own end");
  await page.screenshot({ path: join(OUT, "campaign-end.png"), fullPage: true });
  const record = await count(page, "#campaign-battles li");
  return { clicks, generals, record, prompt: prompt.slice(0, 90) };
}

/** The two-player campaign on one screen (the lobby's hot seat): the British place, the
 * French place, the British attack and fight it, and on the battle's table each side decides in
 * its turn, the page covered while the screen is passed and each side told the side it
 * commands. */
async function twoPlayers(page, server, pick) {
  await lobbyGame(page, server, "campaign", [["select[name=side]", "british"], ['input[name="two_players"]', true],
    ["select[data-seat=player]", "human"], ["select[data-seat=bot]", "human"], ["#hot-seat", true]], { open: false });
  const hot = await page.locator("#made-links li", { hasText: "Hot seat" }).locator("a").evaluate((a) => a.href);
  await page.goto(hot);
  await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
  const covered = async () => (await page.locator("#cover:not([hidden])").count()) > 0;
  const seen = { map: new Set(), battle: new Set() };
  let passes = 0, clicks = 0, moved = 0;
  for (;;) {
    assert.ok(clicks < 400, `the two-player battle did not go back and forth in ${clicks} clicks`);
    if (await covered()) {
      const n = await renders(page);
      await page.click("#cover-go");
      await drawnAfter(page, n);
      passes++;
      continue;
    }
    const st = await state(page);
    assert.ok(!st.over, "the two-player campaign ended before its battle went back and forth");
    // the board drawn for the seat to move: the map, which says which side decides, or the
    // battle, which tells the seat the side it commands (the map's player is British); the
    // page may still be drawing what the last answer brought, so this waits for the two to
    // agree, and fails only if they never do
    const agreed = await page.waitForFunction(() => {
      const tm = document.body.dataset.toMove;
      const cover = document.getElementById("cover");
      if (cover && !cover.hidden) return { covered: true };
      const side = tm === "player" ? "British" : "French";
      const battle = document.getElementById("campaign-battle");
      if (battle) return battle.textContent.includes(`you command the ${side}`) && { battle: true, toMove: tm };
      const map = document.getElementById("map-status");
      return map && map.dataset.acting === side.toLowerCase() && { battle: false, toMove: tm };
    }, null, { timeout: 10000 }).then((h) => h.jsonValue()).catch(() => null);
    if (!agreed) {
      const what = await page.evaluate(() => `to move ${document.body.dataset.toMove}; map ${document.getElementById("map-status")?.dataset.acting}; battle ${document.getElementById("campaign-battle")?.textContent}`);
      await page.screenshot({ path: join(OUT, "campaign-two-players-stuck.png"), fullPage: true });
      assert.fail(`the page never told the seat to move its side: ${what}`);
    }
    if (agreed.covered) continue;
    const inBattle = agreed.battle;
    if (inBattle) {
      seen.battle.add(agreed.toMove);
      if (seen.battle.size === 2 && passes >= 3) break;
    } else {
      seen.map.add(agreed.toMove);
    }
    const n = await renders(page);
    let how;
    if (!inBattle) {
      const fight = page.locator('#actions button.act[data-text="fight"]');
      await ((await fight.count()) ? fight : page.locator("#actions button.act")).first().click();
      how = "map";
    } else {
      const table = await page.getAttribute("#campaign-battle", "data-table");
      how = table === "d3" ? await clickD3(page, pick, moved) : table === "skirmish" ? await clickSkirmish(page, pick, moved) : await clickOne(page, pick);
      if (how === "ghost") moved++;
      if (how === "pass" || how === "done") moved = 0;
    }
    if (!how) {
      if (await covered()) continue;
      assert.fail(`the ${agreed.toMove} seat decides and the page offers nothing to click: ${await page.textContent("#prompt")}`);
    }
    clicks++;
    await page.waitForFunction((k) => window.fiwStats.renders > k || !document.getElementById("cover").hidden, n, { timeout: 10000 });
  }
  assert.deepEqual([...seen.map].sort(), ["bot", "player"], "both seats decided on the map");
  await page.screenshot({ path: join(OUT, "campaign-two-players.png"), fullPage: true });
  return { passes, clicks, mapSeats: [...seen.map], battleSeats: [...seen.battle] };
}
