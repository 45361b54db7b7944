// The lobby: make a game (which game, its set-up, who plays each side) and list the games
// whose links this browser keeps, with whose turn it is. With an account: the public list of
// open games (live), taken with a click; posting one; and the account's games on every
// device, live.

import { call, keptGames, keepGame, forgetGames, GAME_NAMES, SETUP, PLAYERS, gameWords, playersWords, whoAmI, ago, sideName } from "./api.js";
import { h, $ } from "./dom.js";

const refs = {};
async function reference(game) {
  if (!refs[game]) refs[game] = call("GET", `/api/reference/${game}`);
  return refs[game];
}

// Start waits until the seats drawn are the chosen game's: a game made with the seats of the
// game shown before would be refused by the server (or, worse, made with the wrong players).
let drawing = 0;
async function drawForm() {
  const game = $("game").value;
  const mine = ++drawing;
  $("start").disabled = true;
  const fields = $("setup-fields");
  fields.replaceChildren(...SETUP[game].map((f) => f.kind === "check"
    ? h("label", { class: "check" }, h("input", { type: "checkbox", name: f.name, onchange: f.name === "two_players" ? async () => drawSeats(game, await reference(game)) : null }), f.label)
    : h("label", {}, `${f.label} `, h("select", { name: f.name }, ...f.options.map(([v, t]) => h("option", { value: v }, t))))));
  let ref;
  try {
    ref = await reference(game);
  } catch (e) {
    refs[game] = null;
    if (mine === drawing) $("create-error").textContent = `the server did not give this game's seats: ${e.message}`;
    return;
  }
  if (mine !== drawing) return;
  drawSeats(game, ref);
  $("create-error").textContent = "";
  $("start").disabled = false;
}

/** The seat rows of `game`: a seat the rules play is shown as theirs, unless the two-player
 * campaign (C11) gives it to a second person. */
function drawSeats(game, ref) {
  const two = game === "campaign" && !!document.querySelector('input[name="two_players"]:checked');
  const seatLabel = (seat) => (game === "campaign" ? (seat === "player" ? "player (the side chosen above)" : two ? "second player (the other side)" : sideName(seat)) : sideName(seat));
  const seats = $("seats");
  const rows = ref.seats.map((seat, i) => {
    if (ref.rules_seats[seat] && !two) return h("label", {}, seatLabel(seat), h("span", { class: "muted" }, `played by the rules (${ref.rules_seats[seat]})`));
    const sel = h("select", { name: `player-${seat}`, "data-seat": seat, onchange: drawMineChoice }, ...PLAYERS.map(([v, t]) => h("option", { value: v }, t)));
    sel.value = i === 0 || two ? "human" : "ai";
    return h("label", {}, seatLabel(seat), sel);
  });
  seats.replaceChildren(h("legend", {}, "Who plays each side"), ...rows,
    h("label", { id: "yours-row" }, "Your side ", h("select", { name: "yours", id: "yours" })),
    h("label", { class: "check", id: "hot-row" }, h("input", { type: "checkbox", name: "hot_seat", id: "hot-seat", onchange: drawMineChoice }), "both sides on this screen (hot seat: one person, or two taking turns at one screen)"),
    h("label", {}, "Your name ", h("input", { name: "name", id: "your-name", maxlength: "40", placeholder: "anonymous" })),
    h("label", { id: "invite-row" }, "Invitation for the account ", h("input", { name: "invite", id: "invite-account", maxlength: "24", placeholder: "anyone with the link" })));
  drawMineChoice();
}

/** Which side is the creator's: one of the sides a person plays; the others get invitations. */
function drawMineChoice() {
  const people = [...document.querySelectorAll("select[data-seat]")].filter((s) => s.value === "human").map((s) => s.dataset.seat);
  const yours = $("yours");
  if (!yours) return;
  const was = yours.value;
  yours.replaceChildren(...people.map((s) => h("option", { value: s }, sideName(s))));
  if (people.includes(was)) yours.value = was;
  $("hot-row").hidden = people.length < 2;
  if (people.length < 2) $("hot-seat").checked = false;
  $("yours-row").hidden = people.length < 1 || $("hot-seat").checked;
  $("invite-row").hidden = people.length < 2 || $("hot-seat").checked;
}

function linkItem(label, link, note) {
  const copy = h("button", { type: "button", class: "copy", onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) }, "copy");
  return h("li", {}, h("strong", {}, label), " ", h("a", { href: link }, link), " ", copy, note ? h("div", { class: "muted" }, note) : null);
}

async function create(ev) {
  ev.preventDefault();
  const form = ev.target;
  const game = $("game").value;
  const setup = {};
  for (const f of SETUP[game]) {
    const el = form.elements[f.name];
    if (f.kind === "check") { if (el.checked) setup[f.name] = true; } else setup[f.name] = el.value;
  }
  const players = {};
  for (const sel of form.querySelectorAll("select[data-seat]")) players[sel.dataset.seat] = sel.value;
  $("create-error").textContent = "";
  $("start").disabled = true;
  try {
    const body = { game, setup, players, hints: $("hints").checked };
    if ($("pace").value) {
      const [days, increment, cap] = $("pace").value.split(",").map(Number);
      body.pace = increment === undefined ? { days } : { days, increment, cap };
    }
    const hot = $("hot-seat").checked;
    if (hot) body.hot_seat = true;
    else if ($("yours").value) body.seat = $("yours").value;
    if ($("your-name").value.trim()) body.name = $("your-name").value.trim();
    const invited = $("invite-account").value.trim();
    if (invited && !hot) {
      // the other side a person plays: its invitation is for that account only
      const other = [...form.querySelectorAll("select[data-seat]")].find((x) => x.value === "human" && x.dataset.seat !== body.seat);
      if (other) body.invite = { [other.dataset.seat]: invited };
    }
    const made = await call("POST", "/api/games", { body });
    const list = $("made-links");
    list.replaceChildren();
    const mine = Object.entries(made.seats);
    // this browser keeps only the seats it holds: its own, or both in a hot seat it asked for
    if (made.hot_seat) {
      keepGame({ id: made.id, game, seat: "hot seat", token: mine.map(([, s]) => s.token).join("+"), link: made.link, mine: true, at: Date.now() });
      list.append(linkItem("Hot seat:", made.link, "both sides on this screen, each side's secrets hidden while the screen is passed; everyone who looks at the game is told it is a hot seat"));
    } else if (mine.length) {
      const [seat, { token, link }] = mine[0];
      keepGame({ id: made.id, game, seat, token, link, mine: true, at: Date.now() });
      list.append(linkItem(`You (${sideName(seat)}):`, link, "your seat: open it to play"));
    }
    for (const [seat, { token, link }] of Object.entries(made.invitations)) {
      keepGame({ id: made.id, game, seat, token, link, mine: false, invite: true, at: Date.now() });
      list.append(linkItem(`Invitation, ${sideName(seat)}:`, link, "send it to your friend: whoever opens it first and takes the seat holds it, and the link is then spent"));
    }
    list.append(linkItem("Spectators:", made.spectator.link, "sees only what both sides see"));
    // the two-player campaign's seats by side (its `player` the side chosen, `bot` the other)
    const two = game === "campaign" && setup.two_players;
    const other = setup.side === "french" ? "british" : "french";
    const named = Object.entries(players).map(([seat, p]) => [two ? (seat === "player" ? setup.side || "british" : other) : seat, p]);
    $("made-what").textContent = `${GAME_NAMES[game]}: ${playersWords(named)}`;
    $("made").hidden = false;
    if (made.link) {
      const open = h("a", { href: made.link, id: "open-game", class: "open-game" }, made.hot_seat ? "Open the hot seat now" : "Open your seat now");
      $("made-what").append(" ", open);
    }
    drawMine();
  } catch (e) {
    $("create-error").textContent = e.message;
  } finally {
    $("start").disabled = false;
  }
}

async function drawMine() {
  const kept = keptGames();
  const mine = kept.filter((g) => g.mine);
  const list = $("mine");
  if (!mine.length) { list.replaceChildren(h("li", { class: "muted" }, "none yet")); return; }
  list.replaceChildren(...mine.map((g) => {
    const turn = h("span", { class: "muted" }, "…");
    const invites = kept.filter((i) => i.invite && i.id === g.id);
    const li = h("li", { "data-id": g.id }, h("a", { href: g.link }, `${GAME_NAMES[g.game] || g.game}`), h("span", {}, sideName(g.seat)), turn,
      ...invites.map((i) => {
        const state = h("span", { class: "muted invite-state" }, "…");
        call("GET", `/api/games/${g.id}/invitation`, { token: i.token }).then((inv) => {
          state.textContent = inv.taken ? `taken by ${inv.taken.by || "someone who gave no name"}` : "open";
        }).catch((e) => { state.textContent = e.message; });
        return h("div", { class: "muted" }, `invitation, ${sideName(i.seat)}: `, h("a", { href: i.link }, "link"), " ", state);
      }));
    const token = g.token.split("+")[0];
    call("GET", `/api/games/${g.id}`, { token }).then((shown) => {
      const v = shown.view;
      g.over = !!v.outcome;
      if (v.outcome) turn.textContent = v.outcome.winner ? `over: the ${v.outcome.winner} side won` : "over: a draw";
      else if (g.seat === "hot seat" || v.to_move === v.seat) { turn.textContent = "your turn"; turn.className = "turn-yours"; }
      else turn.textContent = `${v.to_move}'s turn`;
      li.dataset.over = v.outcome ? "1" : "";
    }).catch((e) => { turn.textContent = e.status === 404 ? "gone from the server" : e.message; });
    return li;
  }));
}

// ---- the public lobby (an account's) ----

let me = null;

function paceWords(p) {
  if (!p) return "no clock";
  const days = (d) => `${d} day${d === 1 ? "" : "s"}`;
  // a bank filled again each move to its start is "N days a move"
  if (!p.increment || (p.increment === p.days && p.cap === p.days)) return `${days(p.days)} a move`;
  return `${days(p.days)}, +${p.increment} a move, at most ${p.cap}`;
}

function drawOpen(open) {
  const list = $("open-games");
  if (!open.length) { list.replaceChildren(h("li", { class: "muted" }, "none open now: post one")); return; }
  list.replaceChildren(...open.map((g) => {
    const scenario = g.scenario ? ` (${g.scenario})` : "";
    const by = `${g.by || "?"}${g.rating ? ` ${g.rating}` : ""}`;
    const mine = me && g.by === me.name;
    const take = h("button", { type: "button", class: "take", "data-id": g.id, disabled: !me || mine, title: !me ? "sign in to take it" : mine ? "your own game: someone else takes it" : "" },
      mine ? "yours" : `Take the ${sideName(g.side || g.seat)}`);
    take.addEventListener("click", async () => {
      take.disabled = true;
      $("open-error").textContent = "";
      try {
        const r = await call("POST", `/api/lobby/${g.id}/take`, { body: {} });
        location.href = `/play/${r.id}`;
      } catch (e) {
        $("open-error").textContent = e.message;
        take.disabled = false;
      }
    });
    return h("li", { "data-id": g.id }, h("strong", {}, `${GAME_NAMES[g.game] || g.game}${scenario}`), " by ", by,
      h("div", { class: "muted" }, `${sideName(g.side || g.seat)} open · ${paceWords(g.pace)} · ${g.rated ? "rated" : "unrated"} · posted ${ago(Date.now() - g.posted)} ago`), take);
  }));
}

function drawAccountGames(games) {
  $("account-games-box").hidden = !me;
  if (!me) return;
  const list = $("account-games");
  const rows = games || [];
  if (!rows.length) { list.replaceChildren(h("li", { class: "muted" }, "none yet: post a game or take one")); return; }
  // games awaiting you first, then the others in progress, then the finished
  const rank = (g) => (g.result ? 2 : g.yours ? 0 : 1);
  list.replaceChildren(...[...rows].sort((a, b) => rank(a) - rank(b)).slice(0, 50).map((g) => {
    const w = gameWords(g);
    return h("li", { "data-id": g.id, "data-yours": w.yours ? "1" : "", "data-version": g.version }, h("a", { href: `/play/${g.id}` }, w.what), " ", h("span", { class: w.yours ? "turn-yours" : "muted" }, w.state));
  }));
}

/** The lobby kept live: open games and "My games" sent again whenever they change. */
function watchLobby(wait = 500) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/lobby/ws`);
  ws.onopen = () => { $("lobby-conn").className = "conn on"; wait = 500; };
  ws.onmessage = (ev) => {
    let lobby;
    try { lobby = JSON.parse(ev.data); } catch { return; }
    drawOpen(lobby.open || []);
    drawAccountGames(lobby.games);
  };
  ws.onclose = () => {
    $("lobby-conn").className = "conn off";
    setTimeout(() => watchLobby(Math.min(8000, wait * 2)), wait);
  };
}

function drawPostScenarios() {
  const game = $("post-game").value;
  const f = SETUP[game].find((x) => x.name === "scenario");
  $("post-scenario-row").hidden = !f;
  $("post-scenario").replaceChildren(...(f ? f.options.map(([v, t]) => h("option", { value: v }, t)) : []));
}

async function postOpen(ev) {
  ev.preventDefault();
  $("post-error").textContent = "";
  $("post-go").disabled = true;
  try {
    const game = $("post-game").value;
    const body = { game, side: $("post-side").value, rated: $("post-rated").checked };
    if (!$("post-scenario-row").hidden) body.scenario = $("post-scenario").value;
    if ($("post-pace").value) {
      const [days, increment, cap] = $("post-pace").value.split(",").map(Number);
      body.pace = increment === undefined ? { days } : { days, increment, cap };
    }
    const r = await call("POST", "/api/lobby", { body });
    location.href = `/play/${r.id}`;
  } catch (e) {
    $("post-error").textContent = e.message;
  } finally {
    $("post-go").disabled = false;
  }
}

async function account() {
  try { me = await whoAmI(); } catch { me = null; }
  $("account-link").textContent = me ? me.name : "Sign in";
  $("account-link").title = me ? "your account: ratings, history, notices" : "sign in or make an account";
  $("post-signin").hidden = !!me;
  for (const el of $("post").querySelectorAll("label, .row")) el.hidden = !me;
  drawPostScenarios();
  if (me) drawAccountGames(me.games);
  watchLobby();
}

$("post-game").addEventListener("change", drawPostScenarios);
$("post").addEventListener("submit", postOpen);
$("game").addEventListener("change", drawForm);
$("create").addEventListener("submit", create);
$("refresh").addEventListener("click", drawMine);
$("forget-done").addEventListener("click", () => {
  const over = new Set([...document.querySelectorAll("#mine li[data-over='1']")].map((li) => li.dataset.id));
  forgetGames((g) => over.has(g.id));
  drawMine();
});
const wanted = new URLSearchParams(location.search).get("game");
if (wanted && SETUP[wanted]) $("game").value = wanted;
drawForm();
drawMine();
account();
