// The example post's behaviour: a poster becomes its demo's iframe on click (each iframe boots
// its own Python runtime, so nothing is downloaded for readers who only scroll), and only one
// demo runs at a time: starting one turns the others back into their posters. Embed snippets
// show this site's absolute address and copy with one click.
"use strict";

const posters = new Map();  // figure -> its poster button, to put back when another demo starts

function stopOthers(keep) {
  for (const [figure, poster] of posters) {
    const frame = figure.querySelector(".frame iframe");
    if (figure !== keep && frame) {
      frame.replaceWith(poster);  // removing the frame ends its runtime
    }
  }
}

function startDemo(poster) {
  const figure = poster.closest("figure");
  stopOthers(figure);
  const frame = document.createElement("iframe");
  frame.src = poster.dataset.src;  // with autostart=1: this click is the only one needed
  frame.title = poster.dataset.title;
  frame.loading = "lazy";
  frame.width = "960";
  frame.height = "540";
  frame.allow = "autoplay; fullscreen";
  frame.allowFullscreen = true;
  // Keys go to the demo right away: focus the frame once its page is there.
  frame.addEventListener("load", () => frame.focus(), { once: true });
  poster.replaceWith(frame);
  frame.focus();
}

function absoluteSnippets() {
  for (const code of document.querySelectorAll(".embed code[data-relative]")) {
    const relative = code.dataset.relative;
    const absolute = new URL(relative, document.baseURI).href;
    code.textContent = code.textContent.replace(`src="${relative}"`, `src="${absolute}"`);
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
  absoluteSnippets();
});
