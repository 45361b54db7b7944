// Every cited rule one click away (issue 34, item 6): the sections the server marks in the
// prompt and the log are links; a click opens the rules panel at that section, beside the
// board and the actions on a wide screen (covering neither), and on a phone under the actions
// in the board's place.
// Screenshot: docs/web/rules-cited.png (`node web/tests/run.mjs cited-rules`, then copied from
// web/tests/out/rules-cited.png).

import assert from "node:assert/strict";
import { join } from "node:path";
import { Server, browser, OUT } from "./harness.mjs";

/** The page boxes of the rules panel, the actions and the board. */
function boxes(page) {
  return page.evaluate(() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    return { rules: box("#rules"), actions: box("#actions"), board: box("#board-wrap"), prompt: box("#prompt-box") };
  });
}

const apart = (a, b) => a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;

/** The section the panel shows marked, once it has opened at one. */
async function openedAt(page) {
  await page.waitForFunction(() => !document.getElementById("rules").hidden && document.querySelector("#rules-body section.cited"), null, { timeout: 10000 });
  return page.evaluate(() => {
    const el = document.querySelector("#rules-body section.cited");
    const body = document.getElementById("rules-body").getBoundingClientRect();
    const r = el.getBoundingClientRect();
    return { section: el.dataset.section, text: el.textContent, inView: r.top >= body.top - 1 && r.top < body.bottom };
  });
}

export async function citedRules() {
  const server = await Server.start();
  const wide = await browser();
  const phone = await browser({ width: 390, height: 844 });
  const facts = {};
  try {
    const made = await server.create({ game: "louisbourg", players: { french: "ai" } });
    const p = wide.page;
    await p.goto(made.seats.british.link);
    await p.waitForSelector("#prompt button.cite");
    // the prompt's section: "You choose the landing plan (7)"
    const link = p.locator("#prompt button.cite").first();
    assert.equal(await link.getAttribute("data-section"), "7");
    assert.match(await p.textContent("#prompt"), /\(7\)/);
    await link.click();
    const at = await openedAt(p);
    assert.equal(at.section, "7", JSON.stringify(at));
    assert.ok(at.inView, "the panel shows the section it opened at");
    assert.match(at.text, /landing/i);
    let b = await boxes(p);
    assert.ok(apart(b.rules, b.actions), `the panel covers none of the actions: ${JSON.stringify(b)}`);
    assert.ok(apart(b.rules, b.board), `the panel lies beside the board: ${JSON.stringify(b)}`);
    assert.ok(await p.locator("#actions button.act").first().isVisible(), "the actions stay in sight");
    facts.wide = { rules: Math.round(b.rules.left), actions: Math.round(b.actions.right), board: Math.round(b.board.right) };
    // the plan, then a cited log line ("… (7).") opens the panel at its section
    // the values fiw chose are said in a player's words: no source file in the panel
    const panel = await p.textContent("#rules-body");
    assert.ok(!/\.rs\b|\.toml\b|crates\//.test(panel), "the panel names no source file");
    assert.ok(await p.locator("#rules-body .chosen").count() > 0, "sections show the values fiw chose for them");
    // Escape closes it from the section the keyboard was taken to
    await p.keyboard.press("Escape");
    await p.waitForSelector("#rules", { state: "hidden" });
    const plan = await p.locator("#actions button.act").first().getAttribute("data-text");
    await server.api("POST", `/api/games/${made.id}/actions`, made.seats.british.token, { version: 0, action: plan });
    await p.waitForFunction(() => document.querySelectorAll("#log button.cite").length >= 2, null, { timeout: 30000 });
    // the log may be drawn again as the computer plays: the link is read and clicked at once
    const wanted = await p.evaluate(() => { const all = document.querySelectorAll("#log button.cite"); const el = all[all.length - 1]; el.click(); return el.dataset.section; });
    const fromLog = await openedAt(p);
    assert.equal(fromLog.section, wanted);
    facts.fromLog = wanted;
    await p.screenshot({ path: join(OUT, "rules-cited.png") });
    // on a phone the panel opens under the actions, where the board was, covering neither
    const ph = phone.page;
    const other = await server.create({ game: "louisbourg", players: { french: "ai" } });
    await ph.goto(other.seats.british.link);
    await ph.waitForSelector("#prompt button.cite");
    await ph.locator("#prompt button.cite").first().click();
    const onPhone = await openedAt(ph);
    assert.equal(onPhone.section, "7");
    b = await boxes(ph);
    assert.ok(b.rules.top >= b.actions.bottom - 1, `on a phone the panel comes under the actions: ${JSON.stringify(b)}`);
    assert.ok(b.board.top >= b.rules.bottom - 1, `and above the board: ${JSON.stringify(b)}`);
    assert.ok(b.rules.right <= 391, `and no wider than the screen: ${JSON.stringify(b)}`);
    await ph.screenshot({ path: join(OUT, "rules-cited-phone.png") });
    const errors = [...wide.rec.errors, ...phone.rec.errors];
    assert.deepEqual(errors, [], "no console error");
    return facts;
  } finally {
    await wide.close();
    await phone.close();
    await server.stop();
  }
}
