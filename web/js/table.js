// The miniatures table that D3 and the skirmish rules are played on, drawn to scale: the
// table with its grid and inch marks, the terrain as the scenario's file gives it (the board
// data of GET /api/reference/GAME), bases turned to their facing, ghost bases, a tape
// measure, the 6" zone and a field of fire; and the drag of a ghost base, checked as it goes
// (POST …/check) and ordered on drop. Geometry only: what is legal is the server's answer.
//
// Table coordinates are inches from the south-west corner, x east and y north, facings in
// compass degrees (docs/table.md); the SVG's y grows down, so every point is flipped.

import { s, pressable } from "./dom.js";

export const PX = 10; // SVG units to the inch

/** Where the table is drawn in the SVG: its margins for the inch marks and the title. */
export class Frame {
  constructor(width, depth, { left = 30, top = 34, right = 12, bottom = 22 } = {}) {
    Object.assign(this, { width, depth, left, top, right, bottom });
    this.w = left + width * PX + right;
    this.h = top + depth * PX + bottom;
  }
  x(v) { return +(this.left + v * PX).toFixed(2); }
  y(v) { return +(this.top + (this.depth - v) * PX).toFixed(2); }
  pt(p) { return `${this.x(p[0])},${this.y(p[1])}`; }
  pts(ps) { return ps.map((p) => this.pt(p)).join(" "); }
  /** A point of the SVG's own units back in inches. */
  inches(sx, sy) { return [(sx - this.left) / PX, this.depth - (sy - this.top) / PX]; }
}

// ---- geometry of bases (the table crate's conventions, for drawing) ----

const RAD = Math.PI / 180;
export const ahead = (f) => [Math.sin(f * RAD), Math.cos(f * RAD)];
export const rightOf = (f) => [Math.cos(f * RAD), -Math.sin(f * RAD)];
const add = (a, b, k = 1) => [a[0] + b[0] * k, a[1] + b[1] * k];
export const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
/** The compass bearing from a to b, whole degrees in [0, 360). */
export const bearing = (a, b) => ((Math.round(Math.atan2(b[0] - a[0], b[1] - a[1]) / RAD) % 360) + 360) % 360;

/** A base's corners: front left, front right, rear right, rear left. */
export function corners(at, facing, frontage, depth) {
  const a = ahead(facing), r = rightOf(facing);
  const f = add(at, a, depth / 2), b = add(at, a, -depth / 2);
  return [add(f, r, -frontage / 2), add(f, r, frontage / 2), add(b, r, frontage / 2), add(b, r, -frontage / 2)];
}

/** The ground within `d` inches of a base, edge to edge: the base grown with rounded corners. */
export function grownPath(fr, at, facing, frontage, depth, d) {
  const [fl, fR, rr, rl] = corners(at, facing, frontage, depth);
  const a = ahead(facing), r = rightOf(facing);
  const R = (d * PX).toFixed(1);
  const arc = (p) => ` A${R},${R} 0 0 1 ${fr.pt(p)}`;
  return `M${fr.pt(add(fl, a, d))} L${fr.pt(add(fR, a, d))}${arc(add(fR, r, d))} L${fr.pt(add(rr, r, d))}${arc(add(rr, a, -d))}` +
    ` L${fr.pt(add(rl, a, -d))}${arc(add(rl, r, -d))} L${fr.pt(add(fl, r, -d))}${arc(add(fl, a, d))} Z`;
}

/** The 45° field of fire out to `range` from the front edge: the strip ahead of it and a 45°
 * sector round each front corner (as the table crate measures arcs). */
export function firePath(fr, at, facing, frontage, depth, range) {
  const [fl, fR] = corners(at, facing, frontage, depth);
  const a = ahead(facing), r = rightOf(facing), c = Math.SQRT1_2;
  const left = [(a[0] - r[0]) * c, (a[1] - r[1]) * c], right = [(a[0] + r[0]) * c, (a[1] + r[1]) * c];
  const R = (range * PX).toFixed(1);
  return `M${fr.pt(fl)} L${fr.pt(add(fl, left, range))} A${R},${R} 0 0 1 ${fr.pt(add(fl, a, range))} L${fr.pt(add(fR, a, range))}` +
    ` A${R},${R} 0 0 1 ${fr.pt(add(fR, right, range))} L${fr.pt(fR)} Z`;
}

// ---- the table and its terrain ----

const AREA = new Set(["woods", "town", "marsh", "lake", "river", "ford", "bridge", "hill", "road", "entrenchment", "fort-wall", "field", "brush", "rocks"]);

/** The SVG of the table: its cloth, squares, inch marks, terrain and the names of terrain,
 * with `extra(svg, taken)` drawing the game's own ground before the names are placed. */
export function tableSvg(fr, layout, { label, extra } = {}) {
  // data-frame: where the table's inches are in the SVG (left, top, units to the inch, depth)
  const svg = s("svg", { viewBox: `0 0 ${fr.w} ${fr.h}`, class: "tabletop", role: "group", "aria-label": label || "the table", "data-frame": `${fr.left} ${fr.top} ${PX} ${fr.depth}` });
  svg.append(s("defs", {}, s("clipPath", { id: "tt-clip" }, s("rect", { x: fr.x(0), y: fr.y(fr.depth), width: fr.width * PX, height: fr.depth * PX }))));
  svg.append(s("rect", { class: "cloth", x: fr.x(0), y: fr.y(fr.depth), width: fr.width * PX, height: fr.depth * PX }));
  const grid = s("g", { class: "grid" });
  const step = layout.grid || 6;
  if (layout.grid) {
    for (let x = step; x < fr.width - 1e-9; x += step) grid.append(s("line", { x1: fr.x(x), y1: fr.y(0), x2: fr.x(x), y2: fr.y(fr.depth) }));
    for (let y = step; y < fr.depth - 1e-9; y += step) grid.append(s("line", { x1: fr.x(0), y1: fr.y(y), x2: fr.x(fr.width), y2: fr.y(y) }));
  }
  svg.append(grid);
  const marks = s("g", { class: "inch-marks" });
  for (let x = 0; x <= fr.width + 1e-9; x += step) marks.append(s("text", { x: fr.x(x), y: fr.y(0) + 13, "text-anchor": "middle" }, +x.toFixed(1)));
  for (let y = 0; y <= fr.depth + 1e-9; y += step) marks.append(s("text", { x: fr.x(0) - 4, y: fr.y(y) + 3, "text-anchor": "end" }, +y.toFixed(1)));
  svg.append(marks);
  const ground = s("g", { class: "ground" });
  for (const t of layout.terrain || []) {
    const kind = AREA.has(t.kind) ? t.kind : "other";
    ground.append(s("polygon", { class: `t-${kind}`, points: fr.pts(t.points) },
      s("title", {}, `${t.name || t.kind}${t.name ? ` (${t.kind})` : ""}${t.assumed ? `: assumed, ${t.assumed}` : ""}`)));
  }
  svg.append(ground);
  const taken = [];
  if (extra) extra(svg, taken);
  return { svg, taken };
}

/** Screen boxes [x0, y0, x1, y1] overlap. */
const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Places a label near `pts` (table points): the first of above, just inside the top, below,
 * west, east that stays on the table and clear of every box in `taken`, which it joins. The
 * widths are estimated from the characters (`size` px type).
 */
export function placeLabel(fr, pts, text, taken, { size = 9, cls = "t-name" } = {}) {
  const xs = pts.map((p) => fr.x(p[0])), ys = pts.map((p) => fr.y(p[1]));
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const w = text.length * size * 0.55, mid = (x0 + x1) / 2, my = (y0 + y1) / 2 + size / 3;
  const up = size * 1.25;
  const cands = [[mid, y0 - 3, "middle"], [mid, y0 + size + 3, "middle"], [mid, y1 + size + 2, "middle"], [x0 - 4, my, "end"], [x1 + 4, my, "start"],
    [mid, my, "middle"], [mid, y1 + size + 2 + up, "middle"], [mid, y0 - 3 - up, "middle"], [x0 - 4, y0 + size, "end"], [x1 + 4, y0 + size, "start"],
    [x0 - 4, y1, "end"], [x1 + 4, y1, "start"], [mid, y1 + size + 2 + 2 * up, "middle"], [mid, y0 - 3 - 2 * up, "middle"]];
  const box = ([x, y, anchor]) => { const l = anchor === "end" ? x - w : anchor === "start" ? x : x - w / 2; return [l, y - size, l + w, y + 2]; };
  const table = [fr.x(0), fr.y(fr.depth), fr.x(fr.width), fr.y(0)];
  const fits = (b) => b[0] >= table[0] && b[2] <= table[2] && b[1] >= table[1] && b[3] <= table[3];
  // the first place clear of everything; else the one that covers least of what is there
  const covered = (b) => taken.reduce((a, t) => a + Math.max(0, Math.min(b[2], t[2]) - Math.max(b[0], t[0])) * Math.max(0, Math.min(b[3], t[3]) - Math.max(b[1], t[1])), 0);
  const onTable = cands.filter((c) => fits(box(c)));
  const pick = onTable.find((c) => !taken.some((t) => overlap(t, box(c))))
    || onTable.reduce((best, c) => (!best || covered(box(c)) < covered(box(best)) ? c : best), null) || cands[0];
  taken.push(box(pick));
  return s("text", { class: cls, x: pick[0].toFixed(1), y: pick[1].toFixed(1), "text-anchor": pick[2] }, text);
}

/** The screen box of some table points, grown by `pad` px. */
export function boxOf(fr, pts, pad = 0) {
  const xs = pts.map((p) => fr.x(p[0])), ys = pts.map((p) => fr.y(p[1]));
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

// ---- bases, ghosts, the tape measure ----

/** A base: its rectangle with the front edge drawn thick; `attrs` go on the group. */
export function base(fr, at, facing, frontage, depth, attrs = {}) {
  const c = corners(at, facing, frontage, depth);
  const g = s("g", attrs);
  g.append(s("polygon", { class: "base-body", points: fr.pts(c) }));
  g.append(s("line", { class: "front", x1: fr.x(c[0][0]), y1: fr.y(c[0][1]), x2: fr.x(c[1][0]), y2: fr.y(c[1][1]) }));
  return g;
}

/** Moves a base drawn by [`base`] to a new place and facing. */
export function placeBase(el, fr, at, facing, frontage, depth) {
  const c = corners(at, facing, frontage, depth);
  el.querySelector(".base-body").setAttribute("points", fr.pts(c));
  const f = el.querySelector(".front");
  f.setAttribute("x1", fr.x(c[0][0])); f.setAttribute("y1", fr.y(c[0][1]));
  f.setAttribute("x2", fr.x(c[1][0])); f.setAttribute("y2", fr.y(c[1][1]));
}

/** The tape measure from `a` to `b` (table points) with its words beside it: of a few places
 * by the tape (up the page from its middle first), the first clear of the `avoid` boxes
 * (screen boxes: the ghost first, then what else should stay in sight), else the one covering
 * least of them, on the table. */
export function tape(fr, a, b, words, cls = "", avoid = []) {
  const g = s("g", { class: `tape ${cls}` });
  g.append(s("line", { class: "tape-line", x1: fr.x(a[0]), y1: fr.y(a[1]), x2: fr.x(b[0]), y2: fr.y(b[1]) }));
  // a tick every inch along it
  const d = dist(a, b);
  for (let k = 1; k < d; k++) {
    const p = add(a, [(b[0] - a[0]) / d, (b[1] - a[1]) / d], k);
    g.append(s("circle", { class: "tape-tick", cx: fr.x(p[0]), cy: fr.y(p[1]), r: k % 6 ? 0.8 : 1.6 }));
  }
  const lines = [].concat(words).flatMap((l) => wrap(l, 46));
  const w = Math.max(...lines.map((l) => l.length)) * 5.6 + 10, hgt = 13 * lines.length + 6;
  const [ax, ay, bx, by] = [fr.x(a[0]), fr.y(a[1]), fr.x(b[0]), fr.y(b[1])];
  const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
  const len = Math.hypot(bx - ax, by - ay) || 1;
  let [px, py] = [-(by - ay) / len, (bx - ax) / len];
  if (py > 0 || (py === 0 && px > 0)) [px, py] = [-px, -py];
  const reach = Math.abs(px) * w / 2 + Math.abs(py) * hgt / 2 + 10;
  const places = [[mx + px * reach, my + py * reach], [mx - px * reach, my - py * reach], [ax + px * reach, ay + py * reach], [ax - px * reach, ay - py * reach],
    [mx, my - reach - 30], [mx, my + reach + 30]].map(([cx, cy]) => [
    Math.min(Math.max(cx - w / 2, fr.x(0)), fr.x(fr.width) - w), Math.min(Math.max(cy - hgt / 2, fr.y(fr.depth)), fr.y(0) - hgt)]);
  // (the first box, the ghost, weighs most)
  const cover = ([x, y]) => avoid.reduce((sum, t, i) => sum + (i ? 1 : 10) * Math.max(0, Math.min(x + w, t[2]) - Math.max(x, t[0])) * Math.max(0, Math.min(y + hgt, t[3]) - Math.max(y, t[1])), 0);
  const [tx, ty] = places.find((p) => cover(p) === 0) || places.reduce((best, p) => (cover(p) < cover(best) ? p : best));
  g.append(s("rect", { class: "tape-box", x: tx, y: ty, width: w, height: hgt, rx: 3 }));
  const verdictFrom = lines.length - wrap([].concat(words).at(-1), 46).length;
  lines.forEach((l, i) => g.append(s("text", { class: `tape-text${i >= verdictFrom ? " verdict" : ""}`, x: tx + 5, y: ty + 13 + 13 * i }, l)));
  return g;
}

/** A line broken at spaces into lines of at most `n` characters (a longer word stays whole). */
function wrap(line, n) {
  const out = [];
  let cur = "";
  for (const word of line.split(" ")) {
    if (cur && cur.length + 1 + word.length > n) { out.push(cur); cur = word; } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}

/** Inches to a tenth, as orders write them ("12", "4.5"). */
export const inch = (v) => String(+v.toFixed(1));

// ---- checking while dragging ----

/**
 * Asks the server about the order a drag makes as it goes: at most one question in flight,
 * and only the latest order waiting, so a drag sends a few questions a second whatever the
 * pointer does. `answer(text, result)` gets {legal} or {legal: false, rule, message}.
 */
export class Checker {
  constructor(ask, answer, gap = 120) {
    this.ask = ask;
    this.answer = answer;
    this.gap = gap;
    this.busy = false;
    this.next = null;
    this.last = null; // {text, result}
  }
  want(text) {
    if (this.last && this.last.text === text) { this.answer(text, this.last.result); return; }
    this.next = text;
    if (!this.busy) this.pump();
  }
  async pump() {
    while (this.next) {
      const text = this.next;
      this.next = null;
      this.busy = true;
      let result;
      try { result = await this.ask(text); } catch (e) { result = { legal: false, rule: "input", message: e.message }; }
      this.last = { text, result };
      this.answer(text, result);
      await new Promise((r) => setTimeout(r, this.gap));
      this.busy = false;
    }
  }
  /** The answer for `text`, asked now if it was not the last one asked. */
  async settle(text) {
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    if (this.last && this.last.text === text) return this.last.result;
    let result;
    try { result = await this.ask(text); } catch (e) { result = { legal: false, rule: "input", message: e.message }; }
    this.last = { text, result };
    this.answer(text, result);
    return result;
  }
  /** The drop of a drag: `text` settled, its verdict drawn by `shown(result)`, then, if it is
   * legal, ordered by `take(text)`. */
  async drop(text, shown, take) {
    const result = await this.settle(text);
    shown(result);
    if (result.legal) take(text);
  }
}

/**
 * Makes `el` draggable on the SVG `svg` of frame `fr`: `start([x, y])` when a drag begins (after
 * the pointer has moved a few pixels) with where it was pressed, `move([x, y])` with the
 * pointer, both in inches, `drop()` at the end. A press that does not move stays a click. The zoom leaves `[data-drag]` alone.
 */
export function draggable(svg, fr, el, { start, move, drop }) {
  el.setAttribute("data-drag", "1");
  let down = null, dragging = false, held = false;
  const letGo = () => { if (held) { held = false; release(); } };
  const inches = (e) => {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return fr.inches(p.x, p.y);
  };
  el.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    down = { x: e.clientX, y: e.clientY, id: e.pointerId, at: inches(e) };
    dragging = false;
    if (!held) { held = true; presses++; }
    try { el.setPointerCapture(e.pointerId); } catch { /* a pointer that is gone */ }
  });
  el.addEventListener("pointermove", (e) => {
    if (!down) return;
    if (!dragging && Math.hypot(e.clientX - down.x, e.clientY - down.y) < 4) return;
    if (!dragging) { dragging = true; start(down.at); }
    const p = inches(e);
    if (p) move(p);
  });
  const end = (e) => {
    if (!down) { letGo(); return; }
    const was = dragging;
    down = null;
    dragging = false;
    if (was) {
      // the click that follows a drag is not a click on the base
      const stop = (ev) => { ev.stopPropagation(); ev.preventDefault(); };
      el.addEventListener("click", stop, { capture: true, once: true });
      setTimeout(() => el.removeEventListener("click", stop, { capture: true }), 50);
      drop(e);
    }
    // after the drop, so that the order it gives is sent before a waiting drawing is made
    letGo();
  };
  el.addEventListener("pointerup", end);
  el.addEventListener("pointercancel", end);
  el.addEventListener("lostpointercapture", end);
}

// A board drawn again while a piece is pressed loses the press: the new pieces never hear the
// pointer move or let go, and the drag dies half made (the opponent's chat line, or the socket
// bringing again the version an action's answer brought, came in mid-drag). So the page asks
// `pressed()` before it draws and, if so, draws once the press ends (`whenLetGo`).
let presses = 0;
let waiting = [];
function release() {
  presses = Math.max(0, presses - 1);
  if (presses) return;
  const now = waiting;
  waiting = [];
  for (const f of now) f();
}
/** Whether a piece of the board is held by the pointer now. */
export const pressed = () => presses > 0;
/** `f` once no piece is held (at once if none is); asked twice before then, it runs once. */
export function whenLetGo(f) {
  if (!presses) { f(); return; }
  if (!waiting.includes(f)) waiting.push(f);
}

/** The words of a check's answer, and whether it cites a rule the panel can open. */
export function verdict(result) {
  if (!result) return { ok: null, text: "checking…" };
  if (result.legal) return { ok: true, text: "legal" };
  const rule = result.rule && result.rule !== "input" ? result.rule : null;
  return { ok: false, rule, text: rule ? `${rule}: ${result.message}` : result.message };
}

/** A pivot in place that takes its order when clicked: a ring ahead of the base with a
 * line in the new facing (a ghost on the base itself would hide the base). */
export function pivotMarker(fr, at, facing, depth, label, act, attrs = {}) {
  const a = ahead(facing);
  const c = add(at, a, depth / 2 + 2.2);
  const tip = add(c, a, 1.1);
  const g = s("g", { class: "pivot target", ...attrs });
  g.append(s("circle", { cx: fr.x(c[0]), cy: fr.y(c[1]), r: 6 }), s("line", { x1: fr.x(c[0]), y1: fr.y(c[1]), x2: fr.x(tip[0]), y2: fr.y(tip[1]) }), s("title", {}, label));
  pressable(g, label, act);
  return g;
}

/** A ghost base that takes its order when clicked (and by keyboard). */
export function ghost(fr, at, facing, frontage, depth, label, act, attrs = {}) {
  const g = base(fr, at, facing, frontage, depth, { class: "ghost target", ...attrs });
  pressable(g, label, act);
  g.append(s("title", {}, label));
  return g;
}
