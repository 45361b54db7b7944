// The campaign: the war on Solitaire's map, each attack that waits settled by the chart, by the
// generals or by a battle the player fights. Between battles the map is drawn as solitaire.js
// draws it, with the attack that waits and the battles so far beneath; while a battle is under
// way its own table is drawn by its game's board (d3.js, skirmish.js, louisbourg.js), from the
// battle's view and that game's board data, its orders the battle game's own. When the battle
// ends the server puts its result on the map and the next drawing is the map again.

import { h } from "./dom.js";
import { sideName } from "./api.js";
import * as solitaire from "./solitaire.js";
import * as d3 from "./d3.js";
import * as skirmish from "./skirmish.js";
import * as louisbourg from "./louisbourg.js";

const TABLES = { d3, skirmish, louisbourg };
const GAME_WORDS = { d3: "D3 battle", skirmish: "skirmish", louisbourg: "siege of Louisbourg" };

/** The part of the campaign on screen: the map, or the battle's table, with the context its
 * own board draws from (its view as `game`, its board data as `ref.board`). */
function part(ctx) {
  const c = ctx.game;
  if (c.battle) {
    const [name, view] = Object.entries(c.battle.view)[0];
    // a generated table comes beside the battle's view, in the shape the game's reference
    // gives its own scenarios (the siege is drawn on Louisbourg's own map)
    const data = ctx.ref.board[name];
    const board = c.battle.table ? { ...data, scenarios: [c.battle.table] } : data;
    return { name, board: TABLES[name], ctx: { ...ctx, game: view, ref: { ...ctx.ref, board } } };
  }
  return { name: "map", board: solitaire, ctx: { ...ctx, game: c.map, ref: { ...ctx.ref, board: ctx.ref.board.map } } };
}

export function draw(ctx) {
  const p = part(ctx);
  const drawn = p.board.draw(p.ctx);
  const c = ctx.game;
  if (c.battle) {
    const b = c.battle;
    ctx.under.prepend(h("div", { class: "campaign-box", id: "campaign-battle", "data-table": p.name },
      h("strong", {}, `Battle at ${b.town}: `),
      `you command the ${sideName(b.side)} in a ${GAME_WORDS[p.name] || p.name}. When it ends, its result goes to the map and the campaign goes on.`));
  } else {
    ctx.under.prepend(mapBox(c, ctx.replayFind));
  }
  return drawn;
}

/** Whether this is the two-player campaign (C11): no BOT, a second person in its seat. */
function twoPlayers(c) {
  return !!(c.map && c.map.board && c.map.board.two_players);
}

/** Beneath the map: the attack that waits, with what each way of settling it gives, and the
 * battles fought so far, each linked to the replay where it began once the replay is given
 * out (`replayFind`, at the campaign's end). */
function mapBox(c, replayFind) {
  const kids = [];
  const w = c.waiting;
  if (w) {
    kids.push(h("div", { class: "campaign-waiting", id: "campaign-waiting", "data-battle": w.battle },
      h("h3", {}, `An attack waits: the ${sideName(w.attacker)} on ${w.town} (${w.region})`),
      h("ul", {},
        h("li", {}, `the chart: they advance on ${w.chart_sixths} in 6 (${Math.round((100 * w.chart_sixths) / 6)} %)`),
        h("li", {}, `a ${GAME_WORDS[tableOf(w.battle)] || w.battle}, fought by the generals: the attackers carry ${Math.round(w.battle_odds)} %`),
        h("li", {}, twoPlayers(c) ? "or fight it on its own table, each player commanding their side" : "or fight it yourself, on its own table"))));
  }
  const fought = c.battles || [];
  kids.push(h("div", { class: "campaign-battles", id: "campaign-battles" },
    h("h3", {}, fought.length ? `Battles so far (${fought.length})` : "No battle fought yet"),
    fought.length ? h("ol", {}, ...fought.map((r, i) => h("li", {}, battleWords(r, twoPlayers(c)), " ",
      replayFind ? h("button", { type: "button", class: "rule-link battle-replay", "data-battle": i, onclick: () => replayFind((entries) => battleStep(fought, i, entries)) }, "replay it") : null))) : null));
  return h("div", { class: "campaign-box" }, ...kids);
}

/** The replay step just after the action that settled battle `i` of the record: the record
 * and the campaign's entries list the battles in the same order, each begun by a "fight" or a
 * "generals" of the player. */
function battleStep(fought, i, entries) {
  const word = (r) => (r.how === "fought" ? "fight" : "generals");
  const nth = fought.slice(0, i).filter((r) => word(r) === word(fought[i])).length;
  // the actions that stand: an undo takes back the last one standing
  const standing = [];
  entries.forEach((e, k) => {
    if (e.kind === "action") standing.push(k);
    else if (e.kind === "undo") standing.pop();
  });
  const settled = standing.filter((k) => entries[k].text === word(fought[i]));
  return settled.length > nth ? settled[nth] + 1 : null;
}

/** The game a kind of battle is fought in (crates/campaign/src/kind.rs). */
function tableOf(kind) {
  return kind === "fort" ? "d3" : kind === "louisbourg" ? "louisbourg" : "skirmish";
}

/** A battle of the record in a line, as the terminal's `battles` says it: where, which kind,
 * who attacked, how it was fought, who won, each side's losses. */
function battleWords(r, two) {
  const won = !r.winner ? "drawn" : r.winner === r.attacker ? `the ${sideName(r.winner)} carried it` : `the ${sideName(r.winner)} held`;
  const how = r.how === "fought" ? (two ? "fought by the players" : "fought by you") : "by the generals";
  const lost = r.lost || [0, 0];
  return `turn ${r.turn}: ${GAME_WORDS[tableOf(r.kind)] || r.kind} at ${r.town} (${r.region}), the ${sideName(r.attacker)} attacking, ${how}: ${won}; losses ${Math.round(100 * lost[0])} % British, ${Math.round(100 * lost[1])} % French`;
}

export function prompt(ctx) {
  const p = part(ctx);
  const w = ctx.game.waiting;
  if (!ctx.game.battle && w) {
    if (twoPlayers(ctx.game) && ctx.v && ctx.v.to_move !== ctx.v.seat) return `An attack of the ${sideName(w.attacker)} on ${w.town} waits: the ${sideName(w.attacker)} choose how it is settled.`;
    return `An attack of the ${sideName(w.attacker)} on ${w.town} waits: roll for it on the chart, let the generals fight it, or fight it${twoPlayers(ctx.game) ? " (each player commanding their side)" : " yourself"}.`;
  }
  return p.board.prompt ? p.board.prompt(p.ctx) : "Your decision.";
}

export function seatName(ctx) {
  const b = ctx.game.battle;
  if (b) return `campaign, the ${sideName(b.side)} at ${b.town}`;
  return `campaign, ${solitaire.seatName(part(ctx).ctx)}`;
}

export function label(ctx, text) {
  const p = part(ctx);
  return p.board.label ? p.board.label(p.ctx, text) : null;
}

export function noteFor(ctx, a) {
  const p = part(ctx);
  return p.board.noteFor ? p.board.noteFor(p.ctx, a) : null;
}

/** The rulebook of the part on screen (the reference's `books`), shown with the campaign's. */
export function book(ctx) {
  return part(ctx).name;
}
