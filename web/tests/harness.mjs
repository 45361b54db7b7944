// What the browser tests share: a `fiw serve` of their own (a free port on 127.0.0.1, a fresh
// SQLite file), Debian's chromium driven by playwright-core, and a page that records its
// console errors and every WebSocket frame and API answer it receives.

import { chromium } from "playwright-core";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(here, "../..");
export const FIW = process.env.FIW_BIN || join(ROOT, "target/debug/fiw");
export const CHROMIUM = process.env.FIW_CHROMIUM || "/usr/bin/chromium";
export const OUT = join(here, "out");

export function need() {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: scripts/test installs Debian's chromium (apt-get install chromium); the browser tests cannot run without it`);
  if (!existsSync(FIW)) throw new Error(`no fiw binary at ${FIW}: build it first (cargo build -p fiw-cli) or set FIW_BIN`);
}

export function freePort() {
  return new Promise((ok, bad) => {
    const srv = createServer();
    srv.once("error", bad);
    srv.listen(0, "127.0.0.1", () => { const { port } = srv.address(); srv.close(() => ok(port)); });
  });
}

/** `fiw serve` on 127.0.0.1 with a database file of its own; `restart` keeps port and file. */
export class Server {
  constructor(port, dir) {
    this.port = port;
    this.dir = dir;
    this.base = `http://127.0.0.1:${port}`;
    this.proc = null;
  }

  /** A server of its own; `args`: more flags for `fiw serve` (a test's `--test-seeds`). */
  static async start({ args = [] } = {}) {
    const s = new Server(await freePort(), mkdtempSync(join(tmpdir(), "fiw-web-")));
    s.extra = args;
    await s.up();
    return s;
  }

  up() {
    return new Promise((ok, bad) => {
      const args = ["serve", "--db", `sqlite://${join(this.dir, "fiw.db")}`, "--addr", `127.0.0.1:${this.port}`,
        "--ai-iterations", "40", "--ai-ms", "150", ...(this.extra || [])];
      const p = spawn(FIW, args, { stdio: ["ignore", "pipe", "pipe"] });
      this.proc = p;
      let said = "";
      const timer = setTimeout(() => bad(new Error(`fiw serve did not start in 20 s: ${said}`)), 20000);
      const hear = (d) => {
        said += d.toString();
        if (said.includes("listening on")) { clearTimeout(timer); ok(); }
      };
      p.stdout.on("data", hear);
      p.stderr.on("data", hear);
      p.once("exit", (code) => { clearTimeout(timer); if (!said.includes("listening on")) bad(new Error(`fiw serve exited (${code}): ${said}`)); });
    });
  }

  /** Stops the server at once (SIGKILL: a crash, not a polite stop). */
  async kill() {
    // a process that has gone (by its own exit or a signal) sends no second "exit": waiting
    // for one would leave node with nothing to do and end the run with exit 13, hiding the
    // failure that led here
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((ok) => p.once("exit", ok));
    p.kill("SIGKILL");
    await gone;
  }

  async stop() {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Makes a game from `body` and has every invitation taken, each as its own friend would
   * (the tests that play every seat through the API): the answer, with each taken seat's
   * credential under `seats`.
   */
  async create(body) {
    const made = await this.api("POST", "/api/games", undefined, body);
    if (made.status !== 201) throw new Error(`the game was not made: ${made.text}`);
    for (const [seat, inv] of Object.entries(made.json.invitations || {})) {
      const taken = await this.api("POST", `/api/games/${made.json.id}/claim`, inv.token, {});
      if (taken.status !== 200) throw new Error(`the ${seat} invitation was not taken: ${taken.text}`);
      made.json.seats[seat] = { token: taken.json.token, link: taken.json.link };
    }
    return made.json;
  }

  async api(method, path, token, body) {
    const headers = { "content-type": "application/json" };
    // a link's token, or `{ session }`: an account's session cookie, sent as its page would
    if (token && token.session) { headers.cookie = `fiw_session=${token.session}`; headers.origin = this.base; }
    else if (token) headers.authorization = `Bearer ${token}`;
    const r = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    let json = null;
    try { json = JSON.parse(text); } catch { json = null; }
    return { status: r.status, json, text, headers: r.headers };
  }
}

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A browser of its own (a fresh profile directory), with one page that records what it got. */
export async function browser(viewport = { width: 1280, height: 900 }, { answersFrom = "/api/games" } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "fiw-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: FLAGS, viewport,
  });
  const page = context.pages()[0] || await context.newPage();
  const rec = { errors: [], frames: [], answers: [] };
  page.on("console", (m) => { if (m.type() === "error") rec.errors.push(m.text()); });
  page.on("pageerror", (e) => rec.errors.push(String(e)));
  page.on("websocket", (ws) => ws.on("framereceived", (f) => rec.frames.push(String(f.payload))));
  page.on("response", async (r) => {
    if (!r.url().includes(answersFrom)) return;
    try { rec.answers.push(await r.text()); } catch { /* a page that went away */ }
  });
  return {
    page, rec, context,
    async close() { await context.close(); rmSync(profile, { recursive: true, force: true }); },
  };
}

/** A seeded choice, so a failing run can be played again (FIW_WEB_SEED). */
export function rng(seed) {
  let x = seed >>> 0 || 1;
  return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; };
}

const TARGETS = "#board .target[role=button], #under-board .card.target";

/**
 * Makes one decision on the page by clicking: a highlighted target on the board (a piece, a
 * place, a card) or, when none is highlighted, one of the listed actions. No action text is
 * typed. Returns false when the page has nothing to click.
 */
export async function clickOne(page, pick, preferBoard = 0.75) {
  // the page may still be drawing the decision it was just sent (a render can come between
  // the acknowledgement and the new state): wait a little for something to click, as a person would
  await page.waitForFunction((sel) => document.querySelector(sel), `${TARGETS}, #actions button.act, #plan-go:not([disabled])`, { timeout: 5000 }).catch(() => {});
  const plan = page.locator("#plan-go:not([disabled])");
  if (await plan.count()) { await plan.click(); return "plan"; }
  const targets = page.locator(TARGETS);
  const buttons = page.locator("#actions button.act");
  const nt = await targets.count();
  const nb = await buttons.count();
  if (!nt && !nb) return null;
  if (nt && (!nb || pick(100) < preferBoard * 100)) {
    // a target another piece lies over (a household in contact with raiders, clicked at its
    // middle) is passed by for the next; any other failure is the test's. With no listed
    // action to fall back on, the last one tried is waited for as long as a single click
    if (await clickAny(page, TARGETS, pick, { lastWait: nb ? 1500 : 30000, passBy: /intercepts pointer events/ })) return "board";
    if (!nb) throw new Error(`no highlighted target could be clicked (${nt} on the board)`);
  }
  await buttons.nth(pick(nb)).click();
  return "button";
}

/** How many elements `sel` finds on the page. */
export const count = (page, sel) => page.locator(sel).count();

/** Clicks one of the elements `sel` finds, at random; one another lies over is passed by (a
 * person would click the one on top). `lastWait` is the last try's timeout, `passBy` the
 * failures that pass to the next. */
export async function clickAny(page, sel, pick, { lastWait = 1500, passBy = /intercepts pointer events|Timeout/ } = {}) {
  const n = await count(page, sel);
  if (!n) return false;
  const first = pick(n);
  const tries = Math.min(n, 6);
  for (let k = 0; k < tries; k++) {
    try {
      await page.locator(sel).nth((first + k) % n).click({ timeout: k + 1 < tries ? 1500 : lastWait });
      return true;
    } catch (e) {
      if (process.env.FIW_WEB_DEBUG) console.log("passed by:", sel, String(e).split("\n").filter((l) => /intercepts|resolved/.test(l)).slice(0, 2).join(" / "));
      if (!passBy.test(String(e))) throw e;
    }
  }
  return false;
}

/** Waits until it is `seat`'s decision or the game is over (a computer's turn may be long). */
export async function awaitTurn(page, seat) {
  await page.waitForFunction((s) => document.body.dataset.toMove === s || document.body.dataset.over === "1", seat, { timeout: 120000 });
}

/** Waits until the page has drawn again after `renders`. */
export async function drawnAfter(page, renders, ms = 10000) {
  await page.waitForFunction((n) => window.fiwStats && window.fiwStats.renders > n, renders, { timeout: ms });
}

export const renders = (page) => page.evaluate(() => window.fiwStats ? window.fiwStats.renders : 0);

/** Whose decision it is on the page ('' when nobody's), and whether the game is over. */
export async function state(page) {
  return page.evaluate(() => ({ toMove: document.body.dataset.toMove || "", over: document.body.dataset.over === "1", version: Number(document.body.dataset.version || -1) }));
}

/** Where the table point (x, y) inches is on the page, in client pixels (the SVG's data-frame
 * says where the table's inches are drawn). */
export async function tablePoint(page, x, y) {
  return page.evaluate(([x, y]) => {
    const svg = document.querySelector("#board svg.tabletop");
    const [left, top, px, depth] = svg.dataset.frame.split(" ").map(Number);
    const p = new DOMPoint(left + x * px, top + (depth - y) * px).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, [x, y]);
}

/** The centre of an element on the page, in client pixels. */
export async function centreOf(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`nothing on the page is ${selector}`);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

/** Drags with the mouse from `a` to `b` (client pixels) in `steps` moves, holding at the end
 * until `holding()` resolves, then lets go. */
export async function dragFromTo(page, a, b, { steps = 12, holding } = {}) {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(a.x + (b.x - a.x) * i / steps, a.y + (b.y - a.y) * i / steps);
    await page.waitForTimeout(25);
  }
  if (holding) await holding();
  await page.mouse.up();
}

/** The referee of the secrecy scans: crates/server/examples/secret_words.rs. */
/**
 * Makes a game in the lobby as a player would: the game chosen, then each of `choices`
 * (`[select, option]`, in order, each select waited for: the form changes with the game; an
 * option `true` or `false` ticks or clears a checkbox, `{fill: TEXT}` types into a field), then
 * "start". With `open` (the default) the game's page is opened from the lobby's link and its
 * first board awaited; without, the caller reads the links the lobby lists.
 */
export async function lobbyGame(page, server, game, choices, { open = true } = {}) {
  await page.goto(server.base + "/");
  await page.selectOption("#game", game);
  for (const [select, option] of choices) {
    await page.waitForSelector(select);
    if (option && typeof option === "object") await page.fill(select, option.fill);
    else if (option === true) await page.check(select);
    else if (option === false) await page.uncheck(select);
    else await page.selectOption(select, option);
  }
  await page.click("#start");
  if (open) {
    await page.click("#open-game");
    await page.waitForFunction(() => window.fiwStats && window.fiwStats.renders > 0);
  }
}

export const REFEREE = process.env.FIW_SECRET_WORDS || join(ROOT, "target/debug/examples/secret_words");

/** The version a recorded answer or frame is of, or null. */
export function versionOf(text) {
  try { const m = JSON.parse(text); return typeof m.version === "number" ? m.version : (m.fresh ? m.fresh.version : null); } catch { return null; }
}

/**
 * Checks everything each seat's page was sent (WebSocket frames, API answers) and showed (the
 * copies of its DOM in `pages[seat].doms`, each `{version, html}`) against the words the
 * referee says that seat must never see at that version, from the finished game's save and
 * replay; `name` names the files written to OUT. Returns the number of checks made.
 */
export async function scanForSecrets(server, id, token, pages, name) {
  const save = await server.api("GET", `/api/games/${id}/save`, token);
  const replay = await server.api("GET", `/api/games/${id}/replay`, token);
  if (save.status !== 200) throw new Error(`the save is not given out: ${save.text}`);
  writeFileSync(join(OUT, `${name}-save.json`), save.text);
  writeFileSync(join(OUT, `${name}-replay.json`), replay.text);
  const ref = JSON.parse(execFileSync(REFEREE, [join(OUT, `${name}-save.json`), join(OUT, `${name}-replay.json`)], { maxBuffer: 1 << 28 }).toString());
  let checks = 0;
  const lastVersion = ref.words.length - 1;
  for (const [seat, p] of Object.entries(pages)) {
    const index = ref.seats.indexOf(seat);
    const items = [
      ...p.rec.frames.map((t) => ({ where: "WebSocket frame", version: versionOf(t), text: t })),
      ...p.rec.answers.map((t) => ({ where: "API answer", version: versionOf(t), text: t })),
      ...p.doms.map((d) => ({ where: "DOM", version: d.version, text: d.html })),
    ];
    if (items.length <= 100) throw new Error(`the ${seat} page took too little part to be checked (${items.length} things recorded)`);
    for (const it of items) {
      if (it.version === null) continue;
      if (it.text.includes(String(ref.seed))) throw new Error(`the seed reached the ${seat} page`);
      for (const w of ref.words[Math.min(it.version, lastVersion)][index]) {
        checks++;
        if (it.text.includes(w)) throw new Error(`the ${seat} page's ${it.where} at version ${it.version} holds '${w}'`);
      }
    }
  }
  return checks;
}
