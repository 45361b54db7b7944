// The page of an invitation (/join/ID#TOKEN): shows the game's set-up and who holds each seat,
// and takes the seat only when asked, by a click (link previews and mail scanners open
// links). The credential it is given is this browser's own; the invitation is then spent.
// The same page adds a device of a holder's with the one-time code their page showed.

import { call, keptGames, keepGame, GAME_NAMES, SETUP, playersWords, whoAmI, sideName } from "./api.js";
import { h, $ } from "./dom.js";

const id = location.pathname.split("/").pop();
const token = location.hash.slice(1);
// the token stays in the fragment, never in a request line or a Referer
history.replaceState(null, "", location.pathname + location.hash);

const when = (ms) => new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
const holderWords = (x) => x.since == null ? "invitation open" : `${x.name || "anonymous"}, since ${when(x.since)}`;

/** One choice of the game's set-up in the lobby's words (its label, and the option chosen), or
 * null for a switch left off. */
function setupWords(game, key, value) {
  const f = (SETUP[game] || []).find((x) => x.name === key);
  if (f && f.kind === "check") return value === true ? f.label : null;
  if (f) return `${f.label}: ${(f.options.find(([v]) => v === value) || [value, value])[1]}`;
  return `${key.replace(/_/g, " ")}: ${value === true ? "yes" : value === false ? "no" : value}`;
}

/** A seat in words: in the two-player campaign (C11) its side, the seats being `player` (the
 * side chosen at the set-up) and `bot` (the other), and no BOT playing. */
function seatWords(inv, seat) {
  if (inv.game === "campaign" && inv.setup && inv.setup.two_players && (seat === "player" || seat === "bot")) {
    const first = inv.setup.side || "british";
    return sideName(seat === "player" ? first : first === "british" ? "french" : "british");
  }
  return sideName(seat);
}

function fail(msg) {
  $("join-what").textContent = msg;
  $("join").hidden = true;
}

let current = null;
let me = null;

async function main() {
  if (!token) { fail("This link has no invitation in it: open the whole link you were sent (with its # part)."); return; }
  let inv;
  try {
    inv = await call("GET", `/api/games/${id}/invitation`, { token });
  } catch (e) {
    fail(e.status === 404 ? "There is no such game on this server." : e.message);
    return;
  }
  current = inv;
  const game = GAME_NAMES[inv.game] || inv.game;
  const device = inv.kind === "device";
  $("join-h").textContent = device ? "Add this device" : "Take a seat";
  $("join-what").textContent = device
    ? `${game}: a code to play the ${seatWords(inv, inv.seat)} seat on this device too.`
    : `${game}: you are invited to play the ${seatWords(inv, inv.seat)} side.`;
  const setup = Object.entries(inv.setup).map(([k, v]) => setupWords(inv.game, k, v)).filter(Boolean).map((w) => h("li", {}, w));
  setup.push(h("li", {}, playersWords(inv.players.map(([seat, p]) => [seatWords(inv, seat), p]))));
  if (inv.pace) setup.push(h("li", {}, `time control: ${inv.pace.days} days${inv.pace.increment ? `, +${inv.pace.increment} a move` : ""}`));
  if (inv.hints) setup.push(h("li", {}, "hints allowed"));
  if (inv.version) setup.push(h("li", {}, `under way: ${inv.version} entries played`));
  $("join-setup").replaceChildren(...setup);
  $("join-holders").replaceChildren(...inv.holders.map((x) => h("li", {}, `${seatWords(inv, x.seat)}: ${holderWords(x)}`)));
  if (inv.taken) {
    fail(device
      ? `This code was used on ${when(inv.taken.at)}: make a new one on your seat's page.`
      : `This seat was taken by ${inv.taken.by || "someone who gave no name"} on ${when(inv.taken.at)}.`);
    return;
  }
  if (inv.expires && inv.expires < Date.now()) { fail("This code has expired: make a new one on your seat's page."); return; }
  try { me = await whoAmI(); } catch { me = null; }
  const signIn = () => h("a", { href: `/account#next=${encodeURIComponent(location.pathname + location.hash)}` }, "Sign in");
  if (!device && inv.for_account) {
    // addressed to one account: only it, signed in, takes the seat
    if (!me || me.name.toLowerCase() !== inv.for_account.toLowerCase()) {
      fail(`This invitation is for the account ${inv.for_account}: sign in as it to take the seat.`);
      $("join-what").append(" ", signIn());
      return;
    }
  }
  // an account takes the seat under its own name, and plays it signed in on any device
  $("join-name").parentElement.hidden = device || !!me;
  if (!device) $("join-setup").append(h("li", { class: "muted" }, me ? `you take it as your account, ${me.name}` : ["you take it for this browser; ", signIn(), " to take it as your account"]));
  $("join").hidden = false;
  $("join").addEventListener("submit", take);
}

async function take(ev) {
  ev.preventDefault();
  $("take").disabled = true;
  $("join-error").textContent = "";
  // the links of this game this browser holds: a browser holding one seat takes no other
  const held = keptGames().filter((g) => g.id === id && !g.invite).flatMap((g) => g.token.split("+"));
  const name = $("join-name").value.trim();
  try {
    const c = await call("POST", `/api/games/${id}/claim`, { token, body: { name: name || undefined, held } });
    keepGame({ id, game: current.game, seat: c.seat, token: c.token, link: c.link, mine: true, at: Date.now() });
    location.href = c.link;
  } catch (e) {
    $("join-error").textContent = e.message;
    $("take").disabled = false;
  }
}

main();
