// Screenshots of a page for a look: node shot.mjs URL OUT.png [width height]
import { chromium } from "playwright-core";
const [url, out, w, hh] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const p = await b.newPage({ viewport: { width: Number(w || 1280), height: Number(hh || 900) } });
p.on("console", (m) => console.log("console:", m.type(), m.text()));
p.on("pageerror", (e) => console.log("pageerror:", String(e)));
await p.goto(url);
await p.waitForTimeout(1500);
await p.screenshot({ path: out, fullPage: true });
await b.close();
