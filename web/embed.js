// Verlet Playground: the frame's embed API. Loaded by web/verlet.tmpl after
// window.verletPage is defined; it adds to that object what the embedding page and the app
// need to talk to each other. Owns: the postMessage protocol (both directions, validated),
// the live region, the frame's CSS size, the wheel kept for the host page, and pausing while
// the frame is out of view or its tab is hidden.
//
// Messages are plain objects with `verlet: 1` and a `type`.
//   frame -> page (posted to window.parent, target "*": nothing in them is private)
//     ready    {scene, requested, params, width, height}   the poster is shown
//     size     {width, height, aspectRatio}                 the size the frame would like
//     started  {scene}                                      the app's first frame is on screen
//     failed   {reason, detail}    reason: runtime-missing | runtime-crashed | data | unpack | app | slow
//     paused   {by} / resumed {by}  by: "reader" | "page" | "visibility"  (reported by the app)
//     param    {name, value}                                 a parameter changed (the app)
//     event    {name, detail}       a scene's moment: "torn", "caught", "game-over" ... (the app)
//     error    {request, reason}                             a message from the page was refused
//   page -> frame (only from window.parent)
//     play | pause | resume | restart            no fields
//     set      {name, value}       a parameter of the shown scene, a number inside its range
//     overlay  {on}                true/false; left out: toggle
//     step     {count}             1..600 steps while paused (default 1)
// Before the first frame `play` starts the demo, `set` and `overlay` become part of the
// address the app reads, and the rest is refused with reason "not-started".
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
//   wantSize(width, height)   the size the frame would like (posted as "size")
//   shareLinks(query)     {link, embed}: this frame's address with `query` (the app's "copy
//                         link": scene first, changed parameters, seed, overlay) and the
//                         iframe snippet for it ("copy embed")
//   copyText(text)        put text on the clipboard (the app's copy buttons; call it from a
//                         tap or click); a toast says whether it worked
"use strict";
(function () {
  const page = window.verletPage;
  if (!page) return;
  const PROTOCOL = 1;
  const CANVAS = [960, 540];
  const COMMANDS = new Set(["play", "pause", "resume", "restart", "set", "overlay", "step"]);
  const MAX_STEPS = 600;
  const MAX_QUEUE = 64;
  const MAX_LINE = 140;
  const ANNOUNCE_GAP_MS = 1500;
  const PAUSE_SOURCES = new Set(["reader", "page", "visibility"]);
  const EVENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;
  if (window.parent === window) document.documentElement.classList.add("vp-top");
  let queue = [];
  let away = false;
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

  // A `set` request checked as the app's query parser would check it: a known parameter of
  // the shown scene and a finite number inside its range (a whole number where it must be).
  function checkedSetting(message) {
    const params = paramsOf(page.scene());
    const name = message.name;
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
    if (page.state === "started") {
      if (type === "play") enqueue({ type: "resume", by: "page" });
      else if (type === "pause" || type === "resume") enqueue({ type, by: "page" });
      else enqueue(wanted);
      return;
    }
    if (page.state !== "poster") { refuse("not-started"); return; }
    if (type === "play") page.start();
    else if (type === "set") page.preset(wanted.name, wanted.value);
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

  function setAway(now) {
    if (now === away) return;
    away = now;
    if (page.state === "started") enqueue({ type: now ? "pause" : "resume", by: "visibility" });
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
      if (away) enqueue({ type: "pause", by: "visibility" });
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
  function shareLinks(query) {
    const pairs = String(query || "").replace(/^\?/, "").split("&")
      .filter((pair) => /^[A-Za-z_][A-Za-z0-9_]{0,31}=[^&#<>"']{0,64}$/.test(pair) && !/^autostart=/.test(pair));
    const link = location.origin + location.pathname + (pairs.length ? "?" + pairs.join("&") : "");
    const info = (page.build.scenes || {})[page.scene()] || {};
    const title = (info.title || "Verlet Playground demo") + " (Verlet Playground)";
    const embed = '<iframe src="' + link.replace(/&/g, "&amp;") + '" title="' + title.replace(/"/g, "&quot;")
      + '" width="960" height="540" style="width:100%;height:auto;aspect-ratio:16/9;border:0;color-scheme:light"'
      + ' loading="lazy" allow="autoplay; fullscreen" allowfullscreen></iframe>';
    return { link, embed };
  }
  function copyText(text) {
    const done = (ok) => page.toast(ok ? "복사했어요 · copied" : "복사할 수 없어요 · could not copy");
    if (!navigator.clipboard) { done(false); return false; }
    navigator.clipboard.writeText(String(text)).then(() => done(true), () => done(false));
    return true;
  }

  Object.assign(page, {
    shareLinks,
    copyText,
    takeCommands() { const taken = queue; queue = []; return JSON.stringify(taken); },
    frameSize,
    announce,
    reportPaused(by) { post("paused", { by: PAUSE_SOURCES.has(by) ? by : "reader" }); },
    reportResumed(by) { post("resumed", { by: PAUSE_SOURCES.has(by) ? by : "reader" }); },
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
