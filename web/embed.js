// Verlet Playground: the frame's embed API. Loaded by web/verlet.tmpl after
// window.verletPage is defined; it adds to that object what the embedding page and the app
// need to talk to each other. Owns: the postMessage protocol (both directions, validated),
// the live region, the frame's CSS size, the wheel kept for the host page, pausing while
// the frame is out of view or its tab is hidden, what the frame knows of the demo's state
// (answered to `state` at any time), and the clipboard with its fallback copy field.
//
// Messages are plain objects with `verlet: 1` and a `type`.
//   frame -> page (posted to window.parent, target "*": nothing in them is private)
//     ready    {scene, requested, params, width, height}   the poster is shown
//     size     {width, height, aspectRatio}                 the size the frame would like
//     started  {scene}                                      the app's first frame is on screen
//     failed   {reason, detail}    reason: runtime-missing | runtime-crashed | data | unpack | app | slow
//     paused   {by} / resumed {by}  by: "reader" | "page" | "visibility": the app's reports,
//                                   except that paused {by: "visibility"} is posted by this
//                                   script the moment the frame leaves view or its tab hides
//                                   (the app, throttled there, reads it when it runs again),
//                                   and resumed when the app plays again
//     state    {stage, paused, by, params, seed}   the answer to `state`: stage is the frame's
//                                   ("poster", "loading", "started", "failed"); params every
//                                   parameter's value (before play: defaults, the address and
//                                   `set`s); seed a number (a decimal string past 2^53)
//     param    {name, value}                                 a parameter changed (the app);
//                                   {name, value, pending: true}: a `set` before play, taken
//                                   (it goes into the address the app reads at start)
//     event    {name, detail}       a scene's moment: "torn", "caught", "game-over" ... (the app)
//     error    {request, reason}                             a message from the page was refused
//   page -> frame (only from window.parent)
//     play | pause | resume | restart            no fields
//     set      {name, value}       a parameter of the shown scene, a number inside its range
//     overlay  {on}                true/false; left out: toggle
//     step     {count}             1..600 steps while paused (default 1)
//     state                        answered with a `state` message, at any time
// Before the first frame `play` starts the demo, `set` and `overlay` become part of the
// address the app reads, `state` is answered from what this script knows, and the rest is
// refused with reason "not-started".
//
// What the app reads and calls (app/page.py wraps each one):
//   takeCommands()        JSON text of the commands waiting for the app, oldest first, each
//                         {type, ...} as above plus {type: "pause"|"resume", by: "visibility"}
//                         when the frame leaves or re-enters the view, and {type: "frame-size"}
//                         when the frame is resized; the queue is then empty
//   frameSize()           {width, height, scale, touch, frameWidth, frameHeight}: the canvas's
//                         CSS px box, CSS px per canvas px, whether the main pointer is coarse
//   away                  true while the frame is out of view or its tab is hidden
//   reducedMotion         true when the reader asks for less motion
//   announce(text)        say it in the live region (at most one line every ANNOUNCE_GAP_MS;
//                         the latest waiting line wins)
//   reportPaused(by), reportResumed(by), reportParam(name, value), reportEvent(name, detailJSON)
//   reportState(json)     the app's {scene, paused, by, params, seed} when any of it changed
//   wantSize(width, height)   the size the frame would like (posted as "size")
//   shareLinks(query)     {link, embed}: the scene's own page (SCENE.html beside this one,
//                         which previews as that demo) with the rest of `query` (the app's
//                         "copy link": scene, changed parameters, seed, overlay) and the
//                         iframe snippet for it ("copy embed"; allow="... clipboard-write")
//   copyText(text)        put text on the clipboard (the app's copy buttons; call it from a
//                         tap or click); true when it is being written (a toast says so),
//                         false when the frame may not: then the copy field shows the text,
//                         selected, with one line saying why (a host's iframe without
//                         allow="clipboard-write", a browser that refused)
//   showCopyField(text, why)  the copy field with `text`, why "policy" (the host's iframe)
//                         or "refused" (the browser); closeCopy() hides it again
"use strict";
(function () {
  const page = window.verletPage;
  if (!page) return;
  const PROTOCOL = 1;
  const CANVAS = [960, 540];
  const COMMANDS = new Set(["play", "pause", "resume", "restart", "set", "overlay", "step", "state"]);
  const SITE_NAME = "Verlet Playground";
  const MAX_SEED = 2n ** 63n - 1n;
  const MAX_STEPS = 600;
  const MAX_QUEUE = 64;
  const MAX_LINE = 140;
  const ANNOUNCE_GAP_MS = 1500;
  const PAUSE_SOURCES = new Set(["reader", "page", "visibility"]);
  const EVENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;
  if (window.parent === window) document.documentElement.classList.add("vp-top");
  let queue = [];
  let away = false;
  let appPaused = false, pausedBy = null;  // as last reported (or posted for the view)
  let viewPausePosted = false;  // paused {by: visibility} posted before the app said it
  let appState = null;          // the app's last reportState
  let lastAnnounce = -Infinity, waitingLine = null, announceTimer = 0;

  function post(type, fields) {
    if (window.parent === window) return;
    window.parent.postMessage(Object.assign({ verlet: PROTOCOL, type, scene: page.scene() }, fields), "*");
  }
  function enqueue(command) {
    if (queue.length >= MAX_QUEUE) queue.shift();  // an app that stopped reading: keep the newest
    queue.push(command);
  }
  function paramsOf(scene) {
    const info = (page.build.scenes || {})[scene];
    return (info && info.params) || {};
  }
  // The old names a scene still accepts for some parameters ({old: name}, as its table has them).
  function aliasesOf(scene) {
    const info = (page.build.scenes || {})[scene];
    return (info && info.aliases) || {};
  }
  function paramName(scene, name) {
    const aliases = aliasesOf(scene);
    return typeof name === "string" && Object.prototype.hasOwnProperty.call(aliases, name)
      ? aliases[name] : name;
  }

  // A `set` request checked as the app's query parser would check it: a known parameter of
  // the shown scene and a finite number inside its range (a whole number where it must be).
  function checkedSetting(message) {
    const params = paramsOf(page.scene());
    const name = paramName(page.scene(), message.name);
    if (typeof name !== "string" || !Object.prototype.hasOwnProperty.call(params, name)) {
      return { error: "unknown parameter " + JSON.stringify(String(name).slice(0, 40)) + "; known: "
               + (Object.keys(params).join(", ") || "none") };
    }
    const spec = params[name];
    const value = typeof message.value === "string" && message.value.trim() !== ""
      ? Number(message.value) : message.value;
    if (typeof value !== "number" || !Number.isFinite(value)) return { error: name + " needs a number" };
    if (value < spec.min || value > spec.max) {
      return { error: name + " must be between " + spec.min + " and " + spec.max };
    }
    if (spec.integer && !Number.isInteger(value)) return { error: name + " must be a whole number" };
    return { name, value };
  }

  // Turn one message from the page into a command, or a refusal's reason.
  function command(message) {
    const type = message.type;
    if (type === "set") {
      const setting = checkedSetting(message);
      return setting.error ? { error: setting.error } : { type, name: setting.name, value: setting.value };
    }
    if (type === "overlay") {
      if (message.on !== undefined && typeof message.on !== "boolean") return { error: "overlay: on must be true or false" };
      return message.on === undefined ? { type } : { type, on: message.on };
    }
    if (type === "step") {
      const count = message.count === undefined ? 1 : message.count;
      if (!Number.isInteger(count) || count < 1 || count > MAX_STEPS) {
        return { error: "step: count must be a whole number from 1 to " + MAX_STEPS };
      }
      return { type, count };
    }
    return { type };
  }

  function receive(event) {
    if (event.source !== window.parent || window.parent === window) return;
    const message = event.data;
    if (!message || typeof message !== "object" || message.verlet !== PROTOCOL) return;
    const type = message.type;
    const refuse = (reason) => post("error", { request: String(type).slice(0, 20), reason });
    if (typeof type !== "string" || !COMMANDS.has(type)) {
      refuse("unknown message type; known: " + Array.from(COMMANDS).join(", "));
      return;
    }
    const wanted = command(message);
    if (wanted.error) { refuse(wanted.error); return; }
    if (type === "state") { post("state", stateNow()); return; }
    if (page.state === "started") {
      if (type === "play") enqueue({ type: "resume", by: "page" });
      else if (type === "pause" || type === "resume") enqueue({ type, by: "page" });
      else enqueue(wanted);
      return;
    }
    if (page.state !== "poster") { refuse("not-started"); return; }
    if (type === "play") page.start();
    else if (type === "set") {
      page.preset(wanted.name, wanted.value);
      post("param", { name: wanted.name, value: wanted.value, pending: true });
    }
    else if (type === "overlay") page.preset("overlay", wanted.on === false ? "0" : "1");
    else refuse("not-started");
  }

  function frameSize() {
    const canvas = document.getElementById("canvas");
    const box = canvas ? canvas.getBoundingClientRect() : { width: 0, height: 0 };
    return {
      width: Math.round(box.width), height: Math.round(box.height),
      scale: box.width / CANVAS[0],
      touch: window.matchMedia("(pointer: coarse)").matches,
      frameWidth: window.innerWidth, frameHeight: window.innerHeight
    };
  }

  function sayNow(text) {
    lastAnnounce = performance.now();
    waitingLine = null;
    const live = document.getElementById("vp-live");
    if (live) live.textContent = text;
  }
  function announce(text) {
    const line = String(text == null ? "" : text).replace(/\s+/g, " ").trim().slice(0, MAX_LINE);
    if (!line) return false;
    const wait = lastAnnounce + ANNOUNCE_GAP_MS - performance.now();
    if (wait <= 0) { sayNow(line); return true; }
    waitingLine = line;
    clearTimeout(announceTimer);
    announceTimer = setTimeout(() => { if (waitingLine) sayNow(waitingLine); }, wait);
    return true;
  }

  // What the frame knows of the demo before the app reports: its scene, each parameter from
  // the address and the `set`s before play (else its default, as the app falls back), the seed.
  function addressValue(name) {
    const presets = page.presets || {};
    if (Object.prototype.hasOwnProperty.call(presets, name)) return presets[name];
    const address = new URLSearchParams(location.search);
    if (address.has(name)) return address.get(name);
    for (const [old, now] of Object.entries(aliasesOf(page.scene()))) {  // an address made before a rename
      if (now === name && address.has(old)) return address.get(old);
    }
    return null;
  }
  function pageParams() {
    const values = {};
    for (const [name, spec] of Object.entries(paramsOf(page.scene()))) {
      const text = addressValue(name);
      const value = text === null || String(text).trim() === "" ? NaN : Number(text);
      const fits = Number.isFinite(value) && value >= spec.min && value <= spec.max
        && (!spec.integer || Number.isInteger(value));
      values[name] = fits ? value : spec.default;
    }
    return values;
  }
  function pageSeed() {
    const text = addressValue("seed");
    if (text === null || !/^\d{1,19}$/.test(String(text)) || BigInt(text) > MAX_SEED) return 0;
    return Number.isSafeInteger(Number(text)) ? Number(text) : String(BigInt(text));
  }
  function stateNow() {
    const known = appState || {};
    return {
      scene: typeof known.scene === "string" ? known.scene : page.scene(),
      stage: page.state,
      paused: page.state === "started" ? appPaused : false,
      by: page.state === "started" && appPaused ? pausedBy : null,
      params: known.params && typeof known.params === "object" ? known.params : pageParams(),
      seed: known.seed !== undefined ? known.seed : pageSeed()
    };
  }

  // Out of view (or a hidden tab) the app is told to pause, and the page hears it now: an
  // off-screen cross-origin frame gets no animation frames, so the app reads it only later.
  function pauseForTheView() {
    enqueue({ type: "pause", by: "visibility" });
    if (appPaused) return;  // the reader or the page paused it already
    appPaused = true;
    pausedBy = "visibility";
    viewPausePosted = true;
    post("paused", { by: "visibility" });
  }
  function setAway(now) {
    if (now === away) return;
    away = now;
    if (page.state !== "started") return;
    if (now) pauseForTheView();
    else enqueue({ type: "resume", by: "visibility" });
  }
  let offscreen = false;
  function watchVisibility() {
    if ("IntersectionObserver" in window) {
      // Observed inside the frame, the root is the top-level viewport: this works across origins.
      new IntersectionObserver((entries) => {
        offscreen = !entries[entries.length - 1].isIntersecting;
        setAway(offscreen || document.hidden);
      }, { threshold: 0 }).observe(document.getElementById("vp-main") || document.body);
    }
    document.addEventListener("visibilitychange", () => setAway(offscreen || document.hidden));
  }

  // The wheel belongs to the host page, before play and during it: the runtime's own wheel
  // listener (on the canvas, which cancels the event) never sees it, so the page scrolls.
  window.addEventListener("wheel", (event) => { event.stopPropagation(); }, { capture: true, passive: true });

  page.listen((type, fields) => {
    if (type === "ready") {
      const params = paramsOf(page.scene());
      post("ready", { requested: fields.requested, params, width: CANVAS[0], height: CANVAS[1] });
      post("size", { width: CANVAS[0], height: CANVAS[1], aspectRatio: CANVAS[0] / CANVAS[1] });
      watchVisibility();
    } else if (type === "started") {
      post("started", {});
      if (away) pauseForTheView();
    } else if (type === "failed") {
      post("failed", { reason: fields.reason, detail: fields.detail });
    }
  });
  window.addEventListener("message", receive);
  window.addEventListener("resize", () => {
    if (page.state === "started") enqueue(Object.assign({ type: "frame-size" }, frameSize()));
  });

  // The address and snippet a reader shares: only the app's own pairs (validated by the app),
  // never `autostart` or the page's hash.
  // The scene's own page (SCENE.html, beside this one) when the build has it, so the link
  // previews as that demo; the scene pair is then the page's and left out.
  function shareLinks(query) {
    let pairs = String(query || "").replace(/^\?/, "").split("&")
      .filter((pair) => /^[A-Za-z_][A-Za-z0-9_]{0,31}=[^&#<>"']{0,64}$/.test(pair) && !/^autostart=/.test(pair));
    const sceneName = decodeURIComponent((pairs.find((pair) => pair.startsWith("scene=")) || "scene=" + page.scene()).slice(6));
    const scenes = page.build.scenes || {};
    const folder = location.pathname.replace(/[^/]*$/, "");
    let path = location.pathname;
    if (Object.prototype.hasOwnProperty.call(scenes, sceneName) && /^[A-Za-z0-9_-]+$/.test(sceneName)) {
      path = folder + sceneName + ".html";
      pairs = pairs.filter((pair) => !pair.startsWith("scene="));
    }
    const link = location.origin + path + (pairs.length ? "?" + pairs.join("&") : "");
    const info = scenes[sceneName] || scenes[page.scene()] || {};
    const title = (info.title || "Verlet Playground demo") + " \u00b7 " + SITE_NAME;
    const embed = '<iframe src="' + link.replace(/&/g, "&amp;") + '" title="' + title.replace(/"/g, "&quot;")
      + '" width="960" height="540" style="width:100%;height:auto;aspect-ratio:16/9;border:0;color-scheme:light"'
      + ' loading="lazy" allow="autoplay; fullscreen; clipboard-write" allowfullscreen></iframe>';
    return { link, embed };
  }

  // The copy field: the text, selected, and one line saying why the frame could not copy.
  const WHY = {
    policy: ["이 페이지는 프레임이 복사하지 못하게 해요: 직접 선택해 복사하세요",
             "This page does not let the frame copy: select and copy it yourself"],
    refused: ["브라우저가 프레임의 복사를 막았어요: 직접 선택해 복사하세요",
              "The browser did not let the frame copy: select and copy it yourself"]
  };
  function offerCopy(text, why) {
    const box = document.getElementById("vp-copy");
    const field = document.getElementById("vp-copy-text");
    if (!box || !field) { page.toast("복사할 수 없어요 · could not copy"); return; }
    const [ko, en] = WHY[why] || WHY.refused;
    const line = document.getElementById("vp-copy-why");
    line.textContent = "";
    const koSpan = document.createElement("span");
    koSpan.lang = "ko";
    koSpan.textContent = ko;
    const enSpan = document.createElement("span");
    enSpan.lang = "en";
    enSpan.textContent = en;
    line.append(koSpan, " \u00b7 ", enSpan);
    field.value = text;
    box.hidden = false;
    box.dataset.why = why;
    field.focus({ preventScroll: true });
    field.select();
    field.setSelectionRange(0, text.length);
  }
  function closeCopy() {
    const box = document.getElementById("vp-copy");
    if (!box || box.hidden) return;
    box.hidden = true;
    const canvas = document.getElementById("canvas");
    if (canvas) canvas.focus({ preventScroll: true });
  }
  function copyAllowed() {
    const policy = document.permissionsPolicy || document.featurePolicy;
    return !policy || typeof policy.allowsFeature !== "function" || policy.allowsFeature("clipboard-write");
  }
  function copyText(text) {
    const value = String(text);
    if (!copyAllowed()) { offerCopy(value, "policy"); return false; }
    if (!navigator.clipboard || !navigator.clipboard.writeText) { offerCopy(value, "refused"); return false; }
    navigator.clipboard.writeText(value).then(() => page.toast("복사했어요 · copied"),
                                              () => offerCopy(value, "refused"));
    return true;
  }
  function watchCopyField() {
    const box = document.getElementById("vp-copy");
    if (!box) return;
    document.getElementById("vp-copy-close").addEventListener("click", closeCopy);
    // Keys typed here are the reader's copy (Ctrl+C, arrows, select all): never the app's.
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") closeCopy();
      event.stopPropagation();
    });
    for (const type of ["keyup", "keypress", "mousedown", "pointerdown", "touchstart", "wheel"]) {
      box.addEventListener(type, (event) => event.stopPropagation(), { passive: true });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watchCopyField);
  else watchCopyField();

  Object.assign(page, {
    shareLinks,
    copyText,
    takeCommands() { const taken = queue; queue = []; return JSON.stringify(taken); },
    frameSize,
    announce,
    reportPaused(by) {
      const who = PAUSE_SOURCES.has(by) ? by : "reader";
      const said = viewPausePosted && who === "visibility";  // posted when the frame left view
      viewPausePosted = false;
      appPaused = true;
      pausedBy = who;
      if (!said) post("paused", { by: who });
    },
    reportResumed(by) {
      viewPausePosted = false;
      appPaused = false;
      pausedBy = null;
      post("resumed", { by: PAUSE_SOURCES.has(by) ? by : "reader" });
    },
    reportState(json) {
      let known;
      try { known = typeof json === "string" ? JSON.parse(json) : json; } catch (error) { return; }
      if (!known || typeof known !== "object") return;
      appState = { scene: known.scene, params: known.params, seed: known.seed };
    },
    showCopyField(text, why) { offerCopy(String(text), why === "policy" ? "policy" : "refused"); },
    closeCopy,
    reportParam(name, value) {
      const number = Number(value);
      if (typeof name === "string" && Number.isFinite(number)) post("param", { name, value: number });
    },
    reportEvent(name, detail) {
      if (typeof name !== "string" || !EVENT_NAME.test(name)) return;
      let data = detail;
      if (typeof detail === "string") {
        try { data = JSON.parse(detail); } catch (error) { data = detail.slice(0, MAX_LINE); }
      }
      post("event", { name, detail: data === undefined ? null : data });
    },
    wantSize(width, height) {
      const w = Number(width), h = Number(height);
      if (w > 0 && h > 0 && w < 10000 && h < 10000) post("size", { width: w, height: h, aspectRatio: w / h });
    }
  });
  Object.defineProperty(page, "away", { get: () => away });
  Object.defineProperty(page, "reducedMotion", {
    get: () => window.matchMedia("(prefers-reduced-motion: reduce)").matches
  });
})();
