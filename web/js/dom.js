// Small helpers to build HTML and SVG elements.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(el, attrs, kids) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of kids.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", child…). */
export function h(tag, attrs, ...kids) {
  return fill(document.createElement(tag), attrs, kids);
}

/** An SVG element, as h. */
export function s(tag, attrs, ...kids) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, kids);
}

/** Makes an element act as a button for the keyboard too (Enter and Space). */
export function pressable(el, label, act) {
  el.setAttribute("tabindex", "0");
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", label);
  el.addEventListener("click", (e) => { e.stopPropagation(); act(); });
  el.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); }
  });
  return el;
}

export const $ = (id) => document.getElementById(id);
