// Games stored under an older rules version, as a player opens them (issue 30): one whose
// entries all replay goes on and says once what changed; one whose entry no longer replays
// is shown read-only as far as it goes, with the reason, its replay and a rematch, never an
// error page. The older version is made up (0) by crates/server/examples/rules_older.rs with
// the server stopped.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { Server, browser, ROOT, OUT } from "./harness.mjs";

const AGE = process.env.FIW_RULES_OLDER || join(ROOT, "target/debug/examples/rules_older");

async function played(server, n) {
  const made = await server.create({ game: "louisbourg" });
  const { id, seats } = made;
  for (let i = 0; i < n; i++) {
    const v = await server.api("GET", `/api/games/${id}`, seats.british.token);
    const t = seats[v.json.view.to_move].token;
    const r = await server.api("POST", `/api/games/${id}/actions`, t, { version: v.json.version, index: 0 });
    assert.equal(r.status, 200, r.text);
  }
  return made;
}

export async function olderRules() {
  const server = await Server.start();
  const b = await browser();
  try {
    const broken = await played(server, 3);
    const goesOn = await played(server, 2);
    await server.kill();
    const db = `sqlite://${join(server.dir, "fiw.db")}`;
    execFileSync(AGE, [db, broken.id, "broken"]);
    execFileSync(AGE, [db, goesOn.id, "goes-on"]);
    await server.up();
    const { page, rec } = b;

    // read-only: the reason, no move to make, its own replay, a rematch
    await page.goto(broken.seats.british.link);
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    const notice = page.locator("#notice");
    await notice.waitFor({ state: "visible", timeout: 15000 }).catch(async (e) => {
      await page.screenshot({ path: join(OUT, "rules-debug.png") });
      throw new Error(`${e.message}; console: ${JSON.stringify(rec.errors)}; view: ${(await server.api("GET", `/api/games/${broken.id}`, broken.seats.british.token)).text.slice(0, 300)}`);
    });
    const said = await notice.textContent();
    assert.match(said, /Read-only/);
    assert.match(said, /rules version 0/);
    assert.match(said, /entry 4/);
    assert.doesNotMatch(said, /old fort/, "the French action's text is the French side's");
    assert.equal(await page.locator("#actions button.act").count(), 0, "a read-only game offers no move");
    assert.equal(await page.locator("#status").textContent(), "read-only");
    assert.ok(await page.locator("#rematch").isVisible(), "a rematch is offered");
    assert.ok(!(await page.locator("#resign").isVisible()), "nothing to resign");
    assert.ok((await page.locator("#log li").count()) > 0, "the log as far as it goes");
    await page.screenshot({ path: join(OUT, "rules-read-only.png") });
    await page.locator("#replay").click();
    await page.waitForFunction(() => /step 0 of 4/.test(document.querySelector("#prompt").textContent));
    await page.locator("#replay-last").click();
    await page.waitForFunction(() => /step 4 of 4/.test(document.querySelector("#prompt").textContent));
    await page.locator("#replay-done").click();
    await page.locator("#rematch").click();
    await page.waitForURL((u) => !u.pathname.endsWith(broken.id), { timeout: 10000 });
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0 && document.body.dataset.toMove);
    assert.ok(!(await page.locator("#notice").isVisible()), "the rematch is under the current rules");

    // brought to the current rules: said once on this browser
    await page.goto(goesOn.seats.british.link);
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    await notice.waitFor({ state: "visible" });
    // the rules version the server plays now (each game's own: Louisbourg is at 2 since issue 38)
    const current = (await server.api("GET", `/api/games/${goesOn.id}`, goesOn.seats.british.token)).json.rules.version;
    assert.ok(current >= 1, `a current rules version (${current})`);
    assert.match(await notice.textContent(), new RegExp(`last played under version 0 and goes on under ${current}\\b`));
    await page.screenshot({ path: join(OUT, "rules-brought.png") });
    await page.locator("#notice-ok").click();
    await notice.waitFor({ state: "hidden" });
    await page.reload();
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
    assert.ok(!(await notice.isVisible()), "said once");
    assert.ok((await page.locator("#actions button.act").count()) > 0 || (await page.locator("#status").textContent()) !== "read-only", "the game goes on");
    assert.deepEqual(rec.errors, [], "no console error");
    return { readOnly: said.slice(0, 80) };
  } finally {
    await b.close();
    await server.stop();
  }
}
