// The rules as fiw implements them (GET /api/reference/GAME: sections with the project's
// summaries, and the assumed values), in a side panel: searchable, and opened at the section
// a refusal cites.

import { h, $ } from "./dom.js";
import { openWith } from "./cite.js";

export class Rules {
  constructor(book) {
    this.book = book;
    this.built = false;
    $("rules-close").addEventListener("click", () => this.close());
    $("rules-search").addEventListener("input", () => this.filter($("rules-search").value));
    $("rules").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); this.close(); } });
    openWith((section) => this.open(section));
  }

  /** Another book in the panel (the campaign's part on screen changed): built again when
   * next opened, at once if it is open. */
  setBook(book) {
    if (book === this.book) return;
    this.book = book;
    this.built = false;
    if (!$("rules").hidden) this.build();
  }

  /** Shows or hides the panel: a column of the table beside the board and the actions. */
  show(on) {
    $("rules").hidden = !on;
    $("rules").closest(".table")?.classList.toggle("rules-open", on);
  }

  build() {
    if (this.built) return;
    this.built = true;
    const body = $("rules-body");
    // each section with the values fiw chose where its text gives none (the reasons in a
    // player's words: the code that carries them out is for the terminal's `fiw rules`)
    const chosen = (sec) => this.book.assumed.filter((a) => (a.sections || []).includes(sec));
    const secs = this.book.sections.map((s) => {
      const mine = chosen(s.section);
      return h("section", { "data-section": s.section, "data-find": `${s.section} ${s.title} ${s.summary}`.toLowerCase() },
        h("h3", {}, `${s.section}  ${s.title}`), h("p", {}, s.summary),
        mine.length ? h("div", { class: "chosen" }, h("h4", {}, "Where the text gives no value, fiw plays"),
          h("dl", {}, ...mine.flatMap((a) => [h("dt", {}, `${a.name}: ${a.value}`), h("dd", {}, a.reason)]))) : null);
    });
    const assumed = h("section", { "data-section": "assumed", "data-find": "assumed" },
      h("h3", {}, "Every value the rule text does not give, and how fiw reads what it leaves open"),
      h("dl", {}, ...this.book.assumed.flatMap((a) => [h("dt", {}, `${a.name}: ${a.value}`), h("dd", {}, a.reason)])));
    body.replaceChildren(...secs, assumed);
  }

  open(section) {
    this.build();
    // where the keyboard was (a citation, the Rules button): it goes back there on close
    if ($("rules").hidden) this.back = document.activeElement;
    this.show(true);
    for (const el of $("rules-body").querySelectorAll("section.cited")) el.classList.remove("cited");
    if (section) {
      const want = String(section).trim().replace(/\.$/, "").toLowerCase();
      const all = [...$("rules-body").querySelectorAll("section")];
      const el = all.find((e) => e.dataset.section.toLowerCase() === want)
        || all.find((e) => e.querySelector("h3").textContent.toLowerCase().endsWith(want))
        || all.find((e) => want.startsWith(e.dataset.section.toLowerCase() + "."));
      if (el) {
        el.classList.add("cited");
        // scroll the panel only: the page stays where the player was reading
        $("rules-body").scrollTop = el.offsetTop;
        // on a phone the panel lies under the actions: bring it into sight
        $("rules").scrollIntoView({ block: "nearest" });
        // the keyboard goes to the section (Escape closes from there), not to the search box,
        // which would open a phone's keyboard over the page
        el.setAttribute("tabindex", "-1");
        el.focus({ preventScroll: true });
      } else $("rules-search").focus();
      $("rules").dataset.open = el ? el.dataset.section : "";
      return;
    }
    $("rules-search").focus();
  }

  close() {
    this.show(false);
    const back = this.back && this.back.isConnected ? this.back : $("rules-btn");
    back.focus();
  }

  toggle() { if ($("rules").hidden) this.open(); else this.close(); }

  filter(q) {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    for (const el of $("rules-body").querySelectorAll("section")) {
      el.hidden = words.length > 0 && !words.every((w) => el.dataset.find.includes(w) || el.textContent.toLowerCase().includes(w));
    }
  }
}
