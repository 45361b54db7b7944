// fiw's browser tests, in Debian's chromium (scripts/test runs them after building fiw):
//   node web/tests/run.mjs [NAME…]       (FIW_BIN: the fiw binary; FIW_WEB_SEED: the clicks' seed)
// Each test starts its own `fiw serve`. A test that cannot have its browser fails: none skips.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { need, OUT } from "./harness.mjs";
import { louisbourgAgainstTheComputer } from "./louisbourg_vs_ai.mjs";
import { twoSeatsKeepTheirSecrets } from "./two_seats.mjs";
import { restartMidGame } from "./restart.mjs";
import { solitaireAgainstTheBot } from "./solitaire_vs_bot.mjs";
import { hotSeatPassesTheScreen } from "./hot_seat.mjs";
import { d3AgainstTheComputer, d3DragIntoAWood } from "./d3.mjs";
import { skirmishRaid } from "./skirmish.mjs";
import { skirmishSetUp } from "./skirmish_set_up.mjs";
import { olderRules } from "./rules.mjs";
import { accountsAndTheLobby } from "./accounts.mjs";
import { spectatorAndReveal } from "./spectator.mjs";
import { phonePages } from "./phone.mjs";
import { citedRules } from "./cited.mjs";
import { logDrawing } from "./log.mjs";
import { campaignBattles } from "./campaign.mjs";

const TESTS = {
  "louisbourg-vs-ai": louisbourgAgainstTheComputer,
  "two-seats-secrets": twoSeatsKeepTheirSecrets,
  "restart": restartMidGame,
  "hot-seat": hotSeatPassesTheScreen,
  "solitaire-vs-bot": solitaireAgainstTheBot,
  "d3-vs-ai": d3AgainstTheComputer,
  "d3-drag-wood": d3DragIntoAWood,
  "skirmish-raid": skirmishRaid,
  "skirmish-set-up": skirmishSetUp,
  "older-rules": olderRules,
  "accounts-lobby": accountsAndTheLobby,
  "chat-spectator-reveal": spectatorAndReveal,
  "phone": phonePages,
  "cited-rules": citedRules,
  "log-drawing": logDrawing,
  "campaign": campaignBattles,
};

const wanted = process.argv.slice(2);
for (const w of wanted) if (!TESTS[w]) { console.error(`no test '${w}' (tests: ${Object.keys(TESTS).join(", ")})`); process.exit(2); }
// node ends a run whose every wait can no longer finish with exit 13 and no word: say so
process.on("exit", (code) => { if (code === 13) console.log("FAIL: a test waited on something that could never happen (node exit 13): the run stopped there"); });
mkdirSync(OUT, { recursive: true });
need();
let failed = 0;
const report = {};
for (const [name, test] of Object.entries(TESTS)) {
  if (wanted.length && !wanted.includes(name)) continue;
  const t0 = Date.now();
  try {
    const facts = await test();
    report[name] = { ok: true, seconds: (Date.now() - t0) / 1000, ...facts };
    console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s) ${JSON.stringify(facts || {})}`);
  } catch (e) {
    failed++;
    report[name] = { ok: false, error: String(e && e.stack || e) };
    console.log(`FAIL ${name}: ${e && e.stack || e}`);
  }
}
writeFileSync(join(OUT, "report.json"), JSON.stringify(report, null, 2));
if (failed) { console.log(`${failed} browser test(s) failed`); process.exit(1); }
console.log("browser tests: all passed");
