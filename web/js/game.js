// The game page (/play/ID#TOKEN): draws the server's view for this seat and makes its legal
// actions clickable. With two tokens (#A+B, the lobby's hot seat) both seats play on one
// screen, and a "pass the screen" step hides each side's board from the other.

import { call, keepGame, GAME_NAMES, sideName, sidesNamed } from "./api.js";
import { h, $ } from "./dom.js";
import { Live } from "./live.js";
import { Picker } from "./actions.js";
import { Log, citedLine } from "./log.js";
import { cited, citeLink } from "./cite.js";
import { Rules } from "./rules.js";
import { Zoom } from "./zoom.js";
import * as louisbourg from "./louisbourg.js";
import * as solitaire from "./solitaire.js";
import * as d3 from "./d3.js";
import * as skirmish from "./skirmish.js";
import * as campaign from "./campaign.js";
import * as textboard from "./textboard.js";
import { Chat } from "./chat.js";
import { pressed, whenLetGo } from "./table.js";

const BOARDS = { louisbourg, solitaire, d3, skirmish, campaign };
const stats = (window.fiwStats = { renders: 0, lastRenderMs: null, boardAt: null, actionsTaken: 0 });

const id = location.pathname.split("/").pop();
const tokens = location.hash.slice(1).split("+").filter(Boolean);
history.replaceState(null, "", location.pathname + location.search + location.hash);

/** One seat's link on this page: its latest message, its log, its live connection. */
class SeatLink {
  constructor(token) {
    this.token = token;
    this.shown = null;
    this.log = null;
    this.live = null;
    this.chat = new Chat();
  }
  get view() { return this.shown && this.shown.view; }
  get deciding() { return !!(this.view && this.view.to_move && this.view.to_move === this.view.seat); }
}

// no token in the link: the seat is the signed-in account's (its session cookie), on any device
const seats = tokens.length ? tokens.map((t) => new SeatLink(t)) : [new SeatLink(null)];
let active = null; // the SeatLink on screen
let covered = false; // the screen is being passed
let reference = null;
let rules = null;
let wasMyTurn = false;
// once the game is over the board is drawn with everything face up (the server's reveal),
// unless the page is asked for the board as its seat saw it
let revealing = true;
const zoom = new Zoom($("board"));
const picker = new Picker((a) => take(a), () => draw());

/** A page with no game to show (a bad link, no seat): the reason, and none of a game's tools. */
function fail(msg) {
  $("prompt").textContent = msg;
  $("status").textContent = "";
  for (const b of ["undo", "hint", "notify", "device", "resign", "rematch", "replay", "reveal", "head-act"]) $(b).hidden = true;
  document.querySelector(".zoom-tools").hidden = true;
  $("board-wrap").hidden = true;
  $("chat-box").hidden = true;
  document.body.dataset.failed = "1";
}

async function main() {
  let first;
  stats.startAt = performance.now();
  try {
    first = await Promise.all(seats.map((s) => call("GET", `/api/games/${id}`, { token: s.token })));
  } catch (e) {
    if (!tokens.length) {
      // neither a link's token nor an account holding a seat of this game
      const msg = e.status === 404 ? "There is no such game on this server."
        : e.status === 401 || e.status === 403 ? "This page needs a seat: open the whole link you were given (with its # part), or sign in with the account that holds a seat of this game."
        : e.message;
      fail(msg);
      if (e.status === 401 || e.status === 403) $("prompt").append(" ", h("a", { href: `/account?next=${encodeURIComponent(location.pathname)}` }, "Sign in"));
      return;
    }
    fail(e.status === 404 ? "There is no such game on this server." : e.status === 403 ? "This link is not a seat of this game." : e.message);
    return;
  }
  first.forEach((shown, i) => {
    const s = seats[i];
    const seatName = shown.view ? shown.view.seat : "spectator";
    s.log = new Log($("log"), `${id}.${seatName}`);
    absorb(s, shown);
  });
  stats.viewAt = performance.now();
  const game = (first[0].view || first[0].public).game;
  try { reference = await call("GET", `/api/reference/${game}`); } catch { reference = null; }
  stats.referenceAt = performance.now();
  if (reference) rules = new Rules(reference.rules);
  if (seats.length === 1 && seats[0].view && seats[0].token) keepGame({ id, game, seat: seats[0].view.seat, token: seats[0].token, link: location.href, mine: true, at: Date.now() });
  pickActive(true);
  for (const s of seats) {
    s.live = new Live(id, s.token, (msg) => { absorb(s, msg); afterChange(); }, (on, why) => {
      $("conn").className = `conn ${on ? "on" : "off"}`;
      $("conn").title = on ? "live: updates arrive as they happen" : why || "reconnecting…";
      if (why) $("refusal").textContent = `Live updates stopped: ${why}. Reload the page to try again.`;
      else online(on);
    });
    s.live.start(s.shown.version);
  }
  wire();
  // back from a hidden tab: the page asks whether it missed anything
  document.addEventListener("visibilitychange", () => { if (!document.hidden) for (const x of seats) if (x.live) x.live.resync(); });
}

/**
 * The connection's state on screen: while the page's socket is down, a banner says so and
 * every action waits (nothing is sent that could not be answered); back live, the banner goes
 * by itself, with any "could not reach the server" left under the prompt.
 */
let offline = false;
function online(on) {
  if (offline === !on) return;
  offline = !on;
  $("offline").hidden = on;
  document.body.classList.toggle("offline", !on);
  document.body.dataset.offline = on ? "" : "1";
  if (on && /fetch|network|reach/i.test($("refusal").textContent)) $("refusal").replaceChildren();
}

/** Takes a message of the server for seat link `s` (an answer or a live update). */
function absorb(s, msg) {
  if (s.shown && msg.version < s.shown.version) return;
  const part = msg.view || msg.public;
  if (!s.log.merge(part.log_start, part.log, part.log_cites)) {
    // lines are missing in between: ask for the whole log again
    call("GET", `/api/games/${id}`, { token: s.token }).then((m) => { s.log.lines = []; absorb(s, m); afterChange(); }).catch(() => {});
  }
  if (msg.chat) s.chat.merge(msg.chat);
  // an action's answer brings no chat: the lines stay as the socket brought them
  s.shown = msg.chat || !s.shown ? msg : { ...msg, chat: s.shown.chat };
  if (s.live) s.live.saw(msg.version);
}

/** Which seat link is on screen: the one that decides, or the one there was. */
function pickActive(initial) {
  const deciding = seats.find((s) => s.deciding);
  const next = deciding || active || seats[0];
  if (next !== active) {
    const passing = !initial && seats.length > 1 && active && next.view && !next.view.outcome;
    active = next;
    picker.set([]);
    if (passing) { cover(`Pass the screen to the ${next.view.seat} player.`); return; }
  }
  draw();
}

function afterChange() {
  pickActive(false);
}

function cover(text) {
  covered = true;
  // nothing of the side that played stays on screen while the screen is passed
  $("board").replaceChildren();
  $("under-board").replaceChildren();
  $("actions").replaceChildren();
  $("log").replaceChildren();
  $("hint-box").replaceChildren();
  $("prompt").textContent = "";
  $("cover-text").textContent = text;
  $("cover").hidden = false;
  $("cover-go").focus();
}

function draw() {
  if (covered || !active || !active.shown) return;
  // a piece held mid-drag: the drawing waits for the drop (table.js says why)
  if (pressed()) { document.body.dataset.drawWaiting = "1"; whenLetGo(draw); return; }
  delete document.body.dataset.drawWaiting;
  if (replay) { drawReplay(); return; }
  const t0 = performance.now();
  const msg = active.shown;
  const v = msg.view;
  if (!v) { drawSpectator(msg); return; }
  picker.set(v.actions);
  const shownAll = !!(msg.reveal && revealing);
  const game = shownAll ? msg.reveal.view : v.view;
  const board = BOARDS[v.game] || textboard;
  const replayable = !!(v.outcome || msg.read_only);
  const ctx = { msg, v, game, ref: reference, picker, under: $("under-board"), log: shownAll ? msg.reveal.log : active.log.lines, check, takeText, openRule, replayFind: replayable ? replayFind : null };
  // the keyboard's place on the board survives the drawing
  const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("[data-place],[data-piece]");
  const focusKey = focused && $("board").contains(focused) ? (focused.dataset.piece ? `[data-piece="${focused.dataset.piece}"]` : `[data-place="${focused.dataset.place}"]`) : null;
  const drawn = board.draw(ctx);
  showBook(board, ctx);
  $("board").replaceChildren(drawn.el);
  if (drawn.width) zoom.attach(drawn.el, drawn.width, drawn.height);
  if (drawn.focus && mineNow(v)) zoom.focus(drawn.focus.key, drawn.focus.x, drawn.focus.y, drawn.focus.w);
  if (focusKey) { const again = $("board").querySelector(`${focusKey}[tabindex]`) || $("board").querySelector("[tabindex]"); if (again) again.focus(); }
  picker.render($("actions"), (a) => (board.noteFor ? board.noteFor(ctx, a) : null), (text) => (board.label ? board.label(ctx, text) : null));
  if (shownAll) drawWholeLog(msg.reveal, holderNames(msg));
  else active.log.render(holderNames(msg));
  drawHolders(msg);
  drawRevealButton(msg);
  drawChat();
  const mine = v.to_move === v.seat;
  const seatName = board.seatName ? board.seatName(ctx) : sideName(v.seat);
  $("title").textContent = `${GAME_NAMES[v.game] || v.game} · ${seatName}${seats.length > 1 ? " (hot seat)" : ""}`;
  const readOnly = !!msg.read_only;
  let prompt;
  if (readOnly) prompt = "This game is shown as far as it replays; it takes no more moves.";
  else if (v.outcome) prompt = outcomeWords(v.outcome, msg);
  else if (mine) prompt = board.prompt ? board.prompt(ctx) : "Your decision.";
  else prompt = `Waiting for the ${seatWords(msg, v.to_move)} side…`;
  drawPrompt(prompt, readOnly || v.outcome ? null : v);
  headPrompt(prompt, mine && !readOnly && !v.outcome ? v.actions : []);
  $("status").textContent = readOnly ? "read-only" : v.outcome ? "game over" : mine ? "your turn" : `${sideName(v.to_move)} to move`;
  drawNotice(msg);
  $("undo").disabled = !v.can_undo;
  $("hint").disabled = !mine;
  $("resign").hidden = !!v.outcome || readOnly;
  // nothing to be told of a game that is over
  $("notify").hidden = !!v.outcome || readOnly;
  $("rematch").hidden = !(v.outcome || readOnly);
  $("replay").hidden = !(v.outcome || readOnly);
  $("rematch").textContent = msg.rematch ? "Join the rematch" : "Rematch";
  drawClock(msg);
  document.title = `${mine && !v.outcome ? "● your turn · " : ""}fiw: ${GAME_NAMES[v.game] || v.game}`;
  if (mine && !wasMyTurn && !v.outcome) notify(`fiw: your turn in ${GAME_NAMES[v.game] || v.game}`);
  wasMyTurn = mine;
  stats.renders++;
  stats.lastRenderMs = performance.now() - t0;
  if (stats.boardAt === null) stats.boardAt = performance.now();
  document.body.dataset.version = msg.version;
  document.body.dataset.toMove = v.to_move || "";
  document.body.dataset.over = v.outcome ? "1" : "";
  document.body.dataset.seat = v.seat || "";
}

// A finished game stepped through entry by entry, forwards and back, with everything shown
// or as one seat saw it (GET /api/games/ID/replay?step=N&seat=all|SEAT, given out once the
// game is over).
let replay = null;
let replaySight = "all";
const still = new Picker(() => {}, () => {});

/** The replay's first sight: everything once the game is over; a read-only game not over, as
 * this seat saw it. */
function startSight() {
  replaySight = active.shown.reveal ? "all" : active.view ? active.view.seat : "";
}

/**
 * Opens the replay at the step `find(entries)` names (a campaign's battle links to the entry
 * that began it), given out as the replay button's is: once the game is over, or read-only.
 */
async function replayFind(find) {
  try {
    // the entries are the whole record whatever the step or sight: an open replay has them
    let entries = replay && replay.entries;
    if (!entries) {
      startSight();
      const seat = replaySight ? `&seat=${encodeURIComponent(replaySight)}` : "";
      entries = (await call("GET", `/api/games/${id}/replay?step=0${seat}`, { token: active.token })).entries;
    }
    const step = find(entries || []);
    if (step != null) replayTo(step);
  } catch (e) {
    refuse(e);
  }
}

async function replayTo(step) {
  try {
    const seat = replaySight ? `&seat=${encodeURIComponent(replaySight)}` : "";
    const r = await call("GET", `/api/games/${id}/replay?step=${step}${seat}`, { token: active.token });
    replay = r;
    drawReplay();
  } catch (e) {
    refuse(e);
  }
}

function drawReplay() {
  const r = replay;
  const shown = r.shown;
  const part = shown.view || shown.public;
  const everything = !!shown.reveal;
  const game = everything ? shown.reveal.view : shown.view ? shown.view.view : shown.public.view;
  const v = shown.view ? { ...shown.view, actions: [] } : { game: part.game, seat: null, to_move: part.to_move, turn: part.turn, actions: [], outcome: part.outcome, view: game };
  const lines = everything ? shown.reveal.log : part.log;
  const lineCites = (everything ? shown.reveal.log_cites : part.log_cites) || [];
  const board = BOARDS[part.game] || textboard;
  const ctx = { msg: shown, v, game, ref: reference, picker: still, under: $("under-board"), log: lines, check, takeText: () => {}, openRule, replayFind };
  still.set([]);
  const drawn = board.draw(ctx);
  $("board").replaceChildren(drawn.el);
  if (drawn.width) zoom.attach(drawn.el, drawn.width, drawn.height);
  const last = r.step > 0 ? r.entries[r.step - 1] : null;
  $("prompt").textContent = `Replay, step ${r.step} of ${r.steps}${last ? `: ${last.seat} ${last.kind === "action" ? "" : `${last.kind} `}${last.text}` : ": the set-up"}`;
  const btn = (label, idName, step, enabled) => h("button", { type: "button", id: idName, disabled: !enabled, onclick: () => replayTo(step) }, label);
  // before the end (a read-only game) a seat steps through only as it saw the game
  const open = !!(active.shown && active.shown.reveal);
  const seatsOffered = open ? (shown.players || []).map(([seat]) => seat) : replaySight ? [replaySight] : [];
  const sights = h("select", { id: "replay-sight", "aria-label": "whose sight the replay shows", onchange: (e) => { replaySight = e.target.value; replayTo(r.step); } },
    open ? h("option", { value: "all" }, "everything shown") : null,
    ...seatsOffered.map((seat) => h("option", { value: seat }, `as the ${seat} side saw it`)));
  sights.value = replaySight;
  sights.hidden = !sights.options.length;
  $("actions").replaceChildren(h("div", { class: "replay-tools" },
    btn("|◀ start", "replay-first", 0, r.step > 0), btn("◀ back", "replay-back", r.step - 1, r.step > 0),
    btn("forward ▶", "replay-next", r.step + 1, r.step < r.steps), btn("end ▶|", "replay-last", r.steps, r.step < r.steps),
    sights,
    h("button", { type: "button", id: "replay-done", onclick: () => { replay = null; draw(); } }, "back to the game")));
  $("log").replaceChildren(...lines.map((l, i) => h("li", {}, ...cited(l, lineCites[i]))));
  $("log").scrollTop = $("log").scrollHeight;
  document.body.dataset.replayStep = r.step;
  document.body.dataset.sight = game ? game.sight || "" : "";
}

/**
 * What the server says of the rules this game is played under: a game that no longer replays
 * under them is read-only (said while it is shown); one brought from an older rules version
 * says what changed, once on this browser.
 */
function drawNotice(msg) {
  const box = $("notice");
  const ro = msg.read_only;
  box.className = "notice";
  if (ro) {
    // another seat's action, and the rule's words on it, are that seat's to read
    const which = ro.text ? ` (“${ro.text}”)` : ro.seat ? `, an action of the ${ro.seat} side,` : "";
    const entry = ro.entry
      ? `Its entry ${ro.entry}${which} no longer replays under rules version ${ro.rules}${ro.reason ? `: ${ro.reason}` : ""}.`
      : `This server plays rules version ${ro.rules}, older than the game's.`;
    box.replaceChildren(h("strong", {}, "Read-only. "), `This game was last played under rules version ${ro.made_under}. ${entry} Its log is kept as far as it goes; a rematch plays it again under the current rules.`);
    box.hidden = false;
    return;
  }
  const r = msg.rules;
  const key = r ? `fiw.rules-note.${id}.${r.version}` : null;
  let seen = true;
  try { seen = !key || !!localStorage.getItem(key); } catch { seen = !key; }
  if (seen) { box.hidden = true; return; }
  box.className = "notice rules-note";
  box.replaceChildren(
    h("strong", {}, `Rules version ${r.version}. `),
    `This game was last played under version ${r.made_under} and goes on under ${r.version}; every move so far still stands. What changed:`,
    h("ul", {}, ...(r.changes.length ? r.changes : ["(no change listed)"]).map((c) => h("li", {}, c))),
    h("button", { type: "button", id: "notice-ok", onclick: () => { try { localStorage.setItem(key, "1"); } catch { /* private mode */ } box.hidden = true; } }, "Understood"));
  box.hidden = false;
}

/** Each side's holder's name, by side, for the log. */
function holderNames(msg) {
  return Object.fromEntries((msg.holders || []).filter((x) => x.name).map((x) => [x.seat, x.name]));
}

/** A seat as the page names it: its side where the seat's own name says less (the two-player
 * campaign's seats, "player" and "bot", are each a side and no BOT plays; C11). */
function seatWords(msg, seat) {
  const part = msg.view || msg.public;
  const g = part && part.view;
  const b = g && g.map && g.map.board;
  if (b && b.two_players && (seat === "player" || seat === "bot")) {
    const other = b.player === "british" ? "french" : "british";
    return sideName(seat === "player" ? b.player : other);
  }
  return sideName(seat);
}

/** A game's end as its page says it: who won and why, the sides as the map writes them. */
function outcomeWords(o, msg) {
  const who = msg ? seatWords(msg, o.winner) : sideName(o.winner);
  return o.winner ? `Game over: the ${who} side wins (${sidesNamed(o.reason)}).` : `Game over: a draw (${sidesNamed(o.reason)}).`;
}

/** Who holds each side and since when, and whether the game is a hot seat: on every page. */
function drawHolders(msg) {
  const when = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
  const parts = (msg.holders || []).map((x) => x.since == null
    ? `${seatWords(msg, x.seat)}: invitation open`
    : `${seatWords(msg, x.seat)}: ${x.name || "anonymous"} (since ${when(x.since)})`);
  $("holders").replaceChildren(...(msg.hot_seat ? [h("span", { class: "hot", id: "hot-seat-badge" }, "hot seat")] : []), parts.join(" · "));
}

/**
 * A spectator's page: the board as someone who holds no seat sees it (the server's public
 * view: blocks face down, hands as counts, hidden units unseen), its public log, and once the
 * game is over the reveal.
 */
function drawSpectator(msg) {
  const t0 = performance.now();
  const p = msg.public;
  const shownAll = !!(msg.reveal && revealing);
  const game = shownAll ? msg.reveal.view : p.view;
  const board = BOARDS[p.game] || textboard;
  const v = { game: p.game, seat: null, to_move: p.to_move, turn: p.turn, actions: [], outcome: p.outcome, view: game, board: "" };
  picker.set([]);
  const ctx = { msg, v, game, ref: reference, picker, under: $("under-board"), log: shownAll ? msg.reveal.log : active.log.lines, check: () => Promise.resolve({ legal: false }), takeText: () => {}, openRule };
  if (game) {
    const drawn = board.draw(ctx);
    $("board").replaceChildren(drawn.el);
    if (drawn.width) zoom.attach(drawn.el, drawn.width, drawn.height);
  } else {
    $("board").replaceChildren();
    $("under-board").replaceChildren();
  }
  $("actions").replaceChildren();
  drawHolders(msg);
  drawRevealButton(msg);
  drawChat();
  $("title").textContent = `${GAME_NAMES[p.game] || p.game} · watching`;
  const over = p.outcome ? outcomeWords(p.outcome, msg) : null;
  $("prompt").textContent = msg.read_only ? "This game is read-only." : over || `You are watching: the ${seatWords(msg, p.to_move)} side to move. Each side's hidden pieces stay hidden from you until the game is over.`;
  headPrompt($("prompt").textContent, []);
  $("status").textContent = p.outcome ? "game over" : `${sideName(p.to_move)} to move`;
  drawNotice(msg);
  drawClock(msg);
  for (const b of ["undo", "hint", "resign", "notify", "device", "rematch"]) $(b).hidden = true;
  $("replay").hidden = !(p.outcome && !msg.read_only);
  if (shownAll) drawWholeLog(msg.reveal, holderNames(msg));
  else active.log.render(holderNames(msg));
  stats.renders++;
  stats.lastRenderMs = performance.now() - t0;
  if (stats.boardAt === null) stats.boardAt = performance.now();
  document.body.dataset.version = msg.version;
  document.body.dataset.toMove = p.to_move || "";
  document.body.dataset.over = p.outcome ? "1" : "";
  document.body.dataset.seat = "spectator";
  document.body.dataset.sight = game ? game.sight || "" : "";
}

/** The chat of the seat link on screen (in a hot seat, the players' room is one). */
function drawChat() {
  const s = active;
  const seat = s.view ? s.view.seat : null;
  s.chat.render($("chat-box"), $("chat"), $("chat-title"), {
    seat,
    mute: seat ? (other, on) => call("PUT", `/api/games/${id}/chat/mute`, { token: s.token, body: { seat: other, mute: on } }).catch((e) => { $("chat-error").textContent = e.message; }) : null,
    report: seat ? (n) => call("POST", `/api/games/${id}/chat/report`, { token: s.token, body: { n, why: "reported from the game page" } }) : null,
  });
}

async function say(e) {
  e.preventDefault();
  const input = $("chat-text");
  const text = input.value.trim();
  if (!text) return;
  $("chat-error").textContent = "";
  try {
    await call("POST", `/api/games/${id}/chat`, { token: active.token, body: { text } });
    input.value = "";
  } catch (err) {
    $("chat-error").textContent = err.message;
  }
}

/**
 * The prompt in the header, which stays on screen, with the action most decisions need next:
 * a plan's confirm when the board offers one, else the one action there is, or the action
 * that ends a step (land, pass, done); nothing when the choice is among many.
 */
const NEXT = /^(land|pass|done|end|confirm|ready)\b/;
function headPrompt(text, actions) {
  $("head-prompt").textContent = text;
  const b = $("head-act");
  const plan = document.getElementById("plan-go");
  let act = null;
  let label = null;
  if (plan) { label = plan.textContent; act = plan.disabled ? null : () => plan.click(); }
  else if (actions.length === 1) { label = actions[0].text; act = () => take(actions[0]); }
  else {
    const a = actions.find((x) => NEXT.test(x.text));
    if (a) { label = a.text; act = () => take(a); }
  }
  b.hidden = !label;
  b.disabled = !act;
  b.textContent = label ? (label.length > 40 ? `${label.slice(0, 39)}…` : label) : "";
  b.onclick = act;
}

/**
 * The prompt, its citations links to the rules: the game's own words when the page shows them
 * (Louisbourg's), else the page's words followed by the sections the game's words cite.
 */
function drawPrompt(text, v) {
  const box = $("prompt");
  if (!v || !v.prompt) { box.textContent = text; return; }
  const cites = v.prompt_cites || [];
  if (text === v.prompt) { box.replaceChildren(...cited(text, cites)); return; }
  const sections = [...new Set(cites.map((c) => c[2]))];
  box.replaceChildren(text, ...(sections.length ? [" (rule ", ...sections.flatMap((sec, i) => (i ? [", ", citeLink(sec)] : [citeLink(sec)])), ")"] : []));
}

/** Whether the seat shown decides now (its board may go to where it acts). */
function mineNow(v) {
  return !!v.seat && v.to_move === v.seat && !v.outcome;
}

/** A side's name as the rules write it ("british" is British; solitaire's bot the BOT). */
/** Every line of a finished game's log (the reveal's), each seat's own lines with the rest. */
function drawWholeLog(reveal, names) {
  const cites = reveal.log_cites || [];
  $("log").replaceChildren(...reveal.log.map((l, i) => h("li", {}, ...citedLine(l, cites[i], names))));
  $("log").scrollTop = $("log").scrollHeight;
}

/** The reveal's switch, once the game is over: everything face up, or as this page saw it. */
function drawRevealButton(msg) {
  const b = $("reveal");
  b.hidden = !msg.reveal;
  b.setAttribute("aria-pressed", String(revealing));
  b.textContent = revealing ? "Everything shown" : (msg.view ? "As you saw it" : "As spectators saw it");
  document.body.dataset.sight = msg.reveal && revealing ? "whole" : (msg.view ? "seat" : "public");
}

/** Each human seat's time left, in a game with a time control (docs/api.md: clock). */
function drawClock(msg) {
  const c = msg.clock;
  if (!c || !c.seats) { $("clock").textContent = ""; return; }
  const words = (ms) => {
    const m = Math.max(0, Math.floor(ms / 60000));
    const d = Math.floor(m / 1440), hr = Math.floor((m % 1440) / 60), min = m % 60;
    return d ? `${d}d ${hr}h` : hr ? `${hr}h ${min}m` : `${min}m`;
  };
  $("clock").textContent = c.seats.map((s) => {
    const left = s.running && s.deadline ? s.deadline - Date.now() : s.left_ms;
    return `${s.seat} ${words(left)}${s.running ? " (running)" : ""}`;
  }).join(" · ");
}

function notify(text) {
  if (!document.hidden) return;
  if ("Notification" in window && Notification.permission === "granted") {
    try { new Notification(text); } catch { /* a page without the right to notify */ }
  }
}

function refuse(e) {
  const box = $("refusal");
  box.replaceChildren();
  const b = e.body || {};
  if (b.rule && b.rule !== "input" && rules) {
    box.append("Refused by rule ", citeLink(b.rule), ": ", ...cited(b.message, b.cites), " ", h("button", { type: "button", class: "rule-link", onclick: () => rules.open(b.rule) }, `read ${b.rule}`));
  } else if (b.message) {
    box.append(...cited(b.message, b.cites));
  } else {
    box.append(b.message || e.message);
  }
}

async function post(path, body) {
  if (offline) { $("refusal").textContent = "Not sent: the connection is lost; the page is reconnecting."; return; }
  const s = active;
  const since = s.log.lines.length;
  try {
    const msg = await call("POST", `/api/games/${id}${path}`, { token: s.token, body: { ...body, version: s.shown.version, since } });
    $("refusal").replaceChildren();
    $("hint-box").replaceChildren();
    const t0 = performance.now();
    absorb(s, msg);
    if (path === "/actions") s.log.decided();
    pickActive(false);
    stats.actionsTaken++;
    stats.lastAckToDrawMs = performance.now() - t0;
  } catch (e) {
    if (e.status === 409 && e.body.fresh) { absorb(s, e.body.fresh); pickActive(false); }
    refuse(e);
  }
}

let busy = false;
async function take(a) {
  if (busy) return;
  busy = true;
  try { await post("/actions", { index: a.index }); } finally { busy = false; }
}

/** Takes an action given by its text: an order a board made (a dropped ghost base's place). */
async function takeText(text) {
  if (busy) return;
  busy = true;
  try { await post("/actions", { action: text }); } finally { busy = false; }
}

/** Asks the server whether an order would be legal now, taking nothing (POST …/check):
 * {legal: true} or {legal: false, rule, message}. */
function check(text) {
  return call("POST", `/api/games/${id}/check`, { token: active.token, body: { action: text } });
}

/** The rules panel holds the game's own book and, for a game that holds others (the
 * campaign's map and battles), the book of the part on screen, so that what it cites opens. */
const books = new Map();
function showBook(board, ctx) {
  if (!rules || !reference || !board.book) return;
  const name = board.book(ctx);
  const inner = reference.books && reference.books[name];
  if (!inner) { rules.setBook(reference.rules); return; }
  if (!books.has(name)) {
    books.set(name, {
      sections: [...reference.rules.sections, ...inner.sections],
      assumed: [...reference.rules.assumed, ...inner.assumed],
    });
  }
  rules.setBook(books.get(name));
}

/** Opens the rules panel at the section a refusal cites. */
function openRule(section) {
  if (rules) rules.open(section);
}

async function hint() {
  const box = $("hint-box");
  box.replaceChildren("The AI is thinking…");
  try {
    const r = await call("GET", `/api/games/${id}/hint`, { token: active.token });
    box.replaceChildren(h("p", {}, `${r.ai}, ${r.iterations} playouts in ${r.seconds.toFixed(2)} s:`),
      h("ol", {}, ...r.choices.map((c) => h("li", {}, h("button", { type: "button", class: "copy", onclick: () => take({ index: c.index }) }, c.text),
        ` wins ${(100 * c.value).toFixed(0)} % of ${c.playouts} playouts${c.heuristic ? " (the heuristic's choice)" : ""}`))));
  } catch (e) {
    box.replaceChildren(e.message);
  }
}

let resignArmed = null;
function resign() {
  if (!resignArmed) {
    $("resign").textContent = "Really resign?";
    resignArmed = setTimeout(() => { resignArmed = null; $("resign").textContent = "Resign"; }, 4000);
    return;
  }
  clearTimeout(resignArmed);
  resignArmed = null;
  $("resign").textContent = "Resign";
  post("/resign", {});
}

async function rematch() {
  try {
    const r = await call("POST", `/api/games/${id}/rematch`, { token: active.token });
    const both = Object.values(r.seats || {});
    if (both.length) keepGame({ id: r.id, game: active.view.game, seat: "hot seat", token: both.map((x) => x.token).join("+"), link: r.link, mine: true, at: Date.now() });
    else keepGame({ id: r.id, game: active.view.game, seat: r.seat, token: r.token, link: r.link, mine: true, at: Date.now() });
    for (const [seat, inv] of Object.entries(r.invitations || {})) keepGame({ id: r.id, game: active.view.game, seat, token: inv.token, link: inv.link, mine: false, invite: true, at: Date.now() });
    location.href = r.link;
  } catch (e) {
    refuse(e);
  }
}

/** A one-time code for another device of this seat's holder: shown here only, used once. */
async function addDevice() {
  const box = $("device-box");
  try {
    const d = await call("POST", `/api/games/${id}/device`, { token: active.token });
    const until = new Date(d.expires).toLocaleTimeString(undefined, { timeStyle: "short" });
    box.replaceChildren(
      h("strong", {}, "Another device of yours. "),
      `Open this link on it before ${until}; it works once, and only for your ${active.view.seat} seat: `,
      h("a", { href: d.link, id: "device-link" }, d.link), " ",
      h("button", { type: "button", onclick: () => { box.hidden = true; box.replaceChildren(); } }, "close"));
    box.hidden = false;
  } catch (e) {
    refuse(e);
  }
}

/**
 * How this seat hears it is its turn: a notice of this browser while the page is open, a
 * webhook (a Discord channel's, or any address taking fiw's JSON) when it is not, and, for a
 * seat an account holds, the account's mail notices.
 */
async function notifyBox() {
  const box = $("notify-box");
  if (!box.hidden) { box.hidden = true; return; }
  const close = h("button", { type: "button", onclick: () => { box.hidden = true; } }, "close");
  const browserState = h("span", { class: "muted", id: "notify-state" });
  const browserButton = h("button", { type: "button", id: "notify-browser" }, "Notices in this browser");
  const showBrowser = () => {
    browserState.textContent = !("Notification" in window) ? "this browser has none"
      : Notification.permission === "granted" ? "on: a notice when it is your turn, while this page is open"
        : Notification.permission === "denied" ? "refused (the browser's site settings can allow them)" : "";
  };
  browserButton.addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    showBrowser();
  });
  showBrowser();
  const url = h("input", { type: "url", id: "webhook-url", placeholder: "https://discord.com/api/webhooks/…", size: "40", "aria-label": "the webhook's address" });
  const format = h("select", { id: "webhook-format", "aria-label": "the webhook's format" },
    h("option", { value: "" }, "by the address"), h("option", { value: "discord" }, "Discord"), h("option", { value: "fiw" }, "fiw's JSON"));
  const hookState = h("div", { class: "muted", id: "webhook-state" });
  const err = h("p", { class: "error", role: "alert" });
  const showHook = (w) => {
    url.value = w.url || "";
    format.value = w.url ? (w.format || "") : "";
    const last = w.last_error ? `the last delivery failed (${w.last_error})` : w.last_ok_at ? `last delivered ${new Date(w.last_ok_at).toLocaleString()}` : w.url ? "nothing sent yet" : "none set";
    hookState.textContent = w.url ? `${w.format === "discord" ? "Discord" : "fiw's JSON"}: ${last}` : last;
  };
  const save = h("button", { type: "button", id: "webhook-save" }, "Save the webhook");
  const remove = h("button", { type: "button", id: "webhook-remove" }, "Remove it");
  save.addEventListener("click", async () => {
    err.textContent = "";
    try {
      const body = { url: url.value.trim() };
      if (format.value) body.format = format.value;
      showHook(await call("PUT", `/api/games/${id}/webhook`, { token: active.token, body }));
    } catch (e) { err.textContent = e.message; }
  });
  remove.addEventListener("click", async () => {
    err.textContent = "";
    try { await call("DELETE", `/api/games/${id}/webhook`, { token: active.token }); showHook({ url: null }); } catch (e) { err.textContent = e.message; }
  });
  box.replaceChildren(
    h("div", {}, h("strong", {}, "While this page is open: "), browserButton, " ", browserState),
    h("div", { class: "row" }, h("strong", {}, "Away from it, a webhook: "), "your turn, the game's end, a resignation and a rematch are posted to it (only your seat sees its address). ",
      url, " ", format, " ", save, " ", remove, hookState, err),
    h("div", { class: "row" }, h("strong", {}, "By mail: "), active.token ? "an account's seat (posted in or taken from the lobby, or an invitation taken signed in) gets mail notices, set on " : "your account's notices are set on ",
      h("a", { href: "/account" }, "your account page"), "."),
    close);
  box.hidden = false;
  try { showHook(await call("GET", `/api/games/${id}/webhook`, { token: active.token })); } catch (e) { hookState.textContent = e.message; }
}

function wire() {
  $("device").addEventListener("click", addDevice);
  $("undo").addEventListener("click", () => post("/undo", {}));
  $("hint").addEventListener("click", hint);
  $("resign").addEventListener("click", resign);
  $("rematch").addEventListener("click", rematch);
  $("replay").addEventListener("click", () => {
    startSight();
    replayTo(0);
  });
  $("reveal").addEventListener("click", () => { revealing = !revealing; draw(); });
  $("chat-form").addEventListener("submit", say);
  $("rules-btn").addEventListener("click", () => rules && rules.toggle());
  $("zoom-in").addEventListener("click", () => zoom.scale(0.8));
  $("zoom-out").addEventListener("click", () => zoom.scale(1.25));
  $("zoom-reset").addEventListener("click", () => zoom.reset());
  $("notify").addEventListener("click", notifyBox);
  $("cover-go").addEventListener("click", () => {
    covered = false;
    $("cover").hidden = true;
    draw();
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, textarea, select")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!$("cover").hidden) return;
    const k = e.key;
    if (replay && (k === "ArrowLeft" || k === "ArrowRight")) { replayTo(Math.max(0, Math.min(replay.steps, replay.step + (k === "ArrowLeft" ? -1 : 1)))); return; }
    if (k === "Escape") picker.clear();
    else if (k === "u" && !$("undo").disabled) post("/undo", {});
    else if (k === "h" && !$("hint").disabled) hint();
    else if (k === "r" && rules) rules.toggle();
    else if (k === "/" && rules) { e.preventDefault(); rules.open(); }
    else if (k === "+" || k === "=") zoom.scale(0.8);
    else if (k === "-") zoom.scale(1.25);
    else if (k === "0") zoom.reset();
    else if (/^[1-9]$/.test(k)) {
      const b = $("actions").querySelectorAll("button.act")[Number(k) - 1];
      if (b) b.click();
    }
  });
  window.addEventListener("hashchange", () => location.reload());
}

main();
