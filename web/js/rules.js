// The rules as fiw implements them (GET /api/reference/GAME: sections with the project's
// summaries, and the assumed values), in a side panel: searchable, and opened at the section
// a refusal cites.

import { h, $ } from "./dom.js";

export class Rules {
  constructor(book) {
    this.book = book;
    this.built = false;
    $("rules-close").addEventListener("click", () => this.close());
    $("rules-search").addEventListener("input", () => this.filter($("rules-search").value));
    $("rules").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); this.close(); } });
  }

  build() {
    if (this.built) return;
    this.built = true;
    const body = $("rules-body");
    const secs = this.book.sections.map((s) => h("section", { "data-section": s.section, "data-find": `${s.section} ${s.title} ${s.summary}`.toLowerCase() },
      h("h3", {}, `${s.section}  ${s.title}`), h("p", {}, s.summary)));
    const assumed = h("section", { "data-section": "assumed", "data-find": "assumed" },
      h("h3", {}, "Assumed values (not printed in the rule text)"),
      h("dl", {}, ...this.book.assumed.flatMap((a) => [h("dt", {}, `${a.name} = ${a.value}`), h("dd", {}, a.reason)])));
    body.replaceChildren(...secs, assumed);
  }

  open(section) {
    this.build();
    $("rules").hidden = false;
    for (const el of $("rules-body").querySelectorAll("section.cited")) el.classList.remove("cited");
    if (section) {
      const want = String(section).trim().replace(/\.$/, "").toLowerCase();
      const all = [...$("rules-body").querySelectorAll("section")];
      const el = all.find((e) => e.dataset.section.toLowerCase() === want)
        || all.find((e) => e.querySelector("h3").textContent.toLowerCase().endsWith(want))
        || all.find((e) => want.startsWith(e.dataset.section.toLowerCase() + "."));
      if (el) { el.classList.add("cited"); el.scrollIntoView({ block: "start" }); }
    }
    $("rules-search").focus();
  }

  close() {
    $("rules").hidden = true;
    $("rules-btn").focus();
  }

  toggle() { if ($("rules").hidden) this.open(); else this.close(); }

  filter(q) {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    for (const el of $("rules-body").querySelectorAll("section")) {
      el.hidden = words.length > 0 && !words.every((w) => el.dataset.find.includes(w) || el.textContent.toLowerCase().includes(w));
    }
  }
}
