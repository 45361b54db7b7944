// The page's WebSocket (GET /api/games/ID/ws): it sends the token and the last version the
// page saw, then receives the seat's view whenever the game moves on. When the connection
// drops (the server restarted or is going away, the network went, the page was quiet too
// long), it connects again with the last version, waiting a little longer each time, up to a
// few seconds. A socket the server refused (too many open pages for this game, this seat or
// this address; too many messages) is not opened again: the page says why.

/** Close codes after which the page does not connect again (docs/api.md). */
const REFUSED = new Set([4001, 4002, 4003, 1008]);

export class Live {
  constructor(id, token, onShown, onState) {
    this.id = id;
    this.token = token;
    this.onShown = onShown;
    this.onState = onState;
    this.version = null;
    this.wait = 250;
    this.closed = false;
    this.frames = 0;
  }

  start(version) {
    this.version = version;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/api/games/${this.id}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ token: this.token, version: this.version }));
      this.wait = 250;
      this.onState(true);
    };
    ws.onmessage = (ev) => {
      this.frames++;
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.error) { this.onState(false, msg.error); return; }
      if (typeof msg.version === "number") this.version = Math.max(this.version ?? 0, msg.version);
      this.onShown(msg);
    };
    ws.onclose = (ev) => {
      if (REFUSED.has(ev.code)) {
        this.closed = true;
        this.onState(false, ev.reason || "the server closed this page's live updates");
        return;
      }
      this.onState(false);
      if (this.closed) return;
      setTimeout(() => this.connect(), this.wait);
      this.wait = Math.min(4000, this.wait * 2);
    };
    ws.onerror = () => {};
  }

  /** Asks for the fresh view (a page that thinks it missed something, back from hiding). */
  resync() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ resync: this.version ?? 0 }));
  }

  /** The page has seen `version` by another way (an action's answer). */
  saw(version) {
    this.version = Math.max(this.version ?? 0, version);
  }

  stop() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
