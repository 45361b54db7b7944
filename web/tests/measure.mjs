// Measures the client on loopback against issue 34's budgets, for a seat's page, a spectator's
// and a phone's (390 × 844): first paint and first board of a page loaded again (six loads,
// the first one cold and reported apart), the time from an action's answer to the board drawn
// again (the seat's pages: up to 100 decisions from the desk, 15 from the phone) or from a
// socket's news to the board drawn (the spectator's, while the seat plays), all of them and
// those with more than 100 log lines on the page, and the size of the client's JS and CSS.
//   node web/tests/measure.mjs [GAME…]    (louisbourg, d3, skirmish, solitaire; all four by
//                                          default; FIW_BIN: the fiw binary to serve with: use
//                                          a release build, on an idle machine)
// Not a test: it asserts nothing and prints JSON, one object per game.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Server, browser, clickOne, rng, renders, drawnAfter, state, ROOT } from "./harness.mjs";

const PHONE = { width: 390, height: 844 };
const SETUPS = {
  louisbourg: { game: "louisbourg", players: { british: "human", french: "heuristic" }, seat: "british" },
  d3: { game: "d3", setup: { scenario: "fort-oswego" }, players: { british: "human", french: "heuristic" }, seat: "british" },
  skirmish: { game: "skirmish", setup: { scenario: "raid" }, players: { british: "human", french: "heuristic" }, seat: "british" },
  solitaire: { game: "solitaire", players: {}, seat: "player" },
};

function sizes(dir) {
  let total = 0;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) { if (f !== "tests" && f !== "node_modules") total += sizes(p); continue; }
    if (f.endsWith(".js") || f.endsWith(".css")) total += readFileSync(p).length;
  }
  return total;
}

const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
const round = (x) => x == null ? null : Math.round(x * 10) / 10;
const summary = (xs) => ({ median: round(med(xs)), max: round(xs.length ? Math.max(...xs) : null), n: xs.length });

/** Six loads of `link` in `page`: first contentful paint and the first board, from navigation. */
async function loads(page, link) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    await page.goto("about:blank");
    // the page left closes its socket: let the server count it gone (a seat may hold 8)
    await new Promise((r) => setTimeout(r, 300));
    await page.goto(link);
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.boardAt !== null);
    out.push(await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      board: window.fiwStats.boardAt,
    })));
  }
  const warm = out.slice(1);
  return {
    first_paint_ms: summary(warm.map((l) => l.fcp)),
    board_drawn_ms: summary(warm.map((l) => l.board)),
    cold: { first_paint_ms: round(out[0].fcp), board_drawn_ms: round(out[0].board) },
  };
}

/** Up to `n` decisions taken on `page` by clicks: each action's answer to the board drawn; and,
 * when `watcher` is given, the spectator's render time of each news it was sent meanwhile. */
async function play(page, seat, n, pick, watcher) {
  const acks = [], watched = [];
  for (let i = 0; i < 400 && acks.length < n; i++) {
    const st = await state(page);
    if (st.over) break;
    if (seat && st.toMove !== seat) {
      await page.waitForFunction((v) => Number(document.body.dataset.version) > v, st.version, { timeout: 60000 });
      continue;
    }
    const k = await renders(page);
    const seen = watcher ? await renders(watcher) : 0;
    await clickOne(page, pick);
    await drawnAfter(page, k);
    const after = await state(page);
    if (after.version > st.version) {
      const lines = await page.$$eval("#log li", (l) => l.length);
      acks.push([lines, await page.evaluate(() => window.fiwStats.lastAckToDrawMs)]);
      if (watcher) {
        await watcher.waitForFunction((v) => Number(document.body.dataset.version) >= v, after.version, { timeout: 10000 });
        if (await renders(watcher) > seen) watched.push([lines, await watcher.evaluate(() => window.fiwStats.lastRenderMs)]);
      }
    }
  }
  return { acks, watched };
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SETUPS);
for (const w of wanted) if (!SETUPS[w]) { console.error(`no game '${w}' to measure (${Object.keys(SETUPS).join(", ")})`); process.exit(2); }
const server = await Server.start();
const desk = await browser();
const spect = await browser();
const phone = await browser(PHONE);
const pick = rng(1);
const results = [];
try {
  for (const game of wanted) {
    const { seat, ...body } = SETUPS[game];
    const made = await server.api("POST", "/api/games", undefined, body);
    const link = made.json.link;
    const out = { game };
    out.seat = await loads(desk.page, link);
    await desk.page.goto("about:blank");
    out.spectator = await loads(spect.page, made.json.spectator.link);
    out.phone = await loads(phone.page, link);
    await phone.page.goto("about:blank");
    // the seat plays from the desk while the spectator watches; then from the phone
    await desk.page.goto(link);
    await desk.page.waitForFunction(() => window.fiwStats && window.fiwStats.boardAt !== null);
    const d = await play(desk.page, seat, 100, pick, spect.page);
    await desk.page.goto("about:blank");
    await phone.page.goto(link);
    await phone.page.waitForFunction(() => window.fiwStats && window.fiwStats.boardAt !== null);
    const p = await play(phone.page, seat, 15, pick, null);
    // all the redraws, and those with the log already long (a late turn's)
    const both = (xs) => ({ all: summary(xs.map((x) => x[1])), log_over_100_lines: summary(xs.filter((x) => x[0] > 100).map((x) => x[1])) });
    out.seat.ack_to_board_ms = both(d.acks);
    out.spectator.news_to_board_ms = both(d.watched);
    out.phone.ack_to_board_ms = both(p.acks);
    results.push(out);
  }
  const loadavg = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(JSON.stringify({ js_css_bytes: sizes(join(ROOT, "web")), load_average_after: loadavg, results }, null, 1));
} finally {
  for (const b of [desk, spect, phone]) await b.close();
  await server.stop();
}
