// The example blog's behaviour: a poster becomes its demo's iframe on click (each iframe boots
// its own Python runtime, so nothing is downloaded for readers who only scroll), and only one
// demo runs at a time: starting one turns the others back into their posters. Embed snippets
// show this site's absolute address, copy with one click, and warn when that address is local.
// Links with data-scene and data-set ("name=value") drive a demo through the embed API
// (web/embed.js): before the demo runs, the value goes into its address; while it runs, a
// `set` message carries it.
"use strict";

const posters = new Map();  // figure -> its poster button, to put back when another demo starts
const frameStates = new Map();  // iframe window -> the last state it reported
const LOCAL = /^(file:|https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$))/i;

function stopOthers(keep) {
  for (const [figure, poster] of posters) {
    const frame = figure.querySelector(".frame iframe");
    if (figure !== keep && frame) {
      frameStates.delete(frame.contentWindow);
      frame.replaceWith(poster);  // removing the frame ends its runtime
    }
  }
}

function startDemo(poster, extra) {
  const figure = poster.closest("figure");
  stopOthers(figure);
  const frame = document.createElement("iframe");
  const query = extra ? "&" + new URLSearchParams(extra).toString() : "";
  frame.src = poster.dataset.src + query;  // with autostart=1: this click is the only one needed
  frame.title = poster.dataset.title;
  frame.loading = "lazy";
  frame.width = "960";
  frame.height = "540";
  frame.allow = "autoplay; fullscreen; clipboard-write";  // the frame's copy buttons work
  frame.allowFullscreen = true;
  // Keys go to the demo right away: focus the frame once its page is there.
  frame.addEventListener("load", () => frame.focus(), { once: true });
  poster.replaceWith(frame);
  frame.focus();
  return frame;
}

function drive(link) {
  const figure = document.querySelector(`figure.demo[data-scene="${link.dataset.scene}"]`);
  if (!figure) return;
  const [name, text] = (link.dataset.set || "").split("=");
  const value = Number(text);
  const frame = figure.querySelector(".frame iframe");
  if (frame && frameStates.get(frame.contentWindow) === "started") {
    frame.contentWindow.postMessage({ verlet: 1, type: "set", name, value }, "*");
  } else if (!frame) {
    startDemo(posters.get(figure), { [name]: value });
  } else {  // loading: the value goes in with a fresh start
    frame.src = posters.get(figure).dataset.src + "&" + new URLSearchParams({ [name]: value });
  }
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  figure.scrollIntoView({ block: "nearest", behavior: calm ? "auto" : "smooth" });
}

window.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.verlet !== 1 || typeof data.type !== "string") return;
  if (["ready", "started", "failed"].includes(data.type)) frameStates.set(event.source, data.type);
});

function absoluteSnippets() {
  for (const code of document.querySelectorAll(".embed code[data-relative]")) {
    const relative = code.dataset.relative;
    const absolute = new URL(relative, document.baseURI).href;
    code.textContent = code.textContent.replace(`src="${relative}"`, `src="${absolute}"`);
  }
  for (const box of document.querySelectorAll(".embed")) {
    const source = (box.querySelector("code").textContent.match(/src="([^"]*)"/) || [])[1] || "";
    box.querySelector(".local-warning").hidden = !LOCAL.test(source);
  }
}

async function copySnippet(button) {
  const code = button.closest(".embed").querySelector("code");
  const text = code.textContent;
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch (error) {
    // No clipboard permission (or an old browser): select the text for a manual copy.
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  button.textContent = copied ? "복사됨 · copied" : "선택됨 · selected";
  setTimeout(() => { button.textContent = label; }, 1800);
}

document.addEventListener("DOMContentLoaded", () => {
  for (const poster of document.querySelectorAll("button.poster")) {
    posters.set(poster.closest("figure"), poster);
    poster.addEventListener("click", () => startDemo(poster));
  }
  for (const button of document.querySelectorAll(".embed .copy")) {
    button.addEventListener("click", () => copySnippet(button));
  }
  for (const link of document.querySelectorAll("a.drive[data-scene][data-set]")) {
    link.addEventListener("click", (event) => { event.preventDefault(); drive(link); });
  }
  absoluteSnippets();
});
