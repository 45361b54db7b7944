// French & Indian War: Solitaire: the four routes as rows of towns (flag towns at the ends,
// fortified towns marked), each side's militia marker and army where the board puts them, the
// Indian tracks, the Ocean Control marker, and the Turn Track with the season, the year and
// the AP. Regions and armies are clicked as the legal actions name them (actions.js); every
// action is also a button with the odds the server wrote beside it.

import { h, s, pressable } from "./dom.js";
import { sideName } from "./api.js";

const W = 1000, ROW = 126, TOP = 30;
const NO_ARMY = 255; // the board's "no army here" (crates/solitaire/src/armies.rs)
const SIDES = ["british", "french"];

/** The town each side's markers stand on in region `r` (state.rs: the French stand one town
 * further along the route than the British). */
function townOf(board, r, side) {
  return side === "british" ? board.front[r] : board.front[r] + 1;
}

/** A side's militia marker, with the army standing with it (if any) on a second line; a
 * marker outside its own flag town (the enemy holds that town) says so beneath. */
function marker(side, label, x, y, reduced, unsupplied, outside) {
  const g = s("g", { class: `block ${side}`, transform: `translate(${x - 30},${y})` });
  g.append(s("rect", { width: 60, height: 30, rx: 4, opacity: reduced ? 0.6 : 1 }));
  const word = reduced ? "militia ½" : "militia";
  if (label) {
    g.append(s("text", { x: 30, y: 14 }, word));
    g.append(s("text", { x: 30, y: 28 }, label));
  } else {
    g.append(s("text", { x: 30, y: 20 }, word));
  }
  const notes = [outside ? "outside" : "", unsupplied ? "no supply" : ""].filter(Boolean).join(", ");
  // a class of its own (fiw.css): the stylesheet's white for block labels wins over a fill
  // attribute, and the page's CSP allows no inline style
  if (notes) g.append(s("text", { x: 30, y: 41, class: `marker-note${unsupplied ? " unsupplied" : ""}` }, notes));
  return g;
}

export function draw(ctx) {
  const ref = ctx.ref.board;
  const b = ctx.game.board;
  const player = b.player;
  const bot = player === "british" ? "french" : "british";
  // the two-player variant (the campaign's C11): the side whose procedure runs is the acting one
  const two = !!b.two_players;
  const acting = two ? ctx.game.acting : player;
  const pieceTargets = ctx.picker.pieceTargets();
  const placeTargets = ctx.picker.placeTargets();
  const height = TOP + ref.regions.length * ROW + 150;
  const svg = s("svg", { viewBox: `0 0 ${W} ${height}`, class: "solitaire", role: "group", "aria-label": "the routes of French & Indian War: Solitaire" });
  svg.append(s("rect", { x: 0, y: 0, width: W, height, fill: "#efe6cf" }));
  svg.append(s("text", { x: 20, y: 20, class: "loc-name" }, `British flag towns ←  routes  → French flag towns`));
  ref.regions.forEach((reg, r) => {
    const y0 = TOP + r * ROW;
    const acts = placeTargets.get(reg.id);
    const row = s("g", { class: `place${acts ? " target" : ""}`, "data-place": reg.id });
    row.append(s("rect", { class: "loc", x: 10, y: y0, width: W - 20, height: ROW - 10, rx: 8 }));
    row.append(s("text", { class: "loc-name", x: 22, y: y0 + 18 }, reg.name));
    // the track beside the route: the Indians' alliance, or the Ocean Control marker
    const trackText = reg.track === "indians" ? `Indians: ${sideName(b.indians[r])}` : `Ocean: ${sideName(b.ocean)} control`;
    const ally = reg.track === "indians" ? b.indians[r] : b.ocean;
    row.append(s("text", { x: W - 30, y: y0 + 18, "text-anchor": "end", "font-weight": 700, fill: ally === "british" ? "var(--british)" : ally === "french" ? "var(--french)" : "#555" }, trackText));
    const n = reg.towns.length;
    // room beyond each flag town for a marker standing outside it (state.rs: front = -1 or
    // len - 1), so no marker ever sits on the row's edge
    const x0 = 140, x1 = W - 140;
    const xOf = (i) => x0 + (x1 - x0) * (i / (n - 1));
    row.append(s("line", { class: "road", x1: x0, y1: y0 + 45, x2: x1, y2: y0 + 45 }));
    reg.towns.forEach((t, i) => {
      const x = xOf(i);
      const shape = t.kind === "flag" ? s("rect", { x: x - 11, y: y0 + 34, width: 22, height: 22, fill: i === 0 ? "var(--british)" : "var(--french)", stroke: "#222" })
        : t.kind === "fortified" ? s("polygon", { points: `${x},${y0 + 32} ${x + 12},${y0 + 45} ${x},${y0 + 58} ${x - 12},${y0 + 45}`, fill: "#fbf6ea", stroke: "#222", "stroke-width": 2 })
          : s("circle", { cx: x, cy: y0 + 45, r: 9, fill: "#fbf6ea", stroke: "#222" });
      shape.append(s("title", {}, `${t.name}: ${t.kind} town${t.drm ? ` (${t.drm} to attacks on it)` : ""}`));
      row.append(shape);
      row.append(s("text", { x, y: y0 + 64, "text-anchor": "middle", "font-size": 12 }, t.name));
    });
    for (const side of SIDES) {
      const at = townOf(b, r, side);
      const sIdx = side === "british" ? 0 : 1;
      const outside = at < 0 || at >= n;
      const x = at < 0 ? x0 - 80 : at >= n ? x1 + 80 : xOf(at) + (side === "british" ? -32 : 32);
      const army = b.army[r][sIdx];
      const armyName = army !== NO_ARMY ? (ref.armies[army] || {}).id : "";
      row.append(marker(side, armyName, x, y0 + 72, b.reduced[r][sIdx], b.unsupplied[r][sIdx], outside));
    }
    if (acts) {
      const why = acts.map((a) => a.text + (a.note ? ` (${a.note})` : "")).join("; ");
      row.append(s("title", {}, why));
      pressable(row, `${reg.name}: ${why}`, () => ctx.picker.clickPlace(reg.id));
    }
    svg.append(row);
  });
  // armies still to place, and any piece the actions name
  const tray = [...pieceTargets.keys()];
  if (tray.length || ctx.picker.selected) {
    const ids = tray.length ? tray : [ctx.picker.selected];
    const y = TOP + ref.regions.length * ROW + 4;
    svg.append(s("text", { x: 20, y: y + 14, class: "loc-name" }, "Armies to place:"));
    ids.forEach((id, i) => {
      const a = ref.armies.find((x) => x.id === id);
      const g = s("g", { class: `block ${a ? a.side : acting}${tray.length ? " target" : " selected"}`, transform: `translate(${150 + i * 110},${y})`, "data-piece": id });
      g.append(s("rect", { width: 100, height: 26, rx: 3 }));
      g.append(s("text", { x: 50, y: 17 }, a ? `${a.id} (${a.drm >= 0 ? "+" : ""}${a.drm})` : id));
      pressable(g, `${id}: ${(pieceTargets.get(id) || []).map((x) => x.text).join("; ") || "picked"}`, () => ctx.picker.clickPiece(id));
      svg.append(g);
    });
  }
  // the Turn Track
  const ty = TOP + ref.regions.length * ROW + 44;
  const cw = (W - 40) / ref.turns.length;
  ref.turns.forEach((t, i) => {
    const x = 20 + i * cw;
    const now = t.turn === b.turn;
    svg.append(s("rect", { x, y: ty, width: cw - 2, height: 54, fill: now ? "#fff1cf" : "#fbf6ea", stroke: now ? "var(--hl)" : "#7d6a48", "stroke-width": now ? 3 : 1 }));
    svg.append(s("text", { x: x + cw / 2 - 1, y: ty + 15, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, t.turn));
    svg.append(s("text", { x: x + cw / 2 - 1, y: ty + 29, "text-anchor": "middle", "font-size": 9 }, `${t.season.slice(0, 3)} ${String(t.year).slice(2)}`));
    svg.append(s("text", { x: x + cw / 2 - 1, y: ty + 44, "text-anchor": "middle", "font-size": 9 }, two ? `${t.british.ap}·${t.french.ap} AP` : `${t[player].ap} AP`));
    svg.append(s("title", {}, two
      ? `turn ${t.turn}, ${t.season} ${t.year}: British ${t.british.ap} AP (${t.british.actions.join(", ")}); French ${t.french.ap} AP (${t.french.actions.join(", ")})${t.transfers ? "; armies may relocate" : ""}`
      : `turn ${t.turn}, ${t.season} ${t.year}: you ${t[player].ap} AP (${t[player].actions.join(", ")}); BOT ${t[bot].actions.join(", ")}${t.transfers ? "; armies may relocate" : ""}`));
  });
  const turn = ref.turns[b.turn - 1];
  const who = two ? `two players, the British first each turn: the ${sideName(acting)} decide` : `you play the ${sideName(player)}, the BOT the ${sideName(bot)}`;
  svg.append(s("text", { x: 20, y: ty + 80, class: "loc-name", id: "map-status", "data-acting": acting },
    `Turn ${b.turn} of ${ref.turns.length}${turn ? `, ${turn.season} ${turn.year}` : ""} · AP left ${b.ap} · ${who}${turn ? ` · allowed: ${turn[acting].actions.join(", ")}` : ""}`));
  under(ctx);
  return { el: svg, width: W, height };
}

/** The BOT's last roll, chart line and reason, from the log since the player's decision. */
function under(ctx) {
  if (ctx.game.board.two_players) {
    ctx.under.replaceChildren(h("p", { class: "muted" }, "Two players: no BOT and no chart; each side takes the player's procedure for itself, the British first each turn (C11)."));
    return;
  }
  const log = ctx.log || [];
  const botLines = log.filter((l) => /^BOT\b/.test(l)).slice(-4);
  ctx.under.replaceChildren(botLines.length
    ? h("div", { class: "bot-box" }, h("h3", {}, "The BOT's latest"), h("ul", {}, ...botLines.map((l) => h("li", {}, l))))
    : h("p", { class: "muted" }, "The BOT has not acted yet."));
}

/** The side the page's seat plays: the player's, or in the two-player variant the side of the
 * seat shown (`bot` is the second player's). */
function mySide(ctx) {
  const b = ctx.game.board;
  if (!b.two_players) return b.player;
  const other = b.player === "british" ? "french" : "british";
  return ctx.v && ctx.v.seat === "bot" ? other : b.player;
}

export function prompt(ctx) {
  const b = ctx.game.board;
  if (b.two_players && ctx.v && ctx.v.seat && mySide(ctx) !== ctx.game.acting) return `The ${sideName(ctx.game.acting)} decide.`;
  return b.step === "Actions" ? `Your actions: ${b.ap} AP left.` : b.step === "Relocate" ? "New year: relocate your armies, or stay." : "Place your armies.";
}

export function seatName(ctx) {
  const b = ctx.game.board;
  if (b.two_players) return `${sideName(mySide(ctx))} (you) against a second player`;
  return `${sideName(b.player)} (you) against the BOT`;
}
