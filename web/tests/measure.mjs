// Measures the client on loopback: first paint and first board of a game page, the time from
// an action's answer to the board drawn again, and the size of the client's JS and CSS.
//   node web/tests/measure.mjs [GAME]     (louisbourg, the default, d3 or skirmish; FIW_BIN:
//                                          the fiw binary to serve with)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, ROOT } from "./harness.mjs";

function sizes(dir) {
  let total = 0;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) { if (f !== "tests") total += sizes(p); continue; }
    if (f.endsWith(".js") || f.endsWith(".css")) total += readFileSync(p).length;
  }
  return total;
}

const server = await Server.start();
const b = await browser();
const pick = rng(1);
try {
  const game = process.argv[2] || "louisbourg";
  const setup = { louisbourg: {}, d3: { scenario: "fort-oswego" }, skirmish: { scenario: "raid" } }[game];
  if (!setup) throw new Error(`no game '${game}' to measure (louisbourg, d3, skirmish)`);
  const made = await server.api("POST", "/api/games", undefined, { game, setup, players: { british: "human", french: "heuristic" } });
  const link = made.json.seats.british.link;
  const loads = [];
  for (let i = 0; i < 6; i++) {
    await b.page.goto("about:blank");
    await b.page.goto(link);
    await b.page.waitForFunction(() => window.fiwStats && window.fiwStats.boardAt !== null);
    loads.push(await b.page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      board: window.fiwStats.boardAt,
      start: window.fiwStats.startAt, view: window.fiwStats.viewAt, reference: window.fiwStats.referenceAt,
    })));
  }
  const acks = [];
  for (let i = 0; i < 200 && acks.length < 30; i++) {
    const st = await state(b.page);
    if (st.over) break;
    if (st.toMove !== "british") { await b.page.waitForFunction((v) => Number(document.body.dataset.version) > v, st.version); continue; }
    const n = await renders(b.page);
    await clickOne(b.page, pick);
    await drawnAfter(b.page, n);
    const after = await state(b.page);
    if (after.version > st.version) acks.push(await b.page.evaluate(() => window.fiwStats.lastAckToDrawMs));
  }
  const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const warm = loads.slice(1);
  console.log(JSON.stringify({
    game,
    first_contentful_paint_ms: { median: med(warm.map((l) => l.fcp)), max: Math.max(...warm.map((l) => l.fcp)), first_load: loads[0].fcp },
    board_drawn_ms: { median: med(warm.map((l) => l.board)), max: Math.max(...warm.map((l) => l.board)) },
    ack_to_board_ms: { median: med(acks), max: Math.max(...acks), n: acks.length },
    loads: warm,
    js_css_bytes: sizes(join(ROOT, "web")),
  }, null, 1));
} finally {
  await b.close();
  await server.stop();
}
