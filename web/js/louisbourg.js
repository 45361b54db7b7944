// Louisbourg 1758: a schematic map of the siege (the places at the points the board data
// gives, marked assumed there), the roads solid or dotted with their limits, the blocks as
// blocks (this seat's face up with type and SP, the enemy's blank until the server shows them),
// ships, control, and the hand of cards with their effects. Everything clickable comes from
// the seat's legal actions (actions.js).

import { h, s, pressable } from "./dom.js";
import { sideName, SIDE_NAMES } from "./api.js";
import { last } from "./actions.js";

const KIND = { regular: "Reg", light: "Lt", ranger: "Rgr", militia: "Mil", indian: "Ind", ship: "Ship" };
const B = 26; // a block's side
const GAP = 3;

// the coast, drawn over the sea: decoration only (the places and roads are the data's)
const LAND = "M0,0 L1000,0 L1000,250 L960,300 L930,345 L880,330 L850,280 L760,215 L650,178 L520,192 " +
  "L430,250 L425,320 L500,372 L600,392 L700,402 L760,382 L800,440 L775,500 L745,570 L715,640 L640,690 " +
  "L560,715 L470,720 L390,700 L300,660 L200,622 L100,594 L0,606 Z";
const ISLAND = "M842,352 L905,345 L915,372 L858,380 Z";

function perRow(kind) { return kind === "land" ? 6 : 7; }

/**
 * The blocks of one place, as the view shows them, each with what is drawn on it: a seat's
 * own face up and the enemy's face down until revealed; for a spectator both sides as the
 * other sees them (own_hidden); at the reveal every block named.
 */
function blocksOf(p, seat) {
  const enemy = seat === "british" ? "french" : "british";
  const own = p.own.map((b) => ({ side: seat, id: b.id, kind: b.kind, sp: b.sp, max: b.max_sp, used: b.used }));
  const ownHidden = Array.from({ length: p.own_hidden || 0 }, () => ({ side: seat, hidden: true }));
  const seen = p.enemy_seen.map((b) => ({ side: enemy, id: b.id, kind: b.kind, sp: b.sp, max: b.max_sp, used: b.used }));
  const hidden = Array.from({ length: p.enemy_hidden }, () => ({ side: enemy, hidden: true }));
  return own.concat(ownHidden, seen, hidden);
}

function blockEl(b, x, y, ctx, pieceTargets) {
  const target = b.id && pieceTargets.has(b.id);
  const selected = b.id && ctx.picker.selected === b.id;
  const cls = ["block", b.side, b.hidden ? "hidden" : null, target ? "target" : null, selected ? "selected" : null].filter(Boolean).join(" ");
  const g = s("g", { class: cls, transform: `translate(${x},${y})`, "data-piece": b.id || null });
  g.append(s("rect", { width: B, height: B, rx: 3 }));
  if (!b.hidden) {
    g.append(s("text", { x: B / 2, y: 11 }, KIND[b.kind] || b.kind));
    g.append(s("text", { x: B / 2, y: 22 }, b.kind === "ship" && b.used ? `${b.sp}·` : `${b.sp}`));
    g.append(s("title", {}, `${sideName(b.side)} ${b.kind}${b.id ? ` ${b.id}` : ""}, ${b.sp} of ${b.max} SP${b.used ? ", used this turn" : ""}`));
  } else {
    g.append(s("title", {}, `a ${sideName(b.side)} block, face down`));
  }
  if (target) {
    const acts = pieceTargets.get(b.id);
    pressable(g, `${b.id}: ${acts.map((a) => a.text).join("; ")}`, () => ctx.picker.clickPiece(b.id));
  } else if (selected) {
    pressable(g, `${b.id}: picked (click again to drop)`, () => ctx.picker.clickPiece(b.id));
  }
  return g;
}

/** The box a place's blocks are drawn in: its size from how many blocks it holds. */
function frame(place, count, below = 0) {
  const n = perRow(place.kind);
  const rows = Math.max(1, Math.ceil(count / n));
  const w = Math.max(n * (B + GAP) + GAP + 8, place.kind === "land" ? 196 : 0);
  const hgt = 22 + rows * (B + GAP) + 4 + below;
  return { x: place.x - w / 2, y: place.y - hgt / 2, w, h: hgt, n };
}

export function draw(ctx) {
  const map = ctx.ref.board.map;
  const g = ctx.game;
  const seat = g.seat;
  const byId = Object.fromEntries(map.places.map((p) => [p.id, p]));
  const seen = Object.fromEntries(g.places.map((p) => [p.id, p]));
  const pieceTargets = ctx.picker.pieceTargets();
  const plan = planActions(ctx.v.actions, ctx.picker, ctx.openRule);
  const placeTargets = plan ? new Map() : ctx.picker.placeTargets();
  const svg = s("svg", { viewBox: `0 0 ${map.width} ${map.height}`, class: "louisbourg", role: "group", "aria-label": "the map of Louisbourg 1758" });
  svg.append(s("rect", { class: "sea", x: 0, y: 0, width: map.width, height: map.height }));
  svg.append(s("path", { class: "land-bg", d: LAND }));
  svg.append(s("path", { class: "land-bg", d: ISLAND }));
  svg.append(s("text", { class: "sea-label", x: 600, y: 790 }, "Atlantic"));
  // roads, under the places; their limits over them
  const limits = [];
  for (const r of map.roads) {
    const [a, b] = r.between.map((id) => byId[id]);
    svg.append(s("line", { class: `road ${r.kind}`, x1: a.x, y1: a.y, x2: b.x, y2: b.y },
      s("title", {}, `${a.name} – ${b.name}: ${r.kind} road, ${r.limit} units a move${r.assumed ? ` (assumed: ${r.assumed})` : ""}`)));
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    limits.push(s("g", { class: "limit" }, s("circle", { cx: mx, cy: my, r: 9, class: "limit-dot" }),
      s("text", { class: "road-limit", x: mx, y: my + 4, "text-anchor": "middle" }, r.limit)));
  }
  // places with their blocks
  for (const mp of map.places) {
    const p = seen[mp.id];
    if (!p) continue;
    const blocks = blocksOf(p, seat);
    // a line under the blocks for the losses seen
    const f = frame(mp, blocks.length, p.enemy_loss_seen || p.own_loss_seen ? 13 : 0);
    const acts = placeTargets.get(mp.id);
    const planSite = plan && plan.sites.includes(mp.id);
    const grp = s("g", { class: `place${acts || planSite ? " target" : ""}`, "data-place": mp.id });
    const ctl = p.control ? ` ${p.control}` : "";
    grp.append(s("rect", { class: mp.kind === "land" ? `loc${ctl}` : "box", x: f.x, y: f.y, width: f.w, height: f.h, rx: mp.kind === "land" ? 8 : 4 }));
    const label = mp.kind === "land" ? mp.name : mp.name;
    grp.append(s("text", { class: "loc-name", x: f.x + 6, y: f.y + 15 }, label));
    if (p.control) grp.append(s("text", { x: f.x + f.w - 6, y: f.y + 15, "text-anchor": "end", class: `control ${p.control}` }, p.control === "british" ? "Br" : "Fr", s("title", {}, `${sideName(p.control)} control`)));
    // the losses seen sit in the box's lower corner, clear of its name and control mark
    if (p.own_loss_seen) grp.append(s("text", { x: f.x + f.w - 30, y: f.y + f.h - 5, "text-anchor": "end", class: "loss-seen" }, `−${p.own_loss_seen}`, s("title", {}, `the ${sideName(seat)} blocks here have lost ${p.own_loss_seen} SP in sight`)));
    if (p.enemy_loss_seen) grp.append(s("text", { x: f.x + f.w - 6, y: f.y + f.h - 5, "text-anchor": "end", class: "loss-seen" }, `−${p.enemy_loss_seen}`, s("title", {}, `the enemy's blocks here have lost ${p.enemy_loss_seen} SP that you saw`)));
    blocks.forEach((b, i) => {
      const bx = f.x + 4 + GAP + (i % f.n) * (B + GAP);
      const by = f.y + 22 + Math.floor(i / f.n) * (B + GAP);
      grp.append(blockEl(b, bx, by, ctx, pieceTargets));
    });
    if (g.battle && g.battle.at === mp.id) grp.append(s("rect", { class: "lit-ring", x: f.x - 4, y: f.y - 4, width: f.w + 8, height: f.h + 8, rx: 10, stroke: "#c00" }));
    if (acts) {
      const why = acts.map((a) => a.text + (a.note ? ` (${a.note})` : "")).join("; ");
      grp.append(s("title", {}, why));
      // the odds the server wrote for the seat, shortened to a badge on the box
      const odds = acts.map((a) => /you win (\d+) %/.exec(a.note || "")).find(Boolean);
      if (odds) {
        grp.append(s("rect", { class: "odds", x: f.x + f.w - 74, y: f.y - 9, width: 70, height: 16, rx: 8 }));
        grp.append(s("text", { class: "odds-text", x: f.x + f.w - 39, y: f.y + 3, "text-anchor": "middle" }, `win ${odds[1]} %`));
      }
      pressable(grp, `${mp.name}: ${why}`, () => ctx.picker.clickPlace(mp.id));
    } else if (planSite) {
      pressable(grp, `${mp.name}: add a unit to land here`, () => plan.add(mp.id));
    }
    if (plan && planSite) grp.append(s("text", { x: f.x + f.w - 6, y: f.y + f.h - 8, "text-anchor": "end", class: "plan-count" }, `lands ${plan.count(mp.id)}`));
    svg.append(grp);
  }
  svg.append(...limits);
  // this seat's pieces the actions name that are on no place yet (the French set-up)
  const onMap = new Set(g.places.flatMap((p) => p.own.map((b) => b.id)));
  const tray = [...pieceTargets.keys()].filter((id) => !onMap.has(id) && !g.hand.some((c) => c.id === id));
  if (tray.length || (ctx.picker.selected && !onMap.has(ctx.picker.selected) && !g.hand.some((c) => c.id === ctx.picker.selected))) {
    const ids = tray.length ? tray : [ctx.picker.selected];
    const tg = s("g", { class: "tray" });
    const w = Math.max(90, Math.min(ids.length, 10) * (B + GAP) + 12);
    tg.append(s("rect", { class: "box", x: 300, y: 8, width: w, height: 26 + Math.ceil(ids.length / 10) * (B + GAP), rx: 4 }));
    tg.append(s("text", { class: "loc-name", x: 306, y: 24 }, "To set up"));
    ids.forEach((id, i) => tg.append(blockEl({ side: seat, id, kind: guessKind(id), sp: "", max: "", used: false, label: true }, 306 + (i % 10) * (B + GAP), 30 + Math.floor(i / 10) * (B + GAP), ctx, pieceTargets)));
    svg.append(tg);
  }
  svg.append(info(g, map));
  under(ctx, plan);
  return { el: svg, width: map.width, height: map.height };
}

/** A block not yet on the map is known here only by its name; its kind is the name's word. */
function guessKind(id) {
  const w = id.split("-")[1] || "";
  if (w.startsWith("reg")) return "regular";
  if (w.startsWith("mil")) return "militia";
  if (w.startsWith("ind")) return "indian";
  if (w.startsWith("light")) return "light";
  if (w.startsWith("ranger")) return "ranger";
  if (w.startsWith("ship")) return "ship";
  return w;
}

function info(g, map) {
  const x = map.width - 236;
  const lines = [
    `Turn ${g.turn} of 16`,
    `Order: ${g.order.map((o) => sideName(o)).join(", ")}${g.order_roll ? ` (rolls ${g.order_roll[0]}–${g.order_roll[1]})` : ""}`,
    // the log's own words for the roll (8.1.3): fair, or rough seas
    `Weather: ${g.rough_seas ? "rough seas" : "fair"}`,
    g.battle ? `Battle: ${map.places.find((p) => p.id === g.battle.at)?.name}, round ${g.battle.round}` : "No battle being fought",
  ];
  const grp = s("g", { class: "info" });
  grp.append(s("rect", { x: x - 8, y: 700, width: 240, height: 20 * lines.length + 10, rx: 6, class: "info-box" }));
  lines.forEach((t, i) => grp.append(s("text", { x, y: 720 + i * 20 }, t)));
  return grp;
}

/** The hand of cards, the played cards and the facts of the turn, beside the map. */
function under(ctx, plan) {
  const g = ctx.game;
  const faces = Object.fromEntries(ctx.ref.board.cards.map((c) => [c.id, c]));
  const pieceTargets = ctx.picker.pieceTargets();
  const card = (c, side, playable) => {
    const f = faces[c.id] || {};
    const el = h("div", { class: `card ${c.flag}${playable ? " target" : ""}`, "data-piece": c.id },
      h("h4", {}, c.name), h("div", { class: "muted" }, `${sideName(c.flag)} flag${f.effect ? "" : ` · ${c.when}`}`),
      f.effect ? h("div", {}, f.effect) : null,
      c.house ? h("div", { class: "house" }, "House card: the project's own, not a published card") : null,
      side ? h("div", { class: "muted" }, `played by the ${sideName(side)}`) : null);
    if (playable) pressable(el, `${c.name}: ${pieceTargets.get(c.id).map((a) => a.text).join("; ")}`, () => ctx.picker.clickPiece(c.id));
    return el;
  };
  const kids = [];
  const mine = g.sight === "seat";
  const other = g.seat === "british" ? "french" : "british";
  const cards = (n) => `${n} card${n === 1 ? "" : "s"}`;
  const facts = mine
    ? [`Your army: ${g.own_sp} SP`, `Enemy hand: ${cards(g.enemy_hand)}`]
    : [g.own_sp != null ? `${sideName(g.seat)} army: ${g.own_sp} SP` : null,
      g.sight === "public" ? `${sideName(g.seat)} hand: ${cards(g.hand_hidden || 0)}` : null,
      g.sight === "public" ? `${sideName(other)} hand: ${cards(g.enemy_hand)}` : null].filter(Boolean);
  facts.push(`Deck: ${g.deck_left}`, `Discards: ${g.discards}`);
  if (g.landing_plan) facts.push(`${mine ? "Your" : "The British"} landing plan: Kennington Cove ${g.landing_plan[0]}, Flat Point ${g.landing_plan[1]}, White Point ${g.landing_plan[2]}`);
  kids.push(h("div", { class: "facts" }, ...facts.map((f) => h("span", {}, f))));
  if (plan) kids.push(plan.panel());
  if (g.battle) {
    // the battle being fought: its last rolls and hits, as the seat's log gives them
    const at = ctx.ref.board.map.places.find((p) => p.id === g.battle.at);
    const lines = (ctx.log || []).slice(-6);
    kids.push(h("div", { class: "battle-box" }, h("h3", {}, `Battle at ${at ? at.name : g.battle.at}, round ${g.battle.round} (${sideName(g.battle.attacker)} attacking)`),
      h("ul", {}, ...lines.map((l) => h("li", {}, l)))));
  }
  if (g.sight !== "public") {
    kids.push(h("h3", {}, mine ? "Your hand" : `The ${sideName(g.seat)} hand`));
    kids.push(g.hand.length ? h("div", { class: "hand" }, ...g.hand.map((c) => card(c, null, pieceTargets.has(c.id)))) : h("p", { class: "muted" }, "no cards"));
  }
  if (g.sight === "whole") {
    kids.push(h("h3", {}, `The ${sideName(other)} hand`));
    kids.push(g.enemy_cards && g.enemy_cards.length ? h("div", { class: "hand" }, ...g.enemy_cards.map((c) => card(c, null, false))) : h("p", { class: "muted" }, "no cards"));
  }
  if (g.played.length) {
    kids.push(h("h3", {}, "Played this turn"));
    kids.push(h("div", { class: "hand" }, ...g.played.map(([side, c]) => card(c, side, false))));
  }
  ctx.under.replaceChildren(...kids);
}

// The landing plan (7): every action names the same sites with a number each
// ("plan kennington-cove=1 flat-point=2 white-point=3"); the page counts clicks on the sites
// and offers the plan once the counts are one of the actions.
let planState = null;

function planActions(actions, picker, openRule) {
  const plans = actions.filter((a) => a.pieces.length === 0 && a.places.length > 1 && / \S+=\d+/.test(a.text));
  if (!plans.length || plans.length !== actions.length) { planState = null; return null; }
  const sites = plans[0].places;
  const counts = (a) => Object.fromEntries([...a.text.matchAll(/(\S+)=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
  const options = plans.map((a) => ({ a, c: counts(a) }));
  const max = Object.fromEntries(sites.map((site) => [site, Math.max(...options.map((o) => o.c[site] ?? 0))]));
  if (!planState || planState.key !== plans.map((a) => a.text).join("|")) {
    planState = { key: plans.map((a) => a.text).join("|"), now: Object.fromEntries(sites.map((site) => [site, 0])) };
  }
  const matching = () => options.find((o) => sites.every((site) => (o.c[site] ?? 0) === planState.now[site]));
  // the totals the rules allow, read from the plans offered (7: 4 to 6 units in all)
  const totals = options.map((o) => sites.reduce((n, site) => n + (o.c[site] ?? 0), 0));
  const [least, most] = [Math.min(...totals), Math.max(...totals)];
  return {
    sites,
    count: (site) => planState.now[site],
    add: (site) => { planState.now[site] = planState.now[site] >= max[site] ? 0 : planState.now[site] + 1; picker.redraw(); },
    panel() {
      const m = matching();
      const btn = h("button", { type: "button", id: "plan-go", disabled: !m, onclick: () => m && picker.take(m.a) }, m ? `Land: ${m.a.text}` : "not a plan the rules allow yet");
      const now = sites.reduce((n, site) => n + planState.now[site], 0);
      return h("div", { class: "plan" },
        h("p", {}, `The landing plan puts ${least} to ${most} units in all on the beaches (`,
          openRule ? h("button", { type: "button", class: "rule-link", onclick: () => openRule("7") }, "rule 7") : "rule 7",
          `). Click a beach on the map to add a unit landing there (clicking past the most wraps to 0). Now ${now}: `,
          sites.map((site) => `${site.replace(/-/g, " ")} ${planState.now[site]}`).join(", "), "."), btn);
    },
  };
}

/**
 * The words an action's button shows: the map's names for its places ("flat-point" is Flat
 * Point), the cards' titles for their ids, the sides as the rules write them. The action's
 * text, which is what it plays and what saves hold, is unchanged.
 */
export function label(ctx, text) {
  const names = Object.fromEntries([
    ...ctx.ref.board.map.places.map((p) => [p.id, p.name]),
    ...ctx.ref.board.cards.map((c) => [c.id, c.name]),
    ...Object.entries(SIDE_NAMES),
  ]);
  return text.split(" ").map((w) => {
    const [k, v] = w.split("=");
    const n = names[k];
    if (!n) return w;
    return v === undefined ? n : `${n} ${v}`;
  }).join(" ");
}

export function prompt(ctx) {
  return ctx.game.waiting_for;
}
