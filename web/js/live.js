// The page's WebSocket (GET /api/games/ID/ws): it sends the token and the last version the
// page saw, then receives the seat's view whenever the game moves on. When the connection
// drops (the server restarted, the network went), it connects again with the last version,
// waiting a little longer each time, up to a few seconds.

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
    ws.onclose = () => {
      this.onState(false);
      if (this.closed) return;
      setTimeout(() => this.connect(), this.wait);
      this.wait = Math.min(4000, this.wait * 2);
    };
    ws.onerror = () => {};
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
