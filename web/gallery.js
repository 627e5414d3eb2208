// gallery.js: the sample gallery (index.html) of the A2UI Go/WebAssembly renderer.
//
// Reads samples/index.json (written by `go run ./cmd/samples`), lists the samples by
// protocol version, and renders the selected one in an <a2ui-renderer> through the
// public API of a2ui.js (A2UI.ready, the element's renderer: process, flush, connect,
// dataModel, surfaces, destroy; events a2ui-action, a2ui-error, a2ui-surface).
// Everything is static: the only optional backend is the demo agent (cmd/demo-agent)
// behind agent/stream and agent/action for the "Live agent" mode.
// No innerHTML anywhere: every node is built with the DOM API.
(() => {
  "use strict";

  const SAMPLES = "samples/";
  const AGENT_STREAM = "agent/stream";
  const AGENT_ACTION = "agent/action";
  // ?live=mcp and ?live=agui play the live samples over another protocol of the demo
  // agent: MCP (the resource a2ui://<sample> at its Streamable HTTP endpoint, actions
  // calling its action tool) or AG-UI (a run whose user message names the sample, the
  // surface streamed in a2ui-surface activities, actions as new runs on the thread).
  const AGENT_MCP = "mcp";
  const AGENT_AGUI = "agent/default/run";
  const VIA = { mcp: "mcp", agui: "agui" }[new URLSearchParams(location.search).get("live")] || "";
  const PLAY_DELAY = 350; // ms between messages in "Play all"
  const POLL_MS = 300; // data model refresh while the page is visible

  const VERSION_ORDER = ["v0.8", "v0.9-draft", "v0.9", "v0.9.1", "v0.10", "v1.0"];
  const VERSION_LABEL = {
    "v0.8": "v0.8",
    "v0.9-draft": "v0.9 draft",
    "v0.9": "v0.9",
    "v0.9.1": "v0.9.1",
    "v0.10": "v0.10",
    "v1.0": "v1.0",
  };

  const $ = (id) => document.getElementById(id);
  const ui = {
    search: $("search"),
    nav: $("sample-nav"),
    noMatch: $("no-match"),
    banner: $("banner"),
    bannerText: $("banner-text"),
    bannerClose: $("banner-close"),
    title: $("sample-title"),
    version: $("sample-version"),
    group: $("sample-group"),
    desc: $("sample-desc"),
    step: $("btn-step"),
    play: $("btn-play"),
    playLabel: document.querySelector("#btn-play span"),
    reset: $("btn-reset"),
    live: $("btn-live"),
    raw: $("raw-link"),
    progressFill: $("progress-fill"),
    progressText: $("progress-text"),
    stage: $("stage"),
    stageEmpty: $("stage-empty"),
    liveStatus: $("live-status"),
    messages: $("message-list"),
    messagesHint: $("messages-hint"),
    model: $("model"),
    log: $("log"),
    logEmpty: $("log-empty"),
    clearLog: $("btn-clear-log"),
  };

  const state = {
    samples: [],
    byId: new Map(),
    sample: null, // the selected index entry
    lines: [], // its messages, one JSON text each
    pos: 0, // messages processed
    renderer: null,
    element: null,
    gen: 0, // bumps on every (re)load, so stale async work can tell
    playing: false,
    live: false,
    modelText: new Map(), // surfaceId -> last rendered JSON text
    busy: false,
    agentRuns: false, // the live renderer's agent started a run: it shows its own progress
  };

  // ---------------------------------------------------------------- helpers

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === "class") e.className = v;
        else if (k === "text") e.textContent = v;
        else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
        else if (k === "dataset") Object.assign(e.dataset, v);
        else e.setAttribute(k, v === true ? "" : v);
      }
    }
    for (const c of children) {
      if (c === null || c === undefined || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  function timeStamp(d) {
    const p = (n, w) => String(n).padStart(w || 2, "0");
    return p(d.getHours()) + ":" + p(d.getMinutes()) + ":" + p(d.getSeconds()) + "." + p(d.getMilliseconds(), 3);
  }

  // jsonView pretty-prints value into a <pre> with token classes for colour.
  const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
  function jsonView(value, cls) {
    const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
    // Focusable, so keyboard users can scroll it.
    const pre = el("pre", { class: "json" + (cls ? " " + cls : ""), tabindex: "0" });
    if (text === undefined) {
      pre.textContent = "undefined";
      return pre;
    }
    if (text.length > 200000) { // huge: skip the highlighting
      pre.textContent = text;
      return pre;
    }
    const frag = document.createDocumentFragment();
    let last = 0;
    for (const m of text.matchAll(TOKEN)) {
      if (m.index > last) frag.append(text.slice(last, m.index));
      let kind = "num";
      if (m[1] !== undefined) kind = m[2] ? "key" : "str";
      else if (m[3] !== undefined) kind = m[3] === "null" ? "null" : "bool";
      frag.append(el("span", { class: "j-" + kind, text: m[1] !== undefined ? m[1] : m[0] }));
      if (m[2]) frag.append(m[2]);
      last = m.index + m[0].length;
    }
    if (last < text.length) frag.append(text.slice(last));
    pre.append(frag);
    return pre;
  }

  // describeMessage returns {kind, surfaceId, version} of one server message (or array line).
  function describeMessage(line) {
    let m;
    try {
      m = JSON.parse(line);
    } catch (e) {
      return { kind: "invalid JSON", surfaceId: "", version: "", value: line };
    }
    const one = Array.isArray(m) ? m[0] : m && Array.isArray(m.messages) ? m.messages[0] : m;
    let kind = "message";
    let surfaceId = "";
    if (one && typeof one === "object") {
      const k = Object.keys(one).find((x) => x !== "version" && x !== "metadata");
      if (k) kind = k;
      const body = k && one[k];
      if (body && typeof body === "object" && typeof body.surfaceId === "string") surfaceId = body.surfaceId;
    }
    if (Array.isArray(m)) kind += " ×" + m.length;
    return { kind, surfaceId, version: (one && one.version) || "", value: m };
  }

  function showBanner(text, kind) {
    ui.bannerText.textContent = text;
    ui.banner.dataset.kind = kind || "error";
    ui.banner.hidden = false;
  }
  function hideBanner() {
    ui.banner.hidden = true;
  }

  // ---------------------------------------------------------------- sample list

  async function loadIndex() {
    let list;
    try {
      const r = await fetch(SAMPLES + "index.json", { cache: "no-cache" });
      if (!r.ok) throw new Error("HTTP " + r.status);
      list = await r.json();
      if (!Array.isArray(list)) throw new Error("not a JSON array");
    } catch (e) {
      ui.nav.replaceChildren(el("p", { class: "muted pad", text: "No samples." }));
      showBanner("Cannot load " + SAMPLES + "index.json (" + e.message + "). Build it with `go run ./cmd/samples -out dist/samples`.");
      return;
    }
    state.samples = list;
    for (const s of list) state.byId.set(s.id, s);
    buildNav();
  }

  function buildNav() {
    const groups = new Map();
    for (const s of state.samples) {
      if (!groups.has(s.version)) groups.set(s.version, []);
      groups.get(s.version).push(s);
    }
    const versions = [...groups.keys()].sort((a, b) => rank(a) - rank(b));
    const frag = document.createDocumentFragment();
    for (const v of versions) {
      const items = groups.get(v);
      const headId = "nav-" + v.replace(/[^a-z0-9]/gi, "-");
      const ul = el("ul", { class: "nav-list", role: "list", "aria-labelledby": headId });
      let lastGroup = "";
      for (const s of items) {
        if (s.group !== lastGroup) {
          ul.append(el("li", { class: "nav-sub", "aria-hidden": "true", text: s.group }));
          lastGroup = s.group;
        }
        const a = el("a", {
          href: "?sample=" + encodeURIComponent(s.id),
          class: "nav-item",
          dataset: { id: s.id },
          title: s.description || s.title,
        },
        el("span", { class: "nav-title", text: s.title }),
        s.agent ? el("span", { class: "nav-live", title: "Can run against the demo agent", text: "live" }) : null,
        el("span", { class: "nav-count", "aria-label": s.messages + " messages", text: String(s.messages) }));
        ul.append(el("li", { dataset: { search: (s.title + " " + s.id + " " + s.group + " " + s.description + " " + s.version).toLowerCase() } }, a));
      }
      frag.append(el("section", { class: "nav-group", dataset: { version: v } },
        el("h2", { id: headId, class: "nav-head" },
          el("span", { class: "badge badge-" + badgeClass(v), text: VERSION_LABEL[v] || v }),
          el("span", { class: "nav-head-count", text: items.length + (items.length === 1 ? " sample" : " samples") })),
        ul));
    }
    ui.nav.replaceChildren(frag);
  }

  function rank(v) {
    const i = VERSION_ORDER.indexOf(v);
    return i < 0 ? VERSION_ORDER.length : i;
  }
  function badgeClass(v) {
    return (v || "").replace(/[^a-z0-9]/gi, "");
  }

  function filterNav() {
    const q = ui.search.value.trim().toLowerCase();
    const words = q.split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const g of ui.nav.querySelectorAll(".nav-group")) {
      let n = 0;
      for (const li of g.querySelectorAll("li[data-search]")) {
        const ok = words.every((w) => li.dataset.search.includes(w));
        li.hidden = !ok;
        if (ok) n++;
      }
      // sub-group labels: hide when none of their items is visible
      let label = null;
      let labelHas = false;
      for (const li of g.querySelectorAll("li")) {
        if (li.classList.contains("nav-sub")) {
          if (label) label.hidden = !labelHas;
          label = li;
          labelHas = false;
        } else if (!li.hidden) labelHas = true;
      }
      if (label) label.hidden = !labelHas;
      g.hidden = n === 0;
      shown += n;
    }
    ui.noMatch.hidden = shown > 0 || state.samples.length === 0;
  }

  function markActive() {
    for (const a of ui.nav.querySelectorAll(".nav-item")) {
      if (state.sample && a.dataset.id === state.sample.id) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    const cur = ui.nav.querySelector('.nav-item[aria-current="page"]');
    if (cur) cur.scrollIntoView({ block: "nearest" });
  }

  // ---------------------------------------------------------------- URL

  function readURL() {
    const p = new URLSearchParams(location.search);
    return { id: p.get("sample"), live: p.get("live") === "1" || (!!VIA && p.get("live") === VIA), step: p.get("step") };
  }

  function writeURL(push) {
    const p = new URLSearchParams();
    if (state.sample) p.set("sample", state.sample.id);
    if (state.live) p.set("live", VIA || "1");
    const u = location.pathname + (p.toString() ? "?" + p : "") + location.hash;
    if (u === location.pathname + location.search + location.hash) return;
    if (push) history.pushState(null, "", u);
    else history.replaceState(null, "", u);
  }

  // ---------------------------------------------------------------- renderer

  // newRenderer replaces the stage's <a2ui-renderer> with a fresh one and resolves
  // to its renderer once mounted (the element mounts itself in connectedCallback).
  async function newRenderer(actionURL, attrs) {
    destroyRenderer();
    const gen = state.gen;
    if (!window.A2UI || !window.A2UI.ready) throw new Error("a2ui.js did not load");
    const elem = document.createElement("a2ui-renderer");
    elem.className = "renderer";
    if (actionURL) elem.setAttribute("action-url", actionURL);
    for (const [k, v] of Object.entries(attrs || {})) elem.setAttribute(k, v);
    elem.addEventListener("a2ui-action", (e) => onAction(gen, e.detail));
    elem.addEventListener("a2ui-error", (e) => onError(gen, e.detail));
    elem.addEventListener("a2ui-surface", (e) => onSurface(gen, e.detail));
    // An agent connection's text and run states (transports a2a and agui).
    elem.addEventListener("a2ui-text", (e) => onAgent(gen, "text", e.detail && e.detail.text, e.detail));
    elem.addEventListener("a2ui-task", (e) => onAgent(gen, "task", e.detail && e.detail.state, e.detail));
    // User edits inside the shadow DOM come out retargeted to the element.
    elem.addEventListener("input", () => scheduleModel());
    elem.addEventListener("change", () => scheduleModel());
    const mounted = new Promise((resolve) => {
      elem.addEventListener("a2ui-ready", () => resolve(elem.renderer), { once: true });
    });
    state.element = elem;
    ui.stage.append(elem);
    await window.A2UI.ready; // rejects when the wasm cannot start
    const r = await Promise.race([
      mounted,
      sleep(15000).then(() => { throw new Error("the renderer did not mount in 15 s"); }),
    ]);
    if (gen !== state.gen) return null;
    if (!r) throw new Error("the renderer did not mount");
    state.renderer = r;
    return r;
  }

  function destroyRenderer() {
    if (state.element) state.element.remove(); // disconnectedCallback destroys its renderer
    state.element = null;
    state.renderer = null;
    state.agentRuns = false;
    state.modelText.clear();
  }

  // ---------------------------------------------------------------- loading a sample

  async function selectSample(id, opts) {
    opts = opts || {};
    const s = state.byId.get(id);
    if (!s) {
      showBanner('Unknown sample "' + id + '".');
      return;
    }
    hideBanner();
    state.sample = s;
    state.live = !!(opts.live && s.agent);
    writeURL(opts.push);
    markActive();
    renderHead();
    clearLog();
    const gen = ++state.gen;
    stopPlay();
    state.lines = [];
    state.pos = 0;
    renderMessages();
    updateControls();
    if (state.live) return startLive(gen);
    setStageEmpty(true, "Loading…");
    let text;
    try {
      const r = await fetch(SAMPLES + s.file);
      if (!r.ok) throw new Error("HTTP " + r.status);
      text = await r.text();
    } catch (e) {
      if (gen === state.gen) showBanner("Cannot load " + SAMPLES + s.file + " (" + e.message + ").");
      return;
    }
    if (gen !== state.gen) return;
    state.lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
    renderMessages();
    await resetRenderer(gen);
    if (gen !== state.gen) return;
    // Show the finished surface by default; ?step=N stops after N messages.
    let n = state.lines.length;
    if (opts.step !== undefined && opts.step !== null && /^\d+$/.test(opts.step)) n = Math.min(n, Number(opts.step));
    await stepTo(gen, n);
  }

  async function resetRenderer(gen) {
    state.pos = 0;
    setStageEmpty(true, "Starting the renderer…");
    updateControls();
    try {
      await newRenderer("");
    } catch (e) {
      if (gen === state.gen) {
        setStageEmpty(true, "The renderer is not available.");
        showBanner("The A2UI renderer could not start: " + (e && e.message ? e.message : e) + ". Is a2ui.wasm built (make build)?");
      }
      return;
    }
    if (gen !== state.gen) return;
    setStageEmpty(true);
    renderMessages();
    refreshModel();
    updateControls();
  }

  function renderHead() {
    const s = state.sample;
    ui.title.textContent = s.title;
    document.title = s.title + " · A2UI Gallery";
    ui.desc.textContent = s.description || "";
    ui.version.hidden = false;
    ui.version.textContent = VERSION_LABEL[s.version] || s.version;
    ui.version.className = "badge badge-" + badgeClass(s.version);
    ui.group.hidden = !s.group;
    ui.group.textContent = s.group || "";
    ui.live.hidden = !s.agent;
    ui.live.setAttribute("aria-pressed", String(state.live));
    ui.raw.hidden = false;
    ui.raw.href = SAMPLES + s.file;
  }

  function setStageEmpty(empty, text) {
    const has = state.renderer && state.renderer.surfaces().length > 0;
    ui.stageEmpty.hidden = !(empty && !has && !state.agentRuns);
    const p = ui.stageEmpty.querySelector("p");
    const hint = ui.stageEmpty.querySelector(".muted");
    p.textContent = text || "Nothing rendered yet.";
    hint.hidden = !!text || state.live;
  }

  // ---------------------------------------------------------------- stepper

  async function stepOnce(gen) {
    const r = state.renderer;
    if (!r || state.pos >= state.lines.length || gen !== state.gen) return false;
    const line = state.lines[state.pos];
    state.pos++;
    try {
      r.process(line);
      await r.flush();
    } catch (e) {
      logEntry("error", "process failed", String(e && e.message ? e.message : e));
    }
    if (gen !== state.gen) return false;
    renderMessageStates(true);
    refreshModel();
    updateControls();
    setStageEmpty(true);
    return true;
  }

  async function stepTo(gen, n) {
    state.busy = true;
    try {
      while (state.pos < n && gen === state.gen) {
        if (!(await stepOnce(gen))) break;
      }
    } finally {
      state.busy = false;
      if (gen === state.gen) updateControls();
    }
  }

  async function play() {
    if (state.playing) {
      stopPlay();
      return;
    }
    if (state.pos >= state.lines.length) return;
    const gen = state.gen;
    state.playing = true;
    updateControls();
    while (state.playing && gen === state.gen && state.pos < state.lines.length) {
      await stepOnce(gen);
      if (state.pos < state.lines.length) await sleep(PLAY_DELAY);
    }
    if (gen === state.gen) stopPlay();
  }

  function stopPlay() {
    state.playing = false;
    updateControls();
  }

  async function step() {
    if (state.busy || state.playing) return;
    state.busy = true;
    updateControls();
    try {
      await stepOnce(state.gen);
    } finally {
      state.busy = false;
      updateControls();
    }
  }

  async function reset() {
    if (!state.sample) return;
    const gen = ++state.gen;
    stopPlay();
    clearLog();
    if (state.live) return startLive(gen);
    await resetRenderer(gen);
  }

  function updateControls() {
    const total = state.lines.length;
    const hasR = !!state.renderer;
    const live = state.live;
    ui.step.disabled = live || !hasR || state.playing || state.busy || state.pos >= total;
    ui.play.disabled = live || !hasR || (!state.playing && state.pos >= total);
    ui.playLabel.textContent = state.playing ? "Pause" : "Play all";
    ui.play.setAttribute("aria-pressed", String(state.playing));
    ui.reset.disabled = !state.sample;
    ui.progressText.textContent = live ? "live" : state.pos + " / " + total;
    ui.progressFill.style.width = live ? "100%" : (total ? (100 * state.pos) / total : 0) + "%";
    ui.progressFill.parentElement.classList.toggle("is-live", live);
  }

  // ---------------------------------------------------------------- messages list

  function renderMessages() {
    ui.messages.replaceChildren();
    if (state.live) {
      ui.messagesHint.textContent = "Streamed by the demo agent; its answers to your actions are rendered as they arrive";
      ui.messages.append(el("li", { class: "msg-note muted", text: liveNote(state.sample) }));
      return;
    }
    ui.messagesHint.textContent = "Server → client, one per line of the stream";
    state.lines.forEach((line, i) => {
      const d = describeMessage(line);
      const det = el("details", { class: "msg-details" },
        el("summary", null,
          el("span", { class: "msg-index", text: String(i + 1) }),
          el("span", { class: "msg-kind", text: d.kind }),
          d.surfaceId ? el("span", { class: "msg-surface", text: d.surfaceId }) : null,
          el("span", { class: "msg-size muted", text: formatBytes(line.length) })));
      det.addEventListener("toggle", () => {
        if (det.open && !det.querySelector("pre")) det.append(jsonView(d.value));
      }, { once: false });
      ui.messages.append(el("li", { class: "msg", dataset: { index: String(i) } }, det));
    });
    renderMessageStates(false);
  }

  function renderMessageStates(scroll) {
    const items = ui.messages.querySelectorAll(".msg");
    items.forEach((li, i) => {
      li.classList.toggle("is-done", i < state.pos - 1);
      const cur = i === state.pos - 1;
      li.classList.toggle("is-current", cur);
      li.classList.toggle("is-next", i === state.pos);
      if (cur) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
    });
    if (scroll && state.pos > 0 && items[state.pos - 1]) {
      const li = items[state.pos - 1];
      const box = ui.messages.getBoundingClientRect();
      const r = li.getBoundingClientRect();
      if (r.top < box.top || r.bottom > box.bottom) li.scrollIntoView({ block: "nearest" });
    }
  }

  function formatBytes(n) {
    return n < 1024 ? n + " B" : (n / 1024).toFixed(1) + " KB";
  }

  // ---------------------------------------------------------------- live agent mode

  // liveNote says where a live sample's messages come from.
  function liveNote(s) {
    if (VIA) return LIVE[VIA].note(s);
    return "In live mode the messages come from " + AGENT_STREAM + "?sample=" + s.agent + " and the answers to " + AGENT_ACTION + ".";
  }

  // agentPresent probes one of the demo agent's endpoints without running anything:
  // true when it answers method with status (a static host answers 404 or 405).
  async function agentPresent(url, method, status) {
    try {
      const r = await fetch(url, { method, cache: "no-store" });
      return r.status === status;
    } catch (e) {
      return false;
    }
  }

  // liveUnavailable shows that the demo agent is not there (what: the part missing).
  function liveUnavailable(what) {
    destroyRenderer();
    setStageEmpty(true, "The demo agent is not running.");
    setLiveStatus("Agent unavailable", "error");
    showBanner("Live agent unavailable: this copy of the gallery is served without " + what + ". Run `make run` to start it, or turn Live agent off to step through the static sample.");
  }

  async function startLive(gen) {
    if (VIA) return startLiveVia(gen, LIVE[VIA]);
    const s = state.sample;
    state.lines = [];
    state.pos = 0;
    renderMessages();
    updateControls();
    setLiveStatus("Checking for the demo agent…", "pending");
    // The agent answers GET on its POST-only action endpoint with 405; a static
    // host answers 404. Probe that instead of the stream (which would play the sample).
    const present = await agentPresent(AGENT_ACTION, "GET", 405);
    if (gen !== state.gen) return;
    if (!present) return liveUnavailable("the demo agent (" + AGENT_STREAM + " is missing)");
    let r;
    try {
      setStageEmpty(true, "Starting the renderer…");
      r = await newRenderer(AGENT_ACTION);
    } catch (e) {
      if (gen === state.gen) showBanner("The A2UI renderer could not start: " + (e && e.message ? e.message : e) + ".");
      return;
    }
    if (!r || gen !== state.gen) return;
    setStageEmpty(true, "Waiting for the agent…");
    setLiveStatus("Streaming from the agent…", "live");
    logEntry("info", "connect", AGENT_STREAM + "?sample=" + s.agent);
    try {
      await r.connect(AGENT_STREAM + "?sample=" + encodeURIComponent(s.agent), { transport: "jsonl" });
      if (gen !== state.gen) return;
      setLiveStatus("Stream ended · actions go to " + AGENT_ACTION, "done");
    } catch (e) {
      if (gen !== state.gen) return;
      setLiveStatus("Stream failed", "error");
      showBanner("The agent stream failed: " + (e && e.message ? e.message : e));
    }
    setStageEmpty(true);
    refreshModel();
  }

  // LIVE are the live modes over the demo agent's other protocols: the endpoint (probed
  // with OPTIONS, a CORS preflight the agent answers 204), the renderer's attributes for
  // a sample, and what the log, the status line and the messages panel say.
  const LIVE = {
    mcp: {
      name: "MCP",
      endpoint: AGENT_MCP,
      action: AGENT_MCP + " (tools/call action)",
      attrs: (s) => ({ transport: "mcp", agent: AGENT_MCP, resource: "a2ui://" + s.agent }),
      log: (s) => AGENT_MCP + ": resources/read a2ui://" + s.agent,
      status: (s) => "Reading a2ui://" + s.agent + " over MCP · actions call its action tool",
      note: (s) => "In live mode over MCP the messages come from the resource a2ui://" + s.agent + " at " + AGENT_MCP + "; actions call its action tool and its answers render as they arrive.",
    },
    agui: {
      name: "AG-UI",
      endpoint: AGENT_AGUI,
      action: AGENT_AGUI + " (a new run)",
      attrs: (s) => ({ transport: "agui", agent: AGENT_AGUI, message: s.agent }),
      log: (s) => AGENT_AGUI + ": run with the message \u201c" + s.agent + "\u201d",
      status: () => "Running the agent over AG-UI · each action is a new run on the thread",
      note: (s) => "In live mode over AG-UI each run is POSTed to " + AGENT_AGUI + " (the first with the message \u201c" + s.agent + "\u201d); the surface streams in a2ui-surface activities, with its lifecycle shown where it will paint, and every action is a new run on the same thread.",
    },
  };

  // startLiveVia mounts the renderer on one of the demo agent's protocol endpoints (via,
  // a LIVE entry): the renderer talks to the agent itself, actions included.
  async function startLiveVia(gen, via) {
    const s = state.sample;
    state.lines = [];
    state.pos = 0;
    renderMessages();
    updateControls();
    setLiveStatus("Checking for the demo agent's " + via.name + " endpoint…", "pending");
    const present = await agentPresent(via.endpoint, "OPTIONS", 204);
    if (gen !== state.gen) return;
    if (!present) return liveUnavailable("the demo agent's " + via.name + " endpoint (" + via.endpoint + ")");
    try {
      setStageEmpty(true, "Starting the renderer…");
      await newRenderer("", via.attrs(s));
    } catch (e) {
      if (gen === state.gen) showBanner("The A2UI renderer could not start: " + (e && e.message ? e.message : e) + ".");
      return;
    }
    if (gen !== state.gen) return;
    logEntry("info", via.name, via.log(s));
    setLiveStatus(via.status(s), "live");
    setStageEmpty(true, "Waiting for the agent…");
  }

  function setLiveStatus(text, kind) {
    ui.liveStatus.hidden = !state.live;
    ui.liveStatus.textContent = text;
    ui.liveStatus.dataset.kind = kind;
  }

  function toggleLive() {
    if (!state.sample || !state.sample.agent) return;
    const live = !state.live;
    ui.liveStatus.hidden = !live;
    selectSample(state.sample.id, { live, push: false });
  }

  // ---------------------------------------------------------------- data model

  let modelTimer = 0;
  function scheduleModel() {
    if (modelTimer) return;
    modelTimer = setTimeout(() => {
      modelTimer = 0;
      refreshModel();
    }, 30);
  }

  function refreshModel() {
    const r = state.renderer;
    let ids = [];
    try {
      ids = r ? r.surfaces() : [];
    } catch (e) {
      ids = [];
    }
    if (!ids.length) {
      if (!ui.model.querySelector(".model-empty")) {
        ui.model.replaceChildren(el("p", { class: "muted model-empty", text: r ? "No surface yet." : "No renderer." }));
      }
      state.modelText.clear();
      if (r) setStageEmpty(true);
      return;
    }
    ui.model.querySelector(".model-empty")?.remove();
    const seen = new Set(ids);
    for (const box of ui.model.querySelectorAll(".model-surface")) {
      if (!seen.has(box.dataset.surface)) {
        box.remove();
        state.modelText.delete(box.dataset.surface);
      }
    }
    for (const id of ids) {
      let dm;
      try {
        dm = r.dataModel(id);
      } catch (e) {
        dm = undefined;
      }
      const text = dm === undefined ? "{}" : JSON.stringify(dm, null, 2);
      let box = [...ui.model.querySelectorAll(".model-surface")].find((b) => b.dataset.surface === id);
      if (!box) {
        box = el("details", { class: "model-surface", open: true, dataset: { surface: id } },
          el("summary", null, el("span", { class: "surface-dot", "aria-hidden": "true" }), el("span", { class: "mono", text: id })));
        ui.model.append(box);
      }
      if (state.modelText.get(id) !== text) {
        state.modelText.set(id, text);
        const pre = jsonView(text, "model-json");
        const old = box.querySelector("pre");
        if (old) {
          old.replaceWith(pre);
          box.classList.remove("flash");
          void box.offsetWidth; // restart the highlight animation
          box.classList.add("flash");
        } else box.append(pre);
      }
    }
  }

  setInterval(() => {
    if (document.visibilityState === "visible" && state.renderer) refreshModel();
  }, POLL_MS);

  // ---------------------------------------------------------------- log

  function onAction(gen, detail) {
    if (gen !== state.gen) return;
    const a = (detail && (detail.action || detail.userAction)) || {};
    const where = state.live ? " → " + (VIA ? LIVE[VIA].action : AGENT_ACTION) : "";
    logEntry("action", (a.name || "action") + where, detail);
    scheduleModel();
  }

  function onError(gen, detail) {
    if (gen !== state.gen) return;
    const e = (detail && detail.error) || detail || {};
    const title = [e.code, e.message].filter(Boolean).join(": ") || "error";
    logEntry("error", title, detail);
  }

  // onAgent logs the agent's text and run states; once it runs, the renderer shows its
  // progress itself (AG-UI's lifecycle placeholders), so the stage's waiting note goes.
  function onAgent(gen, kind, title, detail) {
    if (gen !== state.gen) return;
    logEntry(kind, title || kind, detail);
    if (kind === "task") {
      state.agentRuns = true;
      ui.stageEmpty.hidden = true;
    }
  }

  function onSurface(gen, detail) {
    if (gen !== state.gen) return;
    if (detail && detail.surfaceId) logEntry("surface", detail.event + " " + detail.surfaceId, null);
    scheduleModel();
    setStageEmpty(true);
  }

  function logEntry(kind, title, detail) {
    const body = detail === null || detail === undefined ? null : typeof detail === "string" ? el("pre", { class: "json", text: detail }) : jsonView(detail);
    const t = new Date();
    const li = el("li", { class: "log-entry log-" + kind },
      el("div", { class: "log-head" },
        el("span", { class: "log-kind", text: kind }),
        el("span", { class: "log-title", text: title }),
        el("time", { class: "log-time", datetime: t.toISOString(), text: timeStamp(t) })),
      body);
    ui.log.prepend(li);
    while (ui.log.children.length > 200) ui.log.lastElementChild.remove();
    ui.logEmpty.hidden = true;
  }

  function clearLog() {
    ui.log.replaceChildren();
    ui.logEmpty.hidden = false;
  }

  // ---------------------------------------------------------------- events

  ui.nav.addEventListener("click", (e) => {
    const a = e.target.closest("a.nav-item");
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    selectSample(a.dataset.id, { push: true, live: false });
  });

  // Arrow keys move between the visible samples; Home/End jump.
  ui.nav.addEventListener("keydown", (e) => {
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) return;
    const items = [...ui.nav.querySelectorAll("a.nav-item")].filter((a) => a.offsetParent !== null);
    if (!items.length) return;
    const i = items.indexOf(document.activeElement);
    let j = i;
    if (e.key === "ArrowDown") j = i < 0 ? 0 : Math.min(items.length - 1, i + 1);
    if (e.key === "ArrowUp") j = i < 0 ? 0 : Math.max(0, i - 1);
    if (e.key === "Home") j = 0;
    if (e.key === "End") j = items.length - 1;
    e.preventDefault();
    items[j].focus();
  });

  ui.search.addEventListener("input", filterNav);
  ui.search.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown") {
      const first = [...ui.nav.querySelectorAll("a.nav-item")].find((a) => a.offsetParent !== null);
      if (first) {
        e.preventDefault();
        first.focus();
      }
    } else if (e.key === "Enter") {
      const first = [...ui.nav.querySelectorAll("a.nav-item")].find((a) => a.offsetParent !== null);
      if (first) selectSample(first.dataset.id, { push: true });
    } else if (e.key === "Escape" && ui.search.value) {
      ui.search.value = "";
      filterNav();
    }
  });

  ui.step.addEventListener("click", step);
  ui.play.addEventListener("click", play);
  ui.reset.addEventListener("click", reset);
  ui.live.addEventListener("click", toggleLive);
  ui.clearLog.addEventListener("click", clearLog);
  ui.bannerClose.addEventListener("click", hideBanner);

  // Global shortcuts, ignored while typing or while focus is inside the rendered surface.
  document.addEventListener("keydown", (e) => {
    if (e.metaKey || e.ctrlKey || e.altKey || e.defaultPrevented) return;
    const t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable], a2ui-renderer")) return;
    if (e.key === "/") {
      e.preventDefault();
      ui.search.focus();
      ui.search.select();
    } else if (e.key === "s" || e.key === "S") {
      if (!ui.step.disabled) step();
    } else if (e.key === "p" || e.key === "P") {
      if (!ui.play.disabled) play();
    } else if (e.key === "r" || e.key === "R") {
      if (!ui.reset.disabled) reset();
    }
  });

  window.addEventListener("popstate", () => {
    const u = readURL();
    if (u.id && state.byId.has(u.id) && (!state.sample || u.id !== state.sample.id || u.live !== state.live)) {
      selectSample(u.id, { live: u.live, step: u.step });
    }
  });

  // ---------------------------------------------------------------- start

  (async () => {
    if (!window.A2UI) showBanner("a2ui.js did not load: the renderer is unavailable.");
    else window.A2UI.ready.catch((e) => showBanner("The A2UI renderer could not start: " + (e && e.message ? e.message : e) + ". Is a2ui.wasm built (make build)?"));
    await loadIndex();
    if (!state.samples.length) return;
    const u = readURL();
    let id = u.id;
    if (id && !state.byId.has(id)) id = null;
    const unknown = !id && u.id;
    if (!id) id = state.samples[0].id;
    const done = selectSample(id, { live: u.live, step: u.step });
    if (unknown) showBanner('Unknown sample "' + u.id + '": showing the first one.', "warn");
    await done;
  })();

  // For tests and the browser console.
  window.__gallery = { state, selectSample, step, play, reset, refreshModel };
})();
