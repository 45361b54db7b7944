// The skirmish rules on the same table as D3 (table.js): the scenario's ground, fences,
// walls and buildings with their doors and windows; every figure this side may see on its own
// small base (leaders marked, this side's concealed units faint and dashed; the enemy's
// concealed units are not in the view, so not here); the card just drawn and the units it may
// activate lit. A moving unit's candidate steps are ghost formations to click, or its
// formation (a column: its head) is dragged along a tape that shows each figure's inches left
// of the rolled move, checked by the server as it goes. Everything offered is the seat's
// legal actions.

import { h, s, pressable } from "./dom.js";
import { sideName } from "./api.js";
import * as textboard from "./textboard.js";
import { Frame, tableSvg, base, placeBase, tape, Checker, draggable, verdict, placeLabel, boxOf, corners, dist, bearing, inch, PX } from "./table.js";

const LEADERS = new Set(["sergeant", "officer", "colonel", "major", "hero", "engineer"]);
let dragged = null; // the last drag of the acting unit: {key, v: [dx, dy], result}

function scenarioOf(ctx) {
  const b = ctx.ref && ctx.ref.board;
  return b && b.scenarios ? b.scenarios.find((x) => x.name === ctx.game.scenario) || null : null;
}

/** A figure of the view: [index, role, x, y, facing, "off"?, personality?]. */
const fig = (f) => ({ index: f[0], role: f[1], at: [f[2], f[3]], facing: f[4], off: f[5] === "off" });

/** The middle of a unit's figures on the table (where a step's or a deployment's `to` is
 * measured from), or null. */
function middle(figs) {
  if (!figs.length) return null;
  return [figs.reduce((a, f) => a + f.at[0], 0) / figs.length, figs.reduce((a, f) => a + f.at[1], 0) / figs.length];
}

const red = (card) => /[♥♦]/.test(card);

export function draw(ctx) {
  const sc = scenarioOf(ctx);
  if (!sc) return textboard.draw(ctx);
  const g = ctx.game;
  const fr = new Frame(sc.table.width, sc.table.depth, { top: 40 });
  const actions = ctx.v.actions;
  const pieceTargets = ctx.picker.pieceTargets();
  const placeTargets = ctx.picker.placeTargets();
  const units = g.units.map((u) => ({ ...u, figs: u.figures.map(fig).filter((f) => !f.off) }));
  const byId = Object.fromEntries(units.map((u) => [u.id, u]));
  const acting = new Set(g.acting_units.map((i) => units.find((u) => u.index === i)).filter(Boolean).map((u) => u.id));
  const baseOf = (u, f) => sc.bases[`${u.troop}.${f.role}`] || [0.8, 0.8];
  const sel = ctx.picker.selected && byId[ctx.picker.selected] ? byId[ctx.picker.selected] : null;
  const burned = Object.fromEntries(g.buildings.map(([name, puffs, gone]) => [name, { puffs, gone }]));

  const { svg, taken } = tableSvg(fr, sc.table, {
    label: `the table of ${sc.name}`,
    extra: (root) => {
      const feats = s("g", { class: "features" });
      for (const f of sc.features) {
        // the abatis a set-up may lift is drawn from the view (S1), below
        if (f.kind === "building" || f.set_up) continue;
        if (f.area) feats.append(s("polygon", { class: `f-${f.kind}`, points: fr.pts(f.area) }, s("title", {}, f.name)));
        if (f.line) feats.append(s("polyline", { class: `l-${f.kind}`, points: fr.pts(f.line) }, s("title", {}, f.name)));
      }
      // S1 the set-up's abatis as laid now; while the seat sets up, a piece clicked is lifted
      (g.abatis || []).forEach((p, i) => {
        const lift = actions.find((a) => a.text === `lift abatis ${i + 1}`);
        // the piece, on a band half an inch either side of it to take the click
        const [a, z] = [[p[0], p[1]], [p[2], p[3]]];
        const len = dist(a, z) || 1;
        const n = [(-(z[1] - a[1]) / len) * 0.5, ((z[0] - a[0]) / len) * 0.5];
        const band = [[a[0] + n[0], a[1] + n[1]], [z[0] + n[0], z[1] + n[1]], [z[0] - n[0], z[1] - n[1]], [a[0] - n[0], a[1] - n[1]]];
        const el = s("g", { class: `set-up-abatis${lift ? " target" : ""}`, "data-piece-n": i + 1 },
          s("polygon", { class: "abatis-band", points: fr.pts(band) }),
          s("polyline", { class: "l-abatis", points: fr.pts([a, z]) }),
          s("title", {}, `abatis piece ${i + 1} (${inch(len)}")${lift ? ": click to lift it" : ""}`));
        if (lift) pressable(el, `lift abatis piece ${i + 1}`, () => ctx.picker.take(lift));
        feats.append(el);
      });
      for (const b of sc.buildings) {
        if (!b.floor) continue;
        const st = burned[b.name] || { puffs: 0, gone: false };
        const acts = placeTargets.get(b.id);
        const el = s("g", { class: `building${st.gone ? " burned" : ""}${acts ? " target" : ""}`, "data-place": b.id });
        el.append(s("polygon", { points: fr.pts(b.floor) }), s("title", {}, `${b.name}${st.gone ? " (burned down)" : st.puffs ? ` (on fire: ${st.puffs} puffs)` : ""}`));
        for (const o of b.openings) el.append(s("circle", { class: `opening ${o.kind}`, cx: fr.x(o.at[0]), cy: fr.y(o.at[1]), r: 2.2 }));
        for (let p = 0; p < Math.min(4, st.puffs); p++) {
          const c = middle(b.floor.map((q) => ({ at: q })));
          el.append(s("circle", { class: "smoke", cx: fr.x(c[0]) + 6 * p, cy: fr.y(c[1]) - 6 * p, r: 6 }));
        }
        if (acts) pressable(el, `${b.name}: ${acts.map((a) => a.text).join("; ")}`, () => ctx.picker.clickPlace(b.id));
        feats.append(el);
      }
      for (const a of sc.areas) {
        const acts = placeTargets.get(a.id);
        if (!acts || !a.points) continue;
        const el = s("polygon", { class: "area-target target", points: fr.pts(a.points), "data-place": a.id });
        pressable(el, `${a.id}: ${acts.map((x) => x.text).join("; ")}`, () => ctx.picker.clickPlace(a.id));
        feats.append(el);
      }
      for (const k of sc.sites) {
        const acts = placeTargets.get(k.id);
        const el = s("g", { class: `site${acts ? " target" : ""}`, "data-place": k.id }, s("rect", { x: fr.x(k.at[0]) - 4, y: fr.y(k.at[1]) - 4, width: 8, height: 8 }), s("title", {}, k.name));
        if (acts) pressable(el, `${k.name}: ${acts.map((x) => x.text).join("; ")}`, () => ctx.picker.clickPlace(k.id));
        feats.append(el);
      }
      root.append(feats);
    },
  });
  for (const u of units) for (const f of u.figs) taken.push(boxOf(fr, corners(f.at, f.facing, ...baseOf(u, f)), 1));
  for (const b of sc.buildings) if (b.floor) taken.push(boxOf(fr, b.floor, 0));
  const names = s("g", { class: "t-names" });
  for (const t of sc.table.terrain) if (t.name) names.append(placeLabel(fr, t.points, t.name, taken));
  for (const b of sc.buildings) if (b.floor) names.append(placeLabel(fr, b.floor, b.name, taken));
  svg.append(header(fr, g, sc, ctx.v.outcome));

  const figures = s("g", { class: "units" });
  const labels = s("g", { class: "unit-names" });
  for (const u of units) {
    if (!u.figs.length) continue;
    const target = pieceTargets.has(u.id);
    const hidden = u.marks.includes("hidden");
    const cls = ["unit", "sk", u.side, hidden ? "concealed" : null, target ? "target" : null, acting.has(u.id) ? "acting" : null, sel === u ? "selected" : null].filter(Boolean).join(" ");
    const grp = s("g", { class: cls, "data-piece": u.id });
    if (target || acting.has(u.id) || sel === u) {
      // a ring round the unit's figures, which are too small to light one by one
      const bx = boxOf(fr, u.figs.flatMap((f) => corners(f.at, f.facing, ...baseOf(u, f))), 4);
      grp.append(s("rect", { class: "unit-ring", x: bx[0], y: bx[1], width: bx[2] - bx[0], height: bx[3] - bx[1], rx: 5 }));
    }
    grp.append(s("title", {}, `${sideName(u.side)} ${u.troop} ${u.id}: ${u.formation}, ${u.figures.length} of ${u.strength} men${u.holding ? `, ${u.holding} held` : ""}${u.marks.length ? ` (${u.marks.join(", ")})` : ""}`));
    for (const f of u.figs) {
      const [w, d] = baseOf(u, f);
      const el = base(fr, f.at, f.facing, w, d, { class: `fig r-${f.role}${LEADERS.has(f.role) ? " leader" : ""}` });
      grp.append(el);
    }
    if (target) {
      const acts = pieceTargets.get(u.id);
      pressable(grp, `${u.id}: ${acts.map((a) => a.text + (a.note ? ` (${a.note})` : "")).join("; ")}`, () => ctx.picker.clickPiece(u.id));
    } else if (sel === u) {
      pressable(grp, `${u.id}: picked (click again to drop it)`, () => ctx.picker.clickPiece(u.id));
    }
    figures.append(grp);
    const pts = u.figs.flatMap((f) => corners(f.at, f.facing, ...baseOf(u, f)));
    labels.append(placeLabel(fr, pts, `${u.id}${u.holding ? ` (${u.holding} held)` : ""}${hidden ? " (hidden)" : ""}`, taken, { size: 8, cls: `u-name ${u.side}` }));
  }
  svg.append(figures);

  // ghosts: a deployment's places, a moving unit's listed steps and marches
  const ghosts = s("g", { class: "ghosts" });
  const live = s("g", { class: "drag-layer" });
  const status = h("p", { class: "drag-status", id: "drag-status", role: "status", "aria-live": "polite" });
  const mover = units.find((u) => acting.has(u.id) && u.figs.length);
  const placed = actions.filter((a) => a.to && (a.pieces.length ? sel && a.pieces[0] === sel.id : mover));
  // a ghost that would lie on one already drawn is left to the list
  const drawn = [];
  for (const a of placed) {
    const at = [a.to.x, a.to.y];
    if (drawn.some((p) => dist(p, at) < 1.5)) continue;
    drawn.push(at);
    const u = a.pieces.length ? sel : mover;
    ghosts.append(formationGhost(fr, u, baseOf, a, ctx));
  }
  // S1 the set-up: a unit dragged to its place, abatis drawn by dragging on open ground
  const settingUp = actions.some((a) => a.text === "ready");
  if (settingUp) wireSetUp(ctx, svg, fr, units, baseOf, g, live, status);
  const stepping = actions.some((a) => /^step /.test(a.text));
  const marching = actions.some((a) => /^march to /.test(a.text));
  if (mover && g.moving && (stepping || marching)) wireDrag(ctx, svg, fr, mover, baseOf, g, marching && !stepping, ghosts, live, status, units, sc.buildings);
  svg.append(ghosts, names, labels, live);
  if (sel && sel.side !== g.seat) svg.append(targetBox(fr, ctx, sel));
  under(ctx, g, status, mover);
  // the acting unit (and what it is doing) at a legible scale: the view goes to a window of
  // FOCUS inches around it once each activation (the zoom buttons and ⤢ still show the rest)
  const actingFigs = units.filter((u) => acting.has(u.id)).flatMap((u) => u.figs);
  const at = middle(actingFigs);
  // and when a card is to be given to a unit, the whole table again, once, to choose from
  const focus = at && g.acting ? { key: `${g.turn}.${g.cards.length}.${g.acting_units.join(",")}`, x: fr.x(at[0]), y: fr.y(at[1]), w: FOCUS * PX }
    : !g.acting ? { key: `${g.turn}.${g.cards.length}.choose`, x: fr.w / 2, y: fr.h / 2, w: fr.w } : null;
  return { el: svg, width: fr.w, height: fr.h, focus };
}

/** The width of table, in inches, shown around the acting unit. */
const FOCUS = 30;

function header(fr, g, sc, outcome) {
  // the card just drawn at the left, the turn and the phase beside it (the zoom buttons
  // take the right-hand corner)
  const grp = s("g", { class: "tt-head" });
  const card = g.cards[g.cards.length - 1];
  const x0 = card ? fr.x(0) + 46 : fr.x(0);
  if (card) {
    const c = s("g", { class: `drawn-card ${red(card) ? "red" : "black"}`, id: "drawn-card" });
    c.append(s("rect", { x: fr.x(0), y: 2, width: 40, height: 34, rx: 4 }), s("text", { x: fr.x(0) + 20, y: 25, "text-anchor": "middle" }, card),
      s("title", {}, `the card just drawn: ${card}, ${red(card) ? "red: a British unit acts" : "black: a French unit acts"}`));
    grp.append(c);
  }
  // the reason of the end is in the prompt beside the table, where it wraps
  const end = outcome && (outcome.winner ? `the ${sideName(outcome.winner)} win` : "a draw");
  // the cabins burned on the title's line, which has room: the second line reached the zoom buttons
  const burned = g.burned ? ` · cabins burned ${g.burned}` : "";
  grp.append(s("text", { x: x0, y: 15, class: "tt-title" }, `${sc.name}: ${end || `turn ${g.turn} of ${g.turns}, ${g.phase}`}${burned}`));
  const lost = `lost: British ${g.lost[0][0]} of ${g.lost[0][1]} companies, French ${g.lost[1][0]} of ${g.lost[1][1]}`;
  const deck = card ? `card ${g.cards.length} of the turn, ${g.cards_left[0]} red and ${g.cards_left[1]} black to come; ` : "";
  grp.append(s("text", { x: x0, y: 30, class: "tt-sub" }, `${deck}${lost}`));
  return grp;
}

/** Where an order puts a unit: its figures moved as the order's `to` says (a step or a
 * deployment moves the middle of the figures there; a march takes the head there). */
function formationGhost(fr, u, baseOf, a, ctx) {
  const grp = s("g", { class: "ghost target sk-ghost", "data-text": a.text });
  const m = middle(u.figs);
  if (/^set /.test(a.text)) {
    // S1 the unit set up: its figures carried with its anchor and turned to the new facing
    for (const f of u.figs) {
      const [w, d] = baseOf(u, f);
      grp.append(base(fr, turned(u, f.at, a.to.facing - u.facing, [a.to.x, a.to.y]), f.facing + a.to.facing - u.facing, w, d, { class: "fig" }));
    }
  } else if (/^march to /.test(a.text)) {
    const head = u.figs[0];
    const [w, d] = baseOf(u, head);
    grp.append(s("line", { class: "march-path", x1: fr.x(m[0]), y1: fr.y(m[1]), x2: fr.x(a.to.x), y2: fr.y(a.to.y) }));
    grp.append(base(fr, [a.to.x, a.to.y], a.to.facing, w, d, { class: "fig" }));
  } else {
    const v = [a.to.x - m[0], a.to.y - m[1]];
    for (const f of u.figs) {
      const [w, d] = baseOf(u, f);
      grp.append(base(fr, [f.at[0] + v[0], f.at[1] + v[1]], f.facing, w, d, { class: "fig" }));
    }
  }
  // a ring round the ghost figures, to click or take hold of
  const bx = grp.childElementCount ? boxOf(fr, [...grp.querySelectorAll(".base-body")].flatMap((p) => p.getAttribute("points").split(" ").map((xy) => fr.inches(...xy.split(",").map(Number)))), 3) : null;
  if (bx) grp.prepend(s("rect", { class: "ghost-ring", x: bx[0], y: bx[1], width: bx[2] - bx[0], height: bx[3] - bx[1], rx: 4 }));
  grp.append(s("title", {}, a.words || a.text));
  pressable(grp, a.words || a.text, () => ctx.picker.take(a));
  return grp;
}

/** The drag of the moving unit: the whole formation steps (or a column's head marches) along
 * a tape from where it stands; each figure's inches left of the rolled move are written by
 * it, and the server's answer beside the tape. Dropped, the order is given if legal. */
function wireDrag(ctx, svg, fr, u, baseOf, g, marching, ghosts, live, status, units, buildings) {
  const m = middle(u.figs);
  const head = u.figs[0];
  const from = marching ? head.at : m;
  // the tape's words keep off the ghost first, then off the figures and buildings on the table
  const others = [
    ...units.filter((v) => v.figs.length).map((v) => boxOf(fr, v.figs.map((f) => f.at), 5)),
    ...buildings.filter((b) => b.floor).map((b) => boxOf(fr, b.floor, 2)),
  ];
  const left = Object.fromEntries((g.figures_left || []).map(([f, l]) => [f, l]));
  const key = `${u.id}@${g.moving[1]}`;
  const state = dragged && dragged.key === key ? dragged : { key, v: [0, 0], result: null, moving: false };
  const to = () => [from[0] + state.v[0], from[1] + state.v[1]];
  const text = () => {
    const p = to();
    return marching ? `march to ${inch(p[0])},${inch(p[1])}` : `step ${inch(Math.hypot(...state.v))} at ${bearing([0, 0], state.v)}`;
  };
  const grp = s("g", { class: "ghost dragging", id: "drag-ghost" });
  const pieces = (marching ? [head] : u.figs).map((f) => {
    const [w, d] = baseOf(u, f);
    const b = base(fr, f.at, f.facing, w, d, { class: "fig" });
    const t = s("text", { class: "fig-left" });
    grp.append(b, t);
    return { f, w, d, b, t };
  });
  const measure = s("g", { class: "measure" });
  const show = () => {
    if (!state.moving) {
      live.replaceChildren();
      status.replaceChildren(`Drag ${u.id} to ${marching ? "march its head" : "step the whole unit"} anywhere; each figure has ${inch(Math.max(0, g.moving[0] - g.moving[1]))}" of its ${inch(g.moving[0])}" move at most.`);
      return;
    }
    if (!grp.isConnected) live.replaceChildren(measure, grp);
    const d = Math.hypot(...state.v);
    const v = d < 0.05 ? { ok: null, text: "drag farther to step" } : verdict(state.result);
    const lefts = pieces.map((p) => (left[p.f.index] ?? g.moving[0] - g.moving[1]) - d);
    const lo = Math.min(...lefts), hi = Math.max(...lefts);
    const ghostAt = (f) => (marching ? to() : [f.at[0] + state.v[0], f.at[1] + state.v[1]]);
    const avoid = [boxOf(fr, pieces.map((p) => ghostAt(p.f)), 10), ...others];
    measure.replaceChildren(tape(fr, from, to(), [`${inch(d)}" of the rolled ${inch(g.moving[0])}"`, `left: ${hi - lo <= 0.05 ? `${inch(lo)}" each figure` : `${inch(lo)}–${inch(hi)}" (by each figure)`}`, v.text], v.ok === true ? "ok" : v.ok === false ? "refused" : "", avoid));
    // each figure's inches left: its ghost coloured by them (under an inch, or none), and
    // written by it where the figures stand apart enough to read (else the tape gives the range)
    const differ = hi - lo > 0.05;
    const written = [];
    pieces.forEach((p, i) => {
      const at = marching ? to() : [p.f.at[0] + state.v[0], p.f.at[1] + state.v[1]];
      const facing = marching ? bearing(from, to()) : p.f.facing;
      placeBase(p.b, fr, at, facing, p.w, p.d);
      p.b.setAttribute("class", `fig${lefts[i] < -0.05 ? " left-over" : lefts[i] < 1 ? " left-low" : ""}`);
      const label = inch(Math.max(0, lefts[i]));
      const box = [fr.x(at[0]) + 4, fr.y(at[1]) - 11, fr.x(at[0]) + 6 + 4.2 * label.length, fr.y(at[1]) - 3];
      const room = differ && !written.some((b) => b[0] < box[2] && box[0] < b[2] && b[1] < box[3] && box[1] < b[3]);
      if (room) written.push(box);
      p.t.setAttribute("x", box[0]);
      p.t.setAttribute("y", box[3] - 1);
      p.t.setAttribute("class", `fig-left${lefts[i] < -0.05 ? " over" : ""}`);
      p.t.textContent = room ? label : "";
    });
    grp.setAttribute("class", `ghost dragging${v.ok === false ? " refused" : v.ok ? " ok" : ""}`);
    grp.dataset.text = text();
    status.replaceChildren(v.ok === false && v.rule
      ? h("span", { class: "refused" }, `Refused by ${v.rule}: ${state.result.message} `, h("button", { type: "button", class: "rule-link", id: "drag-rule", onclick: () => ctx.openRule(v.rule) }, `read ${v.rule}`))
      : h("span", { class: v.ok ? "ok" : "" }, `${text()}: ${v.text}`));
  };
  const checker = new Checker((x) => ctx.check(x), (x, result) => { if (x === text()) { state.result = result; show(); } });
  let grab0 = null; // where the pointer took hold, and the step then
  const moveTo = (p) => {
    const v = [grab0.v[0] + p[0] - grab0.p[0], grab0.v[1] + p[1] - grab0.p[1]];
    // no step longer than the most any figure has left
    const most = Math.max(0.1, g.moving[0] - g.moving[1]);
    const d = Math.hypot(...v);
    const k = d > most ? (most - 0.05) / d : 1;
    state.v = [Math.round(v[0] * k * 10) / 10, Math.round(v[1] * k * 10) / 10];
    state.result = null;
    dragged = state;
    show();
    if (Math.hypot(...state.v) >= 0.05) checker.want(text());
  };
  const settle = async () => {
    if (Math.hypot(...state.v) < 0.05) { state.moving = false; show(); return; }
    await checker.drop(text(), (result) => { state.result = result; show(); }, (x) => { dragged = null; ctx.takeText(x); });
  };
  // taken anywhere on the unit, its ghost or a listed ghost, the formation moves with the pointer
  const grab = (el, v0) => draggable(svg, fr, el, {
    start: (p) => { state.moving = true; grab0 = { p: p || from, v: v0() }; },
    move: moveTo,
    drop: settle,
  });
  const own = svg.querySelector(`.units [data-piece="${CSS.escape(u.id)}"]`);
  if (own) grab(own, () => [0, 0]);
  grab(grp, () => state.v);
  for (const gh of ghosts.children) {
    if (!gh.classList.contains("sk-ghost")) continue;
    const a = ctx.v.actions.find((x) => x.text === gh.dataset.text);
    grab(gh, () => (a && a.to ? (marching ? [a.to.x - from[0], a.to.y - from[1]] : [a.to.x - m[0], a.to.y - m[1]]) : [0, 0]));
  }
  show();
}

/** An enemy picked: every order against it, with the odds the server wrote. */
function targetBox(fr, ctx, u) {
  const acts = ctx.picker.shown().filter((a) => a.pieces[0] === u.id);
  const m = middle(u.figs) || [fr.width / 2, fr.depth / 2];
  const lines = acts.map((a) => ({ a, words: [a.words || a.text, ...(a.note ? a.note.split("; ") : [])] }));
  const w = Math.min(fr.width * 10 * 0.6, Math.max(...lines.flatMap((l) => l.words.map((x) => x.length))) * 5.4 + 20);
  const rows = lines.reduce((n, l) => n + l.words.length, 0);
  const hgt = rows * 13 + lines.length * 8 + 28;
  const tx = Math.min(Math.max(fr.x(m[0]) + 14, fr.x(0)), fr.x(fr.width) - w);
  const ty = Math.min(Math.max(fr.y(m[1]) - hgt / 2, fr.y(fr.depth)), fr.y(0) - hgt);
  const grp = s("g", { class: "odds-box", id: "odds-box" });
  grp.append(s("rect", { x: tx, y: ty, width: w, height: hgt, rx: 5 }), s("text", { x: tx + 8, y: ty + 15, class: "odds-head" }, `against ${u.id}:`));
  let y = ty + 22;
  for (const l of lines) {
    const row = s("g", { class: "odds-go target", "data-text": l.a.text });
    row.append(s("rect", { x: tx + 4, y, width: w - 8, height: l.words.length * 13 + 5, rx: 3 }));
    l.words.forEach((x, i) => row.append(s("text", { x: tx + 9, y: y + 12 + 13 * i, class: i ? "odds-line" : "odds-head" }, x)));
    pressable(row, l.a.text, () => ctx.picker.take(l.a));
    grp.append(row);
    y += l.words.length * 13 + 8;
  }
  return grp;
}

function under(ctx, g, status, mover) {
  const kids = [];
  const cards = g.cards.map((c, i) => h("span", { class: `card-chip ${red(c) ? "red" : "black"}${i === g.cards.length - 1 ? " last" : ""}` }, c));
  if (cards.length) kids.push(h("p", { class: "cards-line" }, "Cards this turn: ", ...cards, ` (${g.cards_left[0]} red and ${g.cards_left[1]} black to come; red activates the British, black the French)`));
  if (g.acting) kids.push(h("p", { class: "acting-line" }, h("strong", {}, `Acting: ${g.acting}`), `${g.stage ? ` (${g.stage})` : ""}${g.control ? `; its check allows it to ${g.control}` : ""}${g.moving ? `; its move ${inch(g.moving[0])}", ${inch(Math.max(0, g.moving[0] - g.moving[1]))}" left` : ""}.`));
  if (g.test) kids.push(h("p", {}, `Control check: rolled ${g.test[0]}, leaders ${g.test[1] >= 0 ? "+" : ""}${g.test[1]}${g.test[2].length ? `; bold leaders still to choose: ${g.test[2].join(", ")}` : ""}${g.control ? `; it may ${g.control}` : ""}`));
  if (g.charge) kids.push(h("p", {}, `Charge: ${g.charge}`));
  if ((mover && g.moving) || ctx.v.actions.some((a) => a.text === "ready")) kids.push(status);
  const off = g.units.filter((u) => u.side === g.seat && u.figures.length && u.figures.every((f) => f[5] === "off"));
  if (off.length) kids.push(h("p", { class: "muted" }, `Not yet on the table: ${off.map((u) => `${u.id} (${u.figures.length} men)`).join(", ")}.`));
  kids.push(h("p", { class: "muted legend" }, "Red British, blue French; gold: leaders; the thick edge is a figure's front. Faint and dashed: your own units the enemy cannot see. ",
    "Lit units: those the card may activate, or targets; ghosts: listed moves (click one, or drag the unit)."));
  ctx.under.replaceChildren(...kids);
}

export function prompt(ctx) {
  const g = ctx.game;
  if (!scenarioOf(ctx)) return textboard.prompt(ctx);
  if (ctx.v.actions.some((a) => a.text === "ready")) return "Set up (S1): drag a company to its place, drag on open ground to lay abatis, click a piece to lift it; ready when done.";
  if (g.phase.includes("choose")) return `Card ${g.cards[g.cards.length - 1] || ""}: click a lit unit to activate it.`;
  if (g.moving) return `${g.acting} moves: click a ghost or drag the unit; done ends its move.`;
  return `${g.phase}${g.acting ? `: ${g.acting}` : ""}.`;
}

/** Where a figure of unit `u` standing at `at` goes when the unit's anchor goes to `to` and
 * it turns `turn` degrees clockwise about it (S1's set-up). */
function turned(u, at, turn, to) {
  const r = (turn * Math.PI) / 180;
  const [x, y] = [at[0] - u.anchor[0], at[1] - u.anchor[1]];
  return [to[0] + x * Math.cos(r) + y * Math.sin(r), to[1] - x * Math.sin(r) + y * Math.cos(r)];
}

/** S1 the set-up by mouse: each unit the seat may set is dragged whole to a new place (its
 * facing kept; a listed ghost turns it), the server's answer beside the tape, and dropped it
 * is set there if legal; a drag on open ground lays a piece of abatis from where it began to
 * where it ends. */
function wireSetUp(ctx, svg, fr, units, baseOf, g, live, status) {
  const actions = ctx.v.actions;
  const laid = (g.abatis || []).reduce((n, p) => n + dist([p[0], p[1]], [p[2], p[3]]), 0);
  const idle = () => status.replaceChildren(`Set-up: drag a unit to place it; drag on open ground to lay abatis (${inch(laid)}" laid); click a piece to lift it; then ready.`);
  const answer = (text, result) => {
    const v = verdict(result);
    status.replaceChildren(v.ok === false && v.rule
      ? h("span", { class: "refused" }, `Refused by ${v.rule}: ${result.message} `, h("button", { type: "button", class: "rule-link", id: "drag-rule", onclick: () => ctx.openRule(v.rule) }, `read ${v.rule}`))
      : h("span", { class: v.ok ? "ok" : "" }, `${text}: ${v.text}`));
    return v;
  };
  const settable = units.filter((u) => u.figs.length && actions.some((a) => a.text.startsWith(`set ${u.id} at `)));
  for (const u of settable) {
    const el = svg.querySelector(`.units [data-piece="${CSS.escape(u.id)}"]`);
    if (!el) continue;
    let grab0 = null, v = [0, 0];
    const grp = s("g", { class: "ghost dragging", id: "set-up-ghost" });
    const text = () => `set ${u.id} at ${inch(u.anchor[0] + v[0])},${inch(u.anchor[1] + v[1])} facing ${Math.round(u.facing) % 360}`;
    const checker = new Checker((x) => ctx.check(x), (x, result) => {
      if (x !== text()) return;
      const verd = answer(x, result);
      grp.setAttribute("class", `ghost dragging${verd.ok === false ? " refused" : verd.ok ? " ok" : ""}`);
    });
    const show = () => {
      grp.replaceChildren();
      for (const f of u.figs) {
        const [w, d] = baseOf(u, f);
        grp.append(base(fr, [f.at[0] + v[0], f.at[1] + v[1]], f.facing, w, d, { class: "fig" }));
      }
      grp.dataset.text = text();
      const from = u.anchor, to = [u.anchor[0] + v[0], u.anchor[1] + v[1]];
      live.replaceChildren(tape(fr, from, to, [`${u.id} ${inch(dist(from, to))}"`, text()], "", []), grp);
    };
    draggable(svg, fr, el, {
      start: (p) => { grab0 = p || u.anchor; v = [0, 0]; },
      move: (p) => {
        v = [Math.round((p[0] - grab0[0]) * 10) / 10, Math.round((p[1] - grab0[1]) * 10) / 10];
        show();
        checker.want(text());
      },
      drop: async () => {
        if (Math.hypot(...v) < 0.05) { live.replaceChildren(); idle(); return; }
        await checker.drop(text(), (result) => answer(text(), result), (x) => ctx.takeText(x));
      },
    });
  }
  // the open ground under the figures: a drag on it lays a piece of abatis
  if (actions.some((a) => a.text === "ready")) {
    const ground = s("rect", { class: "set-up-ground", id: "set-up-ground", x: fr.x(0), y: fr.y(fr.depth), width: fr.x(fr.width) - fr.x(0), height: fr.y(0) - fr.y(fr.depth), fill: "transparent" });
    const layer = svg.querySelector(".units");
    if (layer) layer.parentNode.insertBefore(ground, layer); else svg.append(ground);
    // the pieces laid stay above it, to be clicked
    for (const el of svg.querySelectorAll(".set-up-abatis")) ground.after(el);
    let a0 = null, b = null;
    const line = s("line", { class: "l-abatis abatis-ghost", id: "abatis-ghost" });
    const text = () => `abatis ${inch(a0[0])},${inch(a0[1])} to ${inch(b[0])},${inch(b[1])}`;
    const checker = new Checker((x) => ctx.check(x), (x, result) => { if (b && x === text()) answer(x, result); });
    draggable(svg, fr, ground, {
      start: (p) => { a0 = p.map((c) => Math.round(c * 10) / 10); b = a0; },
      move: (p) => {
        b = p.map((c) => Math.round(c * 10) / 10);
        line.setAttribute("x1", fr.x(a0[0])); line.setAttribute("y1", fr.y(a0[1]));
        line.setAttribute("x2", fr.x(b[0])); line.setAttribute("y2", fr.y(b[1]));
        line.dataset.text = text();
        live.replaceChildren(tape(fr, a0, b, [`abatis ${inch(dist(a0, b))}" (${inch(laid)}" laid)`, text()], "", []), line);
        checker.want(text());
      },
      drop: async () => {
        if (!b || dist(a0, b) < 0.05) { live.replaceChildren(); idle(); return; }
        await checker.drop(text(), (result) => answer(text(), result), (x) => ctx.takeText(x));
      },
    });
  }
  idle();
}
