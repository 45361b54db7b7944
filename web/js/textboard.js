// A board this client does not draw yet: the server's own drawing of it for this seat (what
// the terminal shows), with the legal actions beside it as buttons.

import { h } from "./dom.js";

export function draw(ctx) {
  ctx.under.replaceChildren();
  return { el: h("pre", { class: "textboard" }, ctx.v.board) };
}

export function prompt(ctx) {
  return ctx.game && ctx.game.waiting_for ? ctx.game.waiting_for : "Your decision: choose an action.";
}
