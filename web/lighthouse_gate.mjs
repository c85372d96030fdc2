// Lighthouse over the example pages and the frame (the accessibility gate), run by web/audit.py:
//   node web/lighthouse_gate.mjs TARGETS.json
// TARGETS.json: [{"label", "url", "scheme": "light"|"dark", "standin": null | {"fail": ...}}].
// Each target is opened in Debian's Chromium (CHROME_PATH, never a downloaded browser) through
// puppeteer-core, with every request that would leave 127.0.0.1 aborted; a target with
// `standin` gets the CDN's runtime from tests/browser/standin/ (as the browser tests do), so
// the frame can be audited loading, started and failed. Prints one JSON line per target:
// {"label", "scheme", "scores": {"accessibility", "best-practices", "seo"}, "failing": [...],
//  "state": the frame's verletPage.state after the audit, or null on a blog page}.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import lighthouse from "lighthouse";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STANDIN = path.join(HERE, "..", "tests", "browser", "standin");
const CDN = "https://pygame-web.github.io/cdn/0.9.3/";
const CATEGORIES = ["accessibility", "best-practices", "seo"];
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"];

function standinAnswer(url) {
  const name = url.slice(CDN.length).split("?")[0];
  const cors = { "access-control-allow-origin": "*" };
  if (name === "pythons.js") {
    return { status: 200, headers: cors, contentType: "text/javascript",
             body: fs.readFileSync(path.join(STANDIN, "pythons.js")) };
  }
  if (name === "cpython312/main.js") {
    return { status: 200, contentType: "text/javascript", body: fs.readFileSync(path.join(STANDIN, "main.js")) };
  }
  if (name === "cpython312/main.data") {
    return { status: 200, headers: cors, contentType: "application/octet-stream", body: Buffer.alloc(2 * 1024 * 1024) };
  }
  if (name === "cpython312/main.wasm") {
    return { status: 200, headers: cors, contentType: "application/wasm", body: Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]) };
  }
  return { status: 404, headers: cors, body: "not in the stand-in" };
}

async function audit(browser, target) {
  const page = await browser.newPage();
  await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: target.scheme }]);
  await page.setRequestInterception(true);
  page.on("request", (request) => {
    const url = request.url();
    if (target.standin && url.startsWith(CDN)) request.respond(standinAnswer(url));
    else if (/^(http:\/\/127\.0\.0\.1:|data:|blob:)/.test(url)) request.continue();
    else request.abort("internetdisconnected");
  });
  if (target.standin) {
    await page.evaluateOnNewDocument((plan) => { window.STANDIN = plan; }, target.standin);
  }
  const result = await lighthouse(target.url, {
    output: "json", logLevel: "error", onlyCategories: CATEGORIES, disableStorageReset: false
  }, undefined, page);
  const lhr = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((name) => [name, Math.round(100 * (lhr.categories[name].score || 0))]));
  const failing = [];
  for (const name of CATEGORIES) {
    for (const ref of lhr.categories[name].auditRefs) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item.score !== null && item.score < 1) failing.push(`${name}: ${ref.id}`);
    }
  }
  // The state the frame was audited in (lighthouse leaves the page as it loaded it).
  const state = await page.evaluate(() => (window.verletPage ? window.verletPage.state : null)).catch(() => null);
  await page.close();
  return { label: target.label, scheme: target.scheme, scores, failing, state };
}

const targets = JSON.parse(fs.readFileSync(process.argv[2], "utf-8"));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", headless: true, args: FLAGS
});
try {
  for (const target of targets) {
    try {
      console.log(JSON.stringify(await audit(browser, target)));
    } catch (error) {
      console.log(JSON.stringify({ label: target.label, scheme: target.scheme, error: String(error.message || error) }));
    }
  }
} finally {
  await browser.close();
}
