// The account page (/account): signing in or up; once in, the account's ratings, its games
// in progress and finished (each opens its game, whose replay steps through it), its notices,
// address, password, and its deletion. The same page takes a mailed link: #verify=TOKEN (the
// address is the account's), #reset=TOKEN (a new password, once), and /unsubscribe?key=KEY
// (no more mails: done by the page, so a mail scanner that follows the link changes nothing).

import { call, whoAmI, gameWords, GAME_NAMES } from "./api.js";
import { h, $ } from "./dom.js";

const fragment = new URLSearchParams(location.hash.slice(1));
const query = new URLSearchParams(location.search);
// where to go once signed in: in the fragment when it holds a link's token (a fragment never
// reaches the server), else in the query
const wantedNext = fragment.get("next") || query.get("next") || "";
// a mailed token leaves the address bar (and the history) at once
if (location.hash || query.has("key")) history.replaceState(null, "", location.pathname);

function note(text, bad) {
  const n = $("account-note");
  n.textContent = text;
  n.classList.toggle("bad", !!bad);
  n.hidden = !text;
}

/** Where to go once signed in: a path of this site only. */
function next() {
  const n = wantedNext;
  return n.startsWith("/") && !n.startsWith("//") && !n.startsWith("/\\") ? n : null;
}

/** Runs a form's request, its error shown under it, its button held while it runs. */
function onSubmit(form, act) {
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const err = form.querySelector(".error");
    const saved = form.querySelector(".saved");
    const button = form.querySelector("button[type=submit]");
    err.textContent = "";
    if (saved) saved.textContent = "";
    button.disabled = true;
    try {
      const done = await act(Object.fromEntries(new FormData(form)));
      if (saved && done) saved.textContent = done;
    } catch (e) {
      err.textContent = e.message;
    } finally {
      button.disabled = false;
    }
  });
}

function drawSignedOut() {
  $("signed-out").hidden = false;
  $("sign-up-box").hidden = false;
  $("me-box").hidden = true;
  $("settings-box").hidden = true;
  $("whoami").textContent = "not signed in";
}

function drawMe(me) {
  $("signed-out").hidden = true;
  $("sign-up-box").hidden = true;
  $("me-box").hidden = false;
  $("settings-box").hidden = false;
  $("whoami").textContent = `signed in as ${me.name}`;
  $("me-h").textContent = me.name;
  $("me-since").textContent = `an account since ${new Date(me.created).toISOString().slice(0, 10)}`;
  const rows = (me.ratings || []).map((r) => h("tr", {}, h("td", {}, GAME_NAMES[r.game] || r.game), h("td", {}, String(r.rating)), h("td", {}, String(r.deviation)), h("td", {}, String(r.games))));
  $("ratings").querySelector("tbody").replaceChildren(...(rows.length ? rows : [h("tr", {}, h("td", { colspan: "4", class: "muted" }, "no rated game finished yet"))]));
  const playing = [];
  const finished = [];
  for (const g of me.games || []) {
    const w = gameWords(g);
    const li = h("li", { "data-id": g.id }, h("a", { href: `/play/${g.id}` }, w.what), " ", h("span", { class: w.yours ? "turn-yours" : "muted" }, w.state));
    (w.over ? finished : playing).push(li);
  }
  $("me-playing").replaceChildren(...(playing.length ? playing : [h("li", { class: "muted" }, "none")]));
  $("me-finished").replaceChildren(...(finished.length ? finished : [h("li", { class: "muted" }, "none yet")]));
  const f = $("notices");
  for (const r of f.querySelectorAll("input[name=notices]")) r.checked = r.value === me.notices;
  $("digest-hour").value = String(me.digest_hour);
  $("email-now").textContent = me.email
    ? `${me.email} (${me.email_verified ? "verified" : "not verified yet: the link mailed to it verifies it"}). Only you see it.`
    : "none: with no verified address there are no notices by mail and no password reset.";
}

async function refresh() {
  const me = await whoAmI();
  if (me) drawMe(me); else drawSignedOut();
  return me;
}

async function mailedLinks() {
  if (location.pathname === "/unsubscribe") {
    $("account-sub").textContent = "mails";
    const key = query.get("key");
    if (!key) { note("This unsubscribe link has no key: open the whole link of the mail.", true); return; }
    try {
      await call("POST", `/api/unsubscribe?key=${encodeURIComponent(key)}`, { body: {} });
      note("Done: no more mails of fiw come to this account's address. Your account page can turn them on again.");
    } catch (e) {
      note(`Not done: ${e.message}`, true);
    }
    return;
  }
  if (fragment.get("verify")) {
    try {
      const r = await call("POST", "/api/account/verify", { body: { token: fragment.get("verify") } });
      note(`Your address ${r.verified} is verified: notices by mail can come to it.`);
    } catch (e) {
      note(`The address was not verified: ${e.message}`, true);
    }
  }
  if (fragment.get("reset")) {
    const token = fragment.get("reset");
    $("reset-box").hidden = false;
    onSubmit($("reset"), async ({ password }) => {
      await call("POST", "/api/account/reset/confirm", { body: { token, password } });
      $("reset-box").hidden = true;
      note("Your password is set: sign in with it. Every session that was open has ended.");
    });
  }
}

function wire() {
  for (let hour = 0; hour < 24; hour++) $("digest-hour").append(h("option", { value: String(hour) }, `${String(hour).padStart(2, "0")}:00`));
  onSubmit($("sign-in"), async ({ name, password }) => {
    await call("POST", "/api/account/session", { body: { name, password } });
    if (next()) { location.href = next(); return; }
    await refresh();
  });
  onSubmit($("sign-up"), async ({ name, password, email }) => {
    const me = await call("POST", "/api/account", { body: { name, password, email: email || null } });
    if (me.email) note(`Welcome, ${me.name}. A link to verify ${me.email} was mailed to it.`);
    else note(`Welcome, ${me.name}.`);
    if (next()) { location.href = next(); return; }
    drawMe(me);
  });
  onSubmit($("forgot"), async ({ name }) => {
    const r = await call("POST", "/api/account/reset", { body: { name } });
    $("forgot").querySelector(".error").textContent = "";
    note(r.sent);
  });
  onSubmit($("notices"), async ({ notices, digest_hour }) => {
    const me = await call("PUT", "/api/account", { body: { notices, digest_hour: Number(digest_hour) } });
    drawMe(me);
    return "saved";
  });
  onSubmit($("email-form"), async ({ email, password }) => {
    const me = await call("PUT", "/api/account", { body: { email, password } });
    $("email-form").reset();
    drawMe(me);
    return me.email ? "saved: a link to verify it was mailed to it" : "removed";
  });
  onSubmit($("password-form"), async ({ password, new_password }) => {
    await call("PUT", "/api/account", { body: { password, new_password } });
    $("password-form").reset();
    return "changed";
  });
  onSubmit($("delete-form"), async ({ password }) => {
    await call("DELETE", "/api/account", { body: { password } });
    note("Your account is deleted. Its games stay, your seats in them shown as \"deleted\".");
    drawSignedOut();
  });
  $("sign-out").addEventListener("click", async () => {
    await call("DELETE", "/api/account/session");
    drawSignedOut();
    note("Signed out on this browser. Your other devices stay signed in.");
  });
}

wire();
await mailedLinks();
if (location.pathname !== "/unsubscribe") {
  try { await refresh(); } catch (e) { note(e.message, true); }
} else {
  $("signed-out").hidden = true;
}
