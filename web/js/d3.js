// D3 Horse & Musket: the table to scale (the scenario's terrain and grid from the board data),
// every unit's base turned to its facing with its hits, cover, square and shooting marker;
// the round, the phase and each army's resolve. A unit clicked shows its reach, its 6" zone and
// its field of fire, and its candidate orders as ghost bases to click; its base (or a ghost)
// dragged along a tape measure, turned by its handle, is checked by the server as it goes and
// ordered on drop. Shots and charges: the target clicked shows the hits' odds (the server's
// note), and a second click takes it. Everything offered is the seat's legal actions.

import { h, s, pressable } from "./dom.js";
import { sideName } from "./api.js";
import * as textboard from "./textboard.js";
import {
  Frame, PX, tableSvg, base, placeBase, ghost, pivotMarker, grownPath, firePath, tape, Checker, draggable, verdict, placeLabel,
  boxOf, corners, dist, bearing, inch,
} from "./table.js";

let aim = null; // the text of the shot or charge whose odds are on show
let dragged = null; // the last drag's ghost: {unit, at, facing, result} (kept after a refused drop)

/** This battle's table in the board data, or null. */
function scenarioOf(ctx) {
  const b = ctx.ref && ctx.ref.board;
  return b && b.scenarios ? b.scenarios.find((x) => x.name === ctx.game.scenario) || null : null;
}

export function draw(ctx) {
  const sc = scenarioOf(ctx);
  if (!sc) return textboard.draw(ctx);
  const g = ctx.game;
  const types = ctx.ref.board.types;
  const fr = new Frame(sc.table.width, sc.table.depth, { top: 40 });
  const units = g.units.filter((u) => !u.eliminated);
  const byId = Object.fromEntries(units.map((u) => [u.id, u]));
  const actions = ctx.v.actions;
  const pieceTargets = ctx.picker.pieceTargets();
  const sel = ctx.picker.selected && byId[ctx.picker.selected] ? byId[ctx.picker.selected] : null;
  const mine = sel ? actions.filter((a) => a.pieces[0] === sel.id) : [];
  const moves = mine.filter((a) => a.to);
  const strikes = mine.filter((a) => a.pieces.length > 1);
  if (aim && !strikes.some((a) => a.text === aim)) aim = null;
  if (dragged && (!sel || dragged.unit !== sel.id)) dragged = null;

  const { svg, taken } = tableSvg(fr, sc.table, { label: `the table of ${sc.name}` });
  for (const u of units) taken.push(boxOf(fr, corners(u.pose.at, u.pose.facing, types[u.kind].frontage, types[u.kind].depth), 1));
  const names = s("g", { class: "t-names" });
  for (const t of sc.table.terrain) if (t.name) names.append(placeLabel(fr, t.points, t.name, taken));
  svg.append(header(fr, g, sc, ctx.v.outcome));

  // the picked unit's reach, field of fire and 6" zone, under the bases
  if (sel) svg.append(reachOf(fr, sel, types[sel.kind], ctx.ref.board.zone));

  const bases = s("g", { class: "units" });
  const labels = s("g", { class: "unit-names" });
  for (const u of units) {
    const t = types[u.kind];
    const target = pieceTargets.has(u.id);
    const struck = strikes.find((a) => a.pieces[1] === u.id);
    const cls = ["unit", u.army, `k-${u.kind}`, target || struck ? "target" : null, sel === u ? "selected" : null,
      struck ? "aimed" : null, struck && aim === struck.text ? "aim-on" : null].filter(Boolean).join(" ");
    const el = base(fr, u.pose.at, u.pose.facing, t.frontage, t.depth, { class: cls, "data-piece": u.id });
    el.prepend(s("title", {}, describe(u, t)));
    symbol(fr, el, u, t);
    if (u.in_cover) el.prepend(s("polygon", { class: "cover-ring", points: fr.pts(corners(u.pose.at, u.pose.facing, t.frontage, t.depth)) }));
    if (u.square) el.append(s("polygon", { class: "square-mark", points: fr.pts(corners(u.pose.at, u.pose.facing + 45, t.frontage * 0.8, t.frontage * 0.8)) }));
    if (u.marker) {
      const c = corners(u.pose.at, u.pose.facing, t.frontage, t.depth);
      const m = [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
      el.append(s("circle", { class: "marker", cx: fr.x(m[0]), cy: fr.y(m[1]), r: 3.5 }, s("title", {}, "shooting marker: engaged with the enemy it shot at")));
    }
    if (struck) {
      pressable(el, `${struck.text}${struck.note ? `: ${struck.note}` : ""}`, () => {
        if (aim === struck.text) ctx.picker.take(struck); else { aim = struck.text; ctx.picker.redraw(); }
      });
    } else if (target || sel === u) {
      const acts = pieceTargets.get(u.id) || [];
      pressable(el, sel === u ? `${u.id}: picked (click again to drop it)` : `${u.id}: ${acts.length} order${acts.length === 1 ? "" : "s"}`, () => { aim = null; ctx.picker.clickPiece(u.id); });
      if (sel !== u) {
        // pressed to be dragged before it is picked: the press picks it (its ghosts and the
        // drag come with the pick) and the table does not pan under it (the newcomers' M5)
        el.addEventListener("pointerdown", (e) => {
          if (e.button !== 0) return;
          e.stopPropagation();
          e.preventDefault();
          aim = null;
          ctx.picker.clickPiece(u.id);
        });
      }
    }
    bases.append(el);
    const name = `${u.id}${u.hits ? ` ${u.hits} hit${u.hits === 1 ? "" : "s"}` : ""}`;
    const c = corners(u.pose.at, u.pose.facing, t.frontage, t.depth);
    labels.append(placeLabel(fr, c, name, taken, { size: 7.5, cls: `u-name${u.hits ? " hurt" : ""}` }));
  }
  svg.append(bases);

  // the picked unit's candidate orders as ghost bases, and the drag
  const ghosts = s("g", { class: "ghosts" });
  const live = s("g", { class: "drag-layer" });
  const status = h("p", { class: "drag-status", id: "drag-status", role: "status", "aria-live": "polite" });
  if (sel) {
    const t = types[sel.kind];
    for (const a of moves) {
      const to = [a.to.x, a.to.y];
      ghosts.append(dist(to, sel.pose.at) < 0.05
        ? pivotMarker(fr, sel.pose.at, a.to.facing, t.depth, a.words || a.text, () => ctx.picker.take(a), { "data-text": a.text })
        : ghost(fr, to, a.to.facing, t.frontage, t.depth, a.words || a.text, () => ctx.picker.take(a), { "data-text": a.text }));
    }
    if (moves.length || dragged) wireDrag(ctx, svg, fr, sel, t, ghosts, live, status);
  }
  svg.append(ghosts, names, labels, live);
  if (aim) svg.append(oddsBox(fr, ctx, strikes.find((a) => a.text === aim), byId));
  under(ctx, sc, sel, status, strikes);
  return { el: svg, width: fr.w, height: fr.h };
}

/** The round, the phase and the resolve, over the table. */
function header(fr, g, sc, outcome) {
  const grp = s("g", { class: "tt-head" });
  const end = outcome && (outcome.winner ? `${sideName(outcome.winner)} victory on round ${g.round}` : `a draw on round ${g.round}`);
  grp.append(s("text", { x: fr.x(0), y: 15, class: "tt-title" },
    // the reason of the end is in the prompt beside the table: a long one ran under the zoom buttons here
    end ? `${sc.name}: ${end}` : `${sc.name}: round ${g.round} of ${sc.turns}, the ${sideName(g.active)} ${g.phase} phase`));
  grp.append(s("text", { x: fr.x(0), y: 30, class: "tt-sub" },
    `resolve: British ${g.resolve[0]} (${sc.armies[0].commander}), French ${g.resolve[1]} (${sc.armies[1].commander})`));
  if (g.pending) grp.append(s("text", { x: fr.x(fr.width), y: 30, class: "tt-sub pending", "text-anchor": "end" },
    `${g.units[g.pending.target].id} was shot at by ${g.units[g.pending.shooter].id} for ${g.pending.hits} hits: retire or stand`));
  return grp;
}

function describe(u, t) {
  const marks = [u.in_cover && "in cover", u.square && "in square", u.engaged && "engaged", u.marker && "shooting marker", u.moved && "moved", u.shot && "shot"].filter(Boolean);
  return `${sideName(u.army)} ${t.name} ${u.id}: ${u.hits} hits, facing ${Math.round(u.pose.facing)}°${marks.length ? `, ${marks.join(", ")}` : ""}`;
}

/** The map symbol inside a base: crossed lines for foot (doubled for veterans, dashed for
 * skirmishers), one for horse, a dot for a gun, a gold dot for a general. */
function symbol(fr, el, u, t) {
  const [fl, fR, rr, rl] = corners(u.pose.at, u.pose.facing, t.frontage, t.depth);
  const line = (a, b, cls = "") => s("line", { class: `sym ${cls}`, x1: fr.x(a[0]), y1: fr.y(a[1]), x2: fr.x(b[0]), y2: fr.y(b[1]) });
  const c = u.pose.at;
  if (u.kind === "line" || u.kind === "veteran") el.append(line(fl, rr), line(fR, rl));
  if (u.kind === "veteran") {
    const inset = (p) => [c[0] + (p[0] - c[0]) * 0.7, c[1] + (p[1] - c[1]) * 0.7];
    el.append(s("polygon", { class: "sym", points: fr.pts([fl, fR, rr, rl].map(inset)), fill: "none" }));
  }
  if (u.kind === "skirmishers") el.append(line(fl, rr, "dash"), line(fR, rl, "dash"));
  if (u.kind === "cavalry") el.append(line(rl, fR));
  if (u.kind === "artillery") el.append(s("circle", { class: "sym-dot", cx: fr.x(c[0]), cy: fr.y(c[1]), r: 5 }));
  if (u.kind === "commander") el.append(s("circle", { class: "sym-gen", cx: fr.x(c[0]), cy: fr.y(c[1]), r: 3.5 }));
}

/** The reach of the picked unit (how far its centre may go: the server's figure), its field
 * of fire at its range (all round in a town), and its 6" zone. */
function reachOf(fr, u, t, zone) {
  const grp = s("g", { class: "reach", "clip-path": "url(#tt-clip)" });
  if (t.range) {
    const d = u.all_round ? grownPath(fr, u.pose.at, u.pose.facing, t.frontage, t.depth, t.range) : firePath(fr, u.pose.at, u.pose.facing, t.frontage, t.depth, t.range);
    grp.append(s("path", { class: "fire", d }, s("title", {}, `${u.id}: field of fire to ${t.range}"${u.all_round ? ", all round (in a town)" : ", 45° either side of ahead"}`)));
  }
  grp.append(s("path", { class: "zone6", d: grownPath(fr, u.pose.at, u.pose.facing, t.frontage, t.depth, zone) }, s("title", {}, `${u.id}: its ${zone}" zone, where an enemy stops a move and engages`)));
  if (u.reach > 0) grp.append(s("circle", { class: "reach-ring", cx: fr.x(u.pose.at[0]), cy: fr.y(u.pose.at[1]), r: u.reach * PX }, s("title", {}, `${u.id}: its centre may move ${inch(u.reach)}"`)));
  return grp;
}

/** The odds of the shot or charge picked, beside its target, with the order to take it. */
function oddsBox(fr, ctx, a, byId) {
  const tgt = byId[a.pieces[1]];
  const lines = [a.text, ...(a.note || "").split("; ").filter(Boolean)];
  const w = Math.max(...lines.map((l) => l.length)) * 5.6 + 16;
  const hgt = 14 * lines.length + 34;
  // beside the target on the side away from the shooter, on the table, covering neither
  const [cx, cy] = [fr.x(tgt.pose.at[0]), fr.y(tgt.pose.at[1])];
  const shooter = byId[a.pieces[0]];
  const [sx, sy] = [fr.x(shooter.pose.at[0]), fr.y(shooter.pose.at[1])];
  const places = [[cx + 24, cy - hgt / 2], [cx - 24 - w, cy - hgt / 2], [cx - w / 2, cy - 24 - hgt], [cx - w / 2, cy + 24]]
    .map(([x, y]) => [Math.min(Math.max(x, fr.x(0)), fr.x(fr.width) - w), Math.min(Math.max(y, fr.y(fr.depth)), fr.y(0) - hgt)]);
  const holds = ([x, y], px, py) => px >= x - 8 && px <= x + w + 8 && py >= y - 8 && py <= y + hgt + 8;
  const far = ([x, y]) => Math.hypot(x + w / 2 - sx, y + hgt / 2 - sy);
  const [tx, ty] = places.filter((p) => !holds(p, sx, sy) && !holds(p, cx, cy)).sort((p, q) => far(q) - far(p))[0] || places[0];
  const grp = s("g", { class: "odds-box", id: "odds-box" });
  grp.append(s("rect", { x: tx, y: ty, width: w, height: hgt, rx: 5 }));
  lines.forEach((l, i) => grp.append(s("text", { x: tx + 8, y: ty + 15 + 14 * i, class: i ? "odds-line" : "odds-head" }, l)));
  const go = s("g", { class: "odds-go target", "data-text": a.text });
  go.append(s("rect", { x: tx + 8, y: ty + hgt - 24, width: 70, height: 18, rx: 4 }), s("text", { x: tx + 43, y: ty + hgt - 11, "text-anchor": "middle" }, a.text.split(" ")[0]));
  pressable(go, a.text, () => ctx.picker.take(a));
  const no = s("g", { class: "odds-no" });
  no.append(s("rect", { x: tx + 86, y: ty + hgt - 24, width: 60, height: 18, rx: 4 }), s("text", { x: tx + 116, y: ty + hgt - 11, "text-anchor": "middle" }, "cancel"));
  pressable(no, "cancel", () => { aim = null; ctx.picker.redraw(); });
  grp.append(go, no);
  return grp;
}

/** The drag of a ghost of the picked unit: from its base or from any of its ghosts, along a
 * tape from where it stands, within its reach; a handle ahead of the ghost turns it. Each
 * place is checked as it goes, and dropped it is ordered if the server calls it legal. */
function wireDrag(ctx, svg, fr, u, t, ghosts, live, status) {
  const from = u.pose.at;
  // the tape's words keep off the ghost first, then off the units
  const others = ctx.game.units.filter((v) => !v.eliminated).map((v) => {
    const k = ctx.ref.board.types[v.kind];
    return boxOf(fr, corners(v.pose.at, v.pose.facing, k.frontage, k.depth), 4);
  });
  const state = dragged || { unit: u.id, at: from, facing: Math.round(u.pose.facing), result: null, moving: false };
  const text = () => `move ${u.id} to ${inch(state.at[0])},${inch(state.at[1])} face ${state.facing}`;
  // the ghost and its handle are made once and moved, so that a drag holds on to them
  const gh = base(fr, state.at, state.facing, t.frontage, t.depth, { class: "ghost dragging", id: "drag-ghost" });
  const stem = s("line", { class: "handle-stem" });
  const handle = s("circle", { class: "turn-handle", id: "turn-handle", r: 4.5 }, s("title", {}, "drag to turn the ghost"));
  const measure = s("g", { class: "measure" });
  const show = () => {
    if (!state.moving) {
      live.replaceChildren();
      status.replaceChildren("Drag the unit, or one of its ghost bases, to move it anywhere; the round handle turns it.");
      return;
    }
    if (!gh.isConnected) live.replaceChildren(measure, gh, stem, handle);
    const v = verdict(state.result);
    const used = dist(from, state.at);
    const avoid = [boxOf(fr, corners(state.at, state.facing, t.frontage, t.depth), 12), ...others];
    measure.replaceChildren(tape(fr, from, state.at, [`${inch(used)}" used, ${inch(Math.max(0, u.reach - used))}" left of ${inch(u.reach)}"`, `face ${state.facing}°`, v.text], v.ok === true ? "ok" : v.ok === false ? "refused" : "", avoid));
    placeBase(gh, fr, state.at, state.facing, t.frontage, t.depth);
    gh.setAttribute("class", `ghost dragging${v.ok === false ? " refused" : v.ok ? " ok" : ""}`);
    gh.dataset.text = text();
    const c = corners(state.at, state.facing, t.frontage, t.depth);
    const front = [(c[0][0] + c[1][0]) / 2, (c[0][1] + c[1][1]) / 2];
    const hp = [front[0] + Math.sin(state.facing * Math.PI / 180) * 2.5, front[1] + Math.cos(state.facing * Math.PI / 180) * 2.5];
    for (const [k, v2] of [["x1", fr.x(front[0])], ["y1", fr.y(front[1])], ["x2", fr.x(hp[0])], ["y2", fr.y(hp[1])]]) stem.setAttribute(k, v2);
    handle.setAttribute("cx", fr.x(hp[0]));
    handle.setAttribute("cy", fr.y(hp[1]));
    status.replaceChildren(v.ok === false && v.rule
      ? h("span", { class: "refused" }, `Refused by ${v.rule}: ${state.result.message} `, h("button", { type: "button", class: "rule-link", id: "drag-rule", onclick: () => ctx.openRule(v.rule) }, `read ${v.rule}`))
      : h("span", { class: v.ok ? "ok" : "" }, `${text()}: ${v.text}`));
  };
  const checker = new Checker((x) => ctx.check(x), (x, result) => { if (x === text()) { state.result = result; show(); } });
  let grab0 = null; // where the pointer took hold, and where the ghost stood then
  const moveTo = (p) => {
    // the ghost follows the pointer from where it was taken hold of, within the reach the
    // server gives (its centre may go no farther), to a tenth of an inch
    let q = [grab0.at[0] + p[0] - grab0.p[0], grab0.at[1] + p[1] - grab0.p[1]];
    const d = dist(from, q);
    const r = Math.max(0, u.reach - 0.08);
    // past the reach the ghost stops at it, and the drop asks before ordering (L10)
    state.past = d > r && d > 0;
    if (state.past) q = [from[0] + (q[0] - from[0]) * r / d, from[1] + (q[1] - from[1]) * r / d];
    state.at = [Math.round(q[0] * 10) / 10, Math.round(q[1] * 10) / 10];
    state.result = null;
    dragged = state;
    show();
    checker.want(text());
  };
  const turnTo = (p) => {
    if (dist(state.at, p) < 0.3) return;
    state.facing = bearing(state.at, p);
    state.result = null;
    dragged = state;
    show();
    checker.want(text());
  };
  const take = (x) => { dragged = null; ctx.takeText(x); };
  // a drop the pointer carried past the reach is not ordered unasked: the ghost stands at the
  // reach, and the player says whether to move there
  const ask = (x) => status.replaceChildren(h("span", { class: "ok" },
    `Dropped past ${u.id}'s reach of ${inch(u.reach)}": the ghost stops at its reach. `,
    h("button", { type: "button", id: "drag-confirm", onclick: () => take(x) }, "move there"), " ",
    h("button", { type: "button", id: "drag-cancel", onclick: () => { dragged = null; ctx.picker.redraw(); } }, "cancel")));
  const settle = () => checker.drop(text(), (result) => { state.result = result; show(); }, (x) => (state.past ? ask(x) : take(x)));
  // taken from its own base, the ghost starts where the unit stands; from a listed ghost,
  // where that one stands and as it faces; from the drag's ghost, where it is
  const grab = (el, pose) => draggable(svg, fr, el, {
    start: (p) => {
      const [at, facing] = pose();
      state.moving = true;
      state.at = at;
      state.facing = facing;
      grab0 = { p: p || at, at };
    },
    move: moveTo,
    drop: settle,
  });
  const own = svg.querySelector(`.units [data-piece="${CSS.escape(u.id)}"]`);
  if (own) grab(own, () => [from, Math.round(u.pose.facing)]);
  for (const g2 of ghosts.querySelectorAll(".ghost")) {
    const a = ctx.v.actions.find((x) => x.text === g2.dataset.text);
    if (a && a.to) grab(g2, () => [[a.to.x, a.to.y], Math.round(a.to.facing)]);
  }
  grab(gh, () => [state.at, state.facing]);
  draggable(svg, fr, handle, { start: () => { state.moving = true; }, move: turnTo, drop: settle });
  show();
}

/** Beside the table: the picked unit, the buttons for square, retire and pass, the drag's
 * answer, and a legend. */
function under(ctx, sc, sel, status, strikes) {
  const acts = ctx.v.actions;
  const kids = [];
  const tools = h("div", { class: "tt-tools" });
  const button = (a, label, id) => h("button", { type: "button", class: "tool act-tool", id, "data-text": a.text, onclick: () => ctx.picker.take(a) }, label);
  if (sel) {
    const t = ctx.ref.board.types[sel.kind];
    kids.push(h("p", { class: "picked" }, h("strong", {}, sel.id), ` ${t.name}: moves ${inch(sel.reach)}"${t.range ? `, shoots ${t.range}"` : ""}, ${sel.hits} hit${sel.hits === 1 ? "" : "s"}${sel.in_cover ? ", in cover" : ""}. `,
      strikes.length ? `Click a lit enemy to see the odds of ${strikes.length === 1 ? "the" : "a"} ${strikes[0].text.split(" ")[0]}. ` : "",
      h("button", { type: "button", class: "copy", id: "drop-pick", onclick: () => ctx.picker.clear() }, "drop the pick (Esc)")));
    const sq = acts.find((a) => a.pieces[0] === sel.id && a.text.startsWith("square "));
    if (sq) tools.append(button(sq, `Form square: ${sel.id}`, "tool-square"));
  }
  for (const a of acts.filter((x) => x.text.startsWith("retire "))) tools.append(button(a, `Retire ${a.pieces[0]} (one hit fewer)`, "tool-retire"));
  const pass = acts.find((a) => a.text === "pass");
  if (pass) {
    const g = ctx.game;
    const label = g.pending ? "Stand and take the hits" : g.phase === "movement" ? "Pass: end the movement phase" : g.phase === "shooting" ? "Pass: end the shooting phase" : "Pass: end the turn";
    tools.append(button(pass, label, "tool-pass"));
  }
  if (tools.children.length) kids.push(tools);
  if (sel) kids.push(status);
  kids.push(h("p", { class: "muted legend" }, "Red British, blue French; the thick edge is the front. Yellow ring: in cover; dashed diamond: in square; white puff: shooting marker. ",
    "Picked unit: shaded its field of fire, dashed its 6\" zone, dotted how far its centre may move."));
  ctx.under.replaceChildren(...kids);
}

export function prompt(ctx) {
  const g = ctx.game;
  if (g.pending) return `${g.units[g.pending.target].id} is shot at: retire (one hit fewer) or stand.`;
  if (!scenarioOf(ctx)) return textboard.prompt(ctx);
  if (g.phase === "movement") return "Movement: click a lit unit for its orders (ghost bases), or drag it; then pass.";
  if (g.phase === "shooting") return "Shooting: click a lit unit, then a lit enemy for the odds; then pass.";
  return "Charges are fought: pass to end the turn.";
}
