// The JSON API of `fiw serve` (docs/api.md), with the seat's token as a bearer token.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Calls the API; a 429 is waited out and tried again (a few times). */
export async function call(method, path, { token, body } = {}) {
  for (let attempt = 0; ; attempt++) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch { data = null; }
    if (res.status === 429 && attempt < 4) {
      const wait = Number(res.headers.get("retry-after") || "1");
      await sleep(Math.min(5, Math.max(1, wait)) * 1000);
      continue;
    }
    if (!res.ok) throw new ApiError(res.status, data);
    return data;
  }
}

/** The games this browser holds links to, kept in localStorage. */
const KEY = "fiw.games";

export function keptGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

export function keepGame(entry) {
  const all = keptGames().filter((g) => !(g.id === entry.id && g.token === entry.token));
  all.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 200)));
}

export function forgetGames(pred) {
  localStorage.setItem(KEY, JSON.stringify(keptGames().filter((g) => !pred(g))));
}

// The set-up choices the server takes (docs/api.md, POST /api/games), by game, as the lobby
// offers them and the invitation page says them.
export const SETUP = {
  louisbourg: [
    { name: "solitaire_setup", kind: "check", label: "the French set up as the rulebook fixes it (14), not by choice" },
    { name: "open", kind: "check", label: "open play: every block face up, one person at the table (14)" },
  ],
  solitaire: [
    { name: "side", kind: "select", label: "Your side", options: [["british", "British"], ["french", "French"]] },
  ],
  d3: [
    { name: "scenario", kind: "select", label: "Scenario", options: [["fort-oswego", "Fort Oswego"], ["meeting", "Meeting engagement"]] },
  ],
  skirmish: [
    { name: "scenario", kind: "select", label: "Scenario", options: [["relief-column", "Relief column"], ["raid", "Raid"], ["siege-sortie", "Siege sortie"]] },
  ],
  campaign: [
    { name: "side", kind: "select", label: "The player's side (the other seat takes the other)", options: [["british", "British"], ["french", "French"]] },
    { name: "two_players", kind: "check", label: "two players: a second person takes the other side in the BOT's place, on the map and in every battle (C11)" },
  ],
};

/** Who may play a side, as the lobby offers it. */
export const PLAYERS = [["human", "a person"], ["ai", "the AI (search)"], ["heuristic", "the heuristic player"], ["random", "random moves"]];

/** `[[side, player], …]` in the lobby's words: "British: a person; French: the AI (search)". */
export function playersWords(players) {
  const words = { ...Object.fromEntries(PLAYERS), bot: "the BOT's charts" };
  return players.map(([s, p]) => `${sideName(s)}: ${words[p] || p}`).join("; ");
}

/** The two sides as the maps and the rules write them; seats and sides travel as ids. */
export const SIDE_NAMES = { british: "British", french: "French" };

/** A side or seat as a player reads it ("british" is British, Solitaire's "bot" the BOT). */
export function sideName(seat) {
  return { ...SIDE_NAMES, bot: "BOT", player: "player", neutral: "Neutral" }[seat] || seat;
}

/** A game's own words with its sides as the map writes them: an outcome's reason is stored
 * with the sides' ids ("the british army's resolve is gone"), and shown with their names. */
export function sidesNamed(text) {
  return String(text).replace(/\b(british|french)\b/g, (w) => sideName(w));
}

export const GAME_NAMES = {
  louisbourg: "Louisbourg 1758",
  solitaire: "French & Indian War: Solitaire",
  d3: "D3 Horse & Musket",
  skirmish: "Skirmish",
  campaign: "The French & Indian War campaign",
};

/** "3 h", "2 days": how long ago (or how long left), roughly, as a player reads it. */
export function ago(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 90) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} min`;
  const hr = Math.round(m / 60);
  if (hr < 36) return `${hr} h`;
  return `${Math.round(hr / 24)} days`;
}

/** An account's game (GET /api/account's `games`, the lobby's `games`) in a line's words. */
export function gameWords(g) {
  const what = `${GAME_NAMES[g.game] || g.game}, ${sideName(g.side || g.seat)} against ${g.opponent || "?"}`;
  if (g.result) {
    const r = g.result;
    const end = r.winner ? (r.winner === g.seat ? "won" : "lost") : "drawn";
    return { what, state: `${end} (turn ${r.turn}: ${sidesNamed(r.reason)})`, over: true, end };
  }
  const clock = (g.clock && g.clock.seats || []).find((c) => c.seat === g.seat);
  const left = clock ? `, your clock ${ago(clock.left_ms)}` : "";
  const state = g.yours ? `your move (turn ${g.turn})${left}` : `${g.to_move ? sideName(g.to_move_side || g.to_move) : "?"} to move (turn ${g.turn})`;
  return { what, state: `${state}, last move ${ago(g.since_last_move_ms)} ago`, over: false, yours: !!g.yours };
}

/** The account signed in on this browser, or null. */
export async function whoAmI() {
  const s = await call("GET", "/api/account/session");
  if (!s.signed_in) return null;
  try { return await call("GET", "/api/account"); } catch (e) { if (e.status === 401) return null; throw e; }
}
