// Zoom and pan on an SVG board by its viewBox: the wheel zooms at the pointer, two fingers pinch
// to zoom (on a phone, in to six times: a Louisbourg block is then over 40 CSS px across on a
// 390 px screen), a drag on the background pans, the buttons and the keys + − 0 zoom and
// reset. A drag that moved is not a click, so panning never picks a target.

export class Zoom {
  constructor(holder) {
    this.holder = holder;
    this.svg = null;
    this.full = null;
    this.box = null;
    this.drag = null;
    this.moved = false;
    // the fingers on the board, by pointer id, and a pinch under way
    this.fingers = new Map();
    this.pinch = null;
    holder.addEventListener("wheel", (e) => {
      if (!this.svg) return;
      e.preventDefault();
      const p = this.point(e);
      this.scale(e.deltaY < 0 ? 0.85 : 1 / 0.85, p);
    }, { passive: false });
    holder.addEventListener("pointerdown", (e) => {
      if (!this.svg || e.button !== 0) return;
      if (e.pointerType === "touch") this.fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.fingers.size === 2) {
        const [a, b] = [...this.fingers.values()];
        this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, box: { ...this.box }, at: this.point({ clientX: (a.x + b.x) / 2, clientY: (a.y + b.y) / 2 }) };
        this.drag = null;
        this.moved = true;
        return;
      }
      this.drag = { x: e.clientX, y: e.clientY, box: { ...this.box } };
      this.moved = false;
    });
    holder.addEventListener("pointermove", (e) => {
      if (this.fingers.has(e.pointerId)) this.fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pinch && this.fingers.size === 2) {
        const [a, b] = [...this.fingers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
        this.box = { ...this.pinch.box };
        this.scale(this.pinch.d / d, this.pinch.at);
        return;
      }
      if (!this.drag) return;
      const dx = e.clientX - this.drag.x, dy = e.clientY - this.drag.y;
      if (!this.moved && Math.hypot(dx, dy) < 5) return;
      this.moved = true;
      const k = this.drag.box.w / this.svg.getBoundingClientRect().width;
      this.box = { ...this.drag.box, x: this.drag.box.x - dx * k, y: this.drag.box.y - dy * k };
      this.apply();
    });
    const end = (e) => {
      this.drag = null;
      this.fingers.delete(e.pointerId);
      if (this.fingers.size < 2) this.pinch = null;
    };
    holder.addEventListener("pointerup", end);
    holder.addEventListener("pointercancel", end);
    holder.addEventListener("pointerleave", end);
    // a drag that panned does not click what it ends on
    holder.addEventListener("click", (e) => { if (this.moved) { e.stopPropagation(); e.preventDefault(); this.moved = false; } }, true);
  }

  /** Takes a freshly drawn board, keeping the zoom of the one before it. */
  attach(svg, width, height) {
    this.svg = svg;
    const full = { x: 0, y: 0, w: width, h: height };
    if (!this.full || this.full.w !== width || this.full.h !== height) { this.full = full; this.box = { ...full }; }
    this.apply();
  }

  point(e) {
    const r = this.svg.getBoundingClientRect();
    return { x: this.box.x + (e.clientX - r.left) / r.width * this.box.w, y: this.box.y + (e.clientY - r.top) / r.height * this.box.h };
  }

  scale(k, at) {
    if (!this.box) return;
    const c = at || { x: this.box.x + this.box.w / 2, y: this.box.y + this.box.h / 2 };
    const w = Math.min(this.full.w, Math.max(this.full.w / 6, this.box.w * k));
    const hgt = w * this.full.h / this.full.w;
    this.box = { x: c.x - (c.x - this.box.x) * (w / this.box.w), y: c.y - (c.y - this.box.y) * (hgt / this.box.h), w, h: hgt };
    this.apply();
  }

  /**
   * Shows a window `w` user units wide centred on (cx, cy), kept inside the board, once for
   * each `key` (a new activation): after that the player's own zoom and pan stand.
   */
  focus(key, cx, cy, w) {
    if (!this.full || key === this.focused) return;
    this.focused = key;
    const wide = Math.min(this.full.w, Math.max(this.full.w / 6, w));
    const high = wide * this.full.h / this.full.w;
    const x = Math.min(Math.max(cx - wide / 2, this.full.x), this.full.x + this.full.w - wide);
    const y = Math.min(Math.max(cy - high / 2, this.full.y), this.full.y + this.full.h - high);
    this.box = { x, y, w: wide, h: high };
    this.apply();
  }

  reset() { if (this.full) { this.box = { ...this.full }; this.apply(); } }

  apply() {
    if (!this.svg) return;
    const b = this.box;
    this.svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  }
}
