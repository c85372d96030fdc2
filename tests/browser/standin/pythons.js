// Stand-in for pygbag 0.9.3's pythons.js, served by the browser tests in place of the CDN's
// (which these machines cannot reach). It walks the same start-up as the real one, as far as
// our page can see it: it finds the module script that loaded it, reads window.config, installs
// the same broken window "error" listener (it throws on a muted error's null `error`), starts on
// window "load", sets window.Module, honours config.features ("stdout" -> a <pre id="stdout">),
// calls custom_onload, then loads CDN/cpython312/main.js as a classic script.
"use strict";

const module_name = "pythons.js";
const config = window.config || {};

window.addEventListener("error", function (e) {
  alert("Error occurred: " + e.error.message);  // as pythons.js does: throws when e.error is null
  return false;
});

const vm = {
  APK: "org.python",
  config: config,
  script: {},
  preRun: [],
  postRun: [],
  vt: { xterm: { write: console.log }, nodup: 1 },
  setStatus: function (text) { const s = document.getElementById("status"); if (s) s.innerHTML = text; },
  locateFile: function (path, prefix) {
    return path === "main.data" ? `${config.cdn}cpython312/${path}` : prefix + path;
  }
};

function feat_stdout() {
  let stdout = document.getElementById("stdout");
  if (!stdout) {
    stdout = document.createElement("pre");
    stdout.id = "stdout";
    stdout.style.whiteSpace = "pre-wrap";
    document.body.appendChild(stdout);
  }
  stdout.write = (text) => { stdout.textContent += text.replace(/\r\n/g, "\n"); };
  vm.vt.xterm = stdout;
}

function onload() {
  window.Module = vm;
  for (const feature of config.features) {
    if (feature.startsWith("stdout")) feat_stdout();
  }
  if (window.custom_onload) window.custom_onload(true);
  vm.vt.xterm.write("stand-in runtime: loading " + config.cdn + "cpython312/main.js\r\n");
  const loader = document.createElement("script");
  loader.setAttribute("type", "text/javascript");
  loader.setAttribute("src", `${config.cdn}cpython312/main.js`);
  loader.setAttribute("async", true);
  document.head.appendChild(loader);
}

for (const script of document.getElementsByTagName("script")) {
  if (script.type === "module" && script.src.search(module_name) >= 0) {
    config.cdn = config.cdn || script.src.split(module_name, 1)[0];
    config.features = config.features || (script.dataset.os || "gui").split(",");
    vm.script.blocks = [script.text];
    window.standin = { code: script.text, query: location.search, loads: 0 };
    window.addEventListener("load", () => { window.standin.loads += 1; onload(); });
    break;
  }
}
