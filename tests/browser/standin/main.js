// Stand-in for CPython's Emscripten main.js (a classic cross-origin script, so what it throws
// reaches the page muted, as "Script error."). What it does, told by window.STANDIN (set by the
// test) and by the test's routes (a 404 for main.data):
//   1. downloads main.data with an XHR, reporting "Downloading data... (done/total)" through
//      Module.setStatus, and throws on a bad status as Emscripten's file packager does;
//   2. fetches main.wasm; STANDIN.fail == "abort": calls Module.onAbort and throws, as abort();
//   3. runs Module.preRun, then walks what the template's Python block does: stage "unpack",
//      fetches the bundle exactly as unpack() does (WEB.tar.gz?v=VERSION, any compression, else
//      WEB.apk), stage "packages", stage "scene";
//   4. plays main.py: STANDIN.fail == "import" -> verletPage.failed(STANDIN.line) with no frame;
//      "never" -> no frame at all; otherwise draws a first frame and calls verletPage.started(),
//      and with "frame" calls verletPage.failed(STANDIN.line) a moment later;
//   5. after the first frame, acts as the app does with the page: the runtime's
//      input listeners on the canvas (wheel and touch, each cancelling its event, as SDL's
//      do), counted on standin.input; every animation frame it takes verletPage.takeCommands()
//      and obeys them (pause/resume/step/set/overlay/restart, recorded on standin.applied),
//      reporting paused/resumed/param back, its whole state (reportState, as app/embed.py
//      does when any of it changed) and announcing in the live region; with STANDIN.copy
//      ("link" or "embed") a click on the canvas is the panel's copy button: it copies that
//      share text (verletPage.shareLinks, then copyText) as app/share.py does.
(function () {
  const Module = window.Module;
  const plan = window.STANDIN || {};
  const page = window.verletPage;
  const write = (text) => Module.vt.xterm.write(text + "\r\n");
  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const xhr = new XMLHttpRequest();
  xhr.open("GET", Module.locateFile("main.data", ""), true);
  xhr.responseType = "arraybuffer";
  xhr.onprogress = (event) => {
    if (event.total) Module.setStatus(`Downloading data... (${event.loaded}/${event.total})`);
  };
  xhr.onerror = () => { throw new Error("NetworkError for: main.data"); };
  xhr.onload = () => {
    if (xhr.status !== 200) throw new Error(xhr.statusText + " : " + xhr.responseURL);
    Module.setStatus(`Downloading data... (${xhr.response.byteLength}/${xhr.response.byteLength})`);
    instantiate();
  };
  xhr.send(null);

  function instantiate() {
    fetch(Module.locateFile("main.wasm", Module.config.cdn + "cpython312/")).then((response) => {
      if (plan.fail === "abort" || !response.ok) {
        const what = "both async and sync fetching of the wasm failed";
        if (Module.onAbort) Module.onAbort(what);
        throw new WebAssembly.RuntimeError("Aborted(" + what + ")");
      }
      for (const hook of Module.preRun) hook(Module);
      for (const hook of Module.postRun) hook(Module);
      return delay(plan.stageMs || 60).then(python);  // CPython starts, runs cpythonrc.py
    });
  }

  function playTheApp(canvas) {
    if (typeof page.takeCommands !== "function") return;  // a page without the embed API
    const input = window.standin.input = { wheel: 0, touches: 0 };
    const state = window.standin.app = { paused: false, pausedBy: null, steps: 0, overlay: false, params: {} };
    window.standin.applied = [];
    const scene = page.scene();
    const defaults = Object.fromEntries(Object.entries((page.build.scenes[scene] || {}).params || {})
      .map(([name, spec]) => [name, spec.default]));
    const query = new URLSearchParams(location.search);
    for (const name of Object.keys(defaults)) {
      if (query.has(name) && Number.isFinite(Number(query.get(name)))) defaults[name] = Number(query.get(name));
    }
    const seed = /^\d+$/.test(query.get("seed") || "") ? Number(query.get("seed")) : 0;
    let told = "";
    function tellState() {
      const whole = JSON.stringify({ scene, paused: state.paused, by: state.paused ? state.pausedBy : null,
                                     params: Object.assign({}, defaults, state.params), seed });
      if (whole !== told && typeof page.reportState === "function") page.reportState(whole);
      told = whole;
    }
    if (plan.copy) {
      canvas.addEventListener("click", () => {
        const links = page.shareLinks("scene=" + scene + "&seed=" + seed);
        window.standin.copied = page.copyText(links[plan.copy]);
      });
    }
    canvas.addEventListener("wheel", (event) => { input.wheel += 1; event.preventDefault(); }, { passive: false });
    for (const type of ["touchstart", "touchmove"]) {
      canvas.addEventListener(type, (event) => { input.touches += 1; event.preventDefault(); }, { passive: false });
    }
    function obey(command) {
      window.standin.applied.push(command);
      if (command.type === "pause" && !state.paused) {
        state.paused = true; state.pausedBy = command.by;
        page.reportPaused(command.by);
      } else if ((command.type === "resume" || command.type === "play") && state.paused) {
        if (command.by === "visibility" && state.pausedBy !== "visibility") return;  // the reader's pause stays
        state.paused = false; state.pausedBy = null;
        page.reportResumed(command.by);
      } else if (command.type === "step" && state.paused) {
        state.steps += command.count;
      } else if (command.type === "set") {
        state.params[command.name] = command.value;
        page.reportParam(command.name, command.value);
        page.announce(command.name + " " + command.value);
      } else if (command.type === "overlay") {
        state.overlay = command.on === undefined ? !state.overlay : command.on;
      } else if (command.type === "restart") {
        state.steps = 0;
        page.reportEvent("restart", JSON.stringify({ steps: 0 }));
      }
    }
    (function frame() {
      for (const command of JSON.parse(page.takeCommands())) obey(command);
      tellState();
      if (!state.paused) state.steps += 1;
      requestAnimationFrame(frame);
    })();
  }

  function bundleKind(bytes) {
    if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) return "tar.gz";
    const magic = String.fromCharCode(...bytes.slice(257, 262));
    if (magic === "ustar") return "tar";
    if (bytes.length > 2 && bytes[0] === 0x50 && bytes[1] === 0x4b) return "zip";
    return "";
  }

  async function fetchBundle(url, kinds) {
    try {
      const response = await fetch(url);
      if (!response.ok) return "";
      const kind = bundleKind(new Uint8Array(await response.arrayBuffer()));
      return kinds.includes(kind) ? kind : "";
    } catch (error) {
      return "";
    }
  }

  async function python() {
    const code = window.standin.code;
    const version = (code.match(/^VERSION = "([^"]*)"/m) || [])[1] || "";
    const suffix = version.startsWith("@") ? "" : `?v=${version}`;
    const archive = Module.config.archive;
    page.stage("unpack");
    await delay(plan.stageMs || 60);
    let unpacked = await fetchBundle(`${archive}.tar.gz${suffix}`, ["tar.gz", "tar"]);
    if (unpacked) {
      unpacked = `${archive}.tar.gz (${unpacked})`;
    } else if (await fetchBundle(`${archive}.apk${suffix}`, ["zip"])) {
      unpacked = `${archive}.apk`;
    } else {
      page.fail("unpack", `${archive}.tar.gz and ${archive}.apk could not be read`);
      return;
    }
    window.standin.unpacked = unpacked;
    write("unpacked " + unpacked);
    page.stage("packages");
    await delay(plan.stageMs || 60);
    page.stage("scene");
    await delay(plan.stageMs || 60);
    if (plan.fail === "import") { page.failed(plan.line); return; }
    if (plan.fail === "never") return;
    const canvas = document.getElementById("canvas");
    const ctx = canvas.getContext("2d");
    const sky = ctx.createLinearGradient(0, 0, 0, canvas.height);
    sky.addColorStop(0, "#bfe0ff");
    sky.addColorStop(1, "#f4f9ff");
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = "#1e1b2e";
    ctx.font = "28px sans-serif";
    ctx.fillText("stand-in runtime: first frame of " + location.search, 40, 80);
    page.started();
    playTheApp(canvas);
    if (plan.fail === "frame") {
      await delay(150);
      page.failed(plan.line);
    }
  }
})();
