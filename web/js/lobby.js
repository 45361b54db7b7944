// The lobby: make a game (which game, its set-up, who plays each side) and list the games
// whose links this browser keeps, with whose turn it is.

import { call, keptGames, keepGame, forgetGames, GAME_NAMES } from "./api.js";
import { h, $ } from "./dom.js";

// The set-up choices the server takes (docs/api.md, POST /api/games), by game.
const SETUP = {
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
};

const PLAYERS = [["human", "a person"], ["ai", "the AI (search)"], ["heuristic", "the heuristic player"], ["random", "random moves"]];

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
    ? h("label", { class: "check" }, h("input", { type: "checkbox", name: f.name }), f.label)
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
  const seats = $("seats");
  const rows = ref.seats.map((seat, i) => {
    if (ref.rules_seats[seat]) return h("label", {}, seat, h("span", { class: "muted" }, `played by the rules (${ref.rules_seats[seat]})`));
    const sel = h("select", { name: `player-${seat}`, "data-seat": seat }, ...PLAYERS.map(([v, t]) => h("option", { value: v }, t)));
    sel.value = i === 0 ? "human" : "ai";
    return h("label", {}, seat, sel);
  });
  seats.replaceChildren(h("legend", {}, "Who plays each side"), ...rows);
  $("create-error").textContent = "";
  $("start").disabled = false;
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
    const made = await call("POST", "/api/games", { body });
    const humans = Object.entries(made.seats);
    const list = $("made-links");
    list.replaceChildren();
    humans.forEach(([seat, { token, link }], i) => {
      keepGame({ id: made.id, game, seat, token, link, mine: i === 0, at: Date.now() });
      list.append(linkItem(i === 0 ? `You (${seat}):` : `${seat}:`, link, i === 0 ? "your seat: open it to play" : "play a friend: send them this link; it is their seat"));
    });
    if (humans.length === 2) {
      const both = `${location.origin}/play/${made.id}#${humans.map(([, s]) => s.token).join("+")}`;
      keepGame({ id: made.id, game, seat: "hot seat", token: humans.map(([, s]) => s.token).join("+"), link: both, mine: true, at: Date.now() });
      list.append(linkItem("Hot seat:", both, "both sides on this screen, each side's secrets hidden while the screen is passed"));
    }
    list.append(linkItem("Spectators:", made.spectator.link, "sees only what both sides see"));
    $("made-what").textContent = `${GAME_NAMES[game]}: ${Object.entries(players).map(([s, p]) => `${s} ${p}`).join(", ")}`;
    $("made").hidden = false;
    const first = humans[0];
    if (first) {
      const open = h("a", { href: first[1].link, id: "open-game", class: "open-game" }, "Open your seat now");
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
  const mine = keptGames().filter((g) => g.mine);
  const list = $("mine");
  if (!mine.length) { list.replaceChildren(h("li", { class: "muted" }, "none yet")); return; }
  list.replaceChildren(...mine.map((g) => {
    const turn = h("span", { class: "muted" }, "…");
    const li = h("li", { "data-id": g.id }, h("a", { href: g.link }, `${GAME_NAMES[g.game] || g.game}`), h("span", {}, g.seat), turn);
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
