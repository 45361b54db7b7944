// The JSON API of `fiw serve` (docs/api.md), with the seat's token as a bearer token.

export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Calls the API; a 429 is waited out and tried again (a few times). */
export async function call(method, path, { token, body } = {}) {
  for (let attempt = 0; ; attempt++) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    let data = null;
    try { data = await res.json(); } catch { data = null; }
    if (res.status === 429 && attempt < 4) {
      const wait = Number(res.headers.get("retry-after") || "1");
      await sleep(Math.min(5, Math.max(1, wait)) * 1000);
      continue;
    }
    if (!res.ok) throw new ApiError(res.status, data);
    return data;
  }
}

/** The games this browser holds links to, kept in localStorage. */
const KEY = "fiw.games";

export function keptGames() {
  try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch { return []; }
}

export function keepGame(entry) {
  const all = keptGames().filter((g) => !(g.id === entry.id && g.token === entry.token));
  all.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(all.slice(0, 200)));
}

export function forgetGames(pred) {
  localStorage.setItem(KEY, JSON.stringify(keptGames().filter((g) => !pred(g))));
}

export const GAME_NAMES = {
  louisbourg: "Louisbourg 1758",
  solitaire: "French & Indian War: Solitaire",
  d3: "D3 Horse & Musket",
  skirmish: "Skirmish",
};
