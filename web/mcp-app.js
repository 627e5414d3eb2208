// mcp-app.js: the View side of an MCP App (ext-apps, SEP-1865, protocol 2026-01-26) for
// the A2UI renderer. `make build` inlines it, after the bundled a2ui.js and the wasm, into
// dist/a2ui-mcp-app.html (internal/tools/bundle -html), the ui:// resource a server
// serves (agent.MCPApp). It speaks JSON-RPC 2.0 with the host over postMessage:
//
//   View → host  ui/initialize, then ui/notifications/initialized; tools/call "action"
//                {name, context, surfaceId, sourceComponentId} for each A2UI action (the
//                A2UI in its result is applied); ui/open-link for links and openUrl;
//                ui/notifications/size-changed as the content resizes
//   host → View  ui/notifications/tool-input (A2UI among the arguments) and tool-result
//                (A2UI in application/a2ui+json EmbeddedResources; else its text is
//                shown); host-context-changed (theme, styles, locale); ping and
//                ui/resource-teardown answered {}
//
// Where the host's Content-Security-Policy refuses WebAssembly (the spec's default has no
// 'wasm-unsafe-eval'), A2UI.ready rejects and the View shows the tool result's text.
// No innerHTML, no eval; the only messages go to window.parent.
(() => {
  "use strict";
  const host = window.parent;
  if (host === window || !window.A2UI) return; // not in a frame, or no renderer bundle

  const PROTOCOL = "2026-01-26";
  const A2UI_TYPES = new Set(["application/a2ui+json", "application/json+a2ui"]);
  // The top-level keys of server-to-client A2UI messages (v0.8 to v1.0).
  const MESSAGE_KEYS = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface",
    "beginRendering", "surfaceUpdate", "dataModelUpdate", "actionResponse", "callFunction",
    "callRendererFunction", "agentFunctionResponse"];
  // The host's style variables (McpUiStyles) that have an A2UI design token.
  const TOKENS = {
    "--color-background-primary": "--a2ui-color-surface",
    "--color-background-secondary": "--a2ui-color-surface-container",
    "--color-text-primary": "--a2ui-color-on-surface",
    "--color-text-secondary": "--a2ui-color-on-surface-variant",
    "--color-border-primary": "--a2ui-color-outline",
    "--color-border-secondary": "--a2ui-color-outline-variant",
    "--color-text-danger": "--a2ui-color-error",
    "--font-sans": "--a2ui-font-family",
    "--font-mono": "--a2ui-font-mono",
    "--border-radius-sm": "--a2ui-radius-small",
    "--border-radius-md": "--a2ui-radius-medium",
    "--border-radius-lg": "--a2ui-radius-large",
  };

  // ---- JSON-RPC over postMessage ------------------------------------------------------
  let nextId = 1;
  const waiting = new Map(); // request id -> {resolve, reject}
  const send = (msg) => host.postMessage(msg, "*"); // the View's origin is opaque: "*"
  function request(method, params) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      send({ jsonrpc: "2.0", id, method, params });
    });
  }
  const notify = (method, params) => send({ jsonrpc: "2.0", method, params: params || {} });

  const requests = {
    ping: () => ({}),
    "ui/resource-teardown": () => {
      if (renderer) renderer.destroy();
      renderer = null;
      return {};
    },
  };
  const notifications = {
    "ui/notifications/tool-input": (p) => {
      const payload = p && p.arguments ? argumentsA2UI(p.arguments) : null;
      if (payload) show(payload, "");
    },
    "ui/notifications/tool-result": (p) => toolResult(p || {}),
    "ui/notifications/tool-cancelled": (p) => {
      if (!shown) fallback("The tool call was cancelled" + (p && p.reason ? ": " + p.reason : "."), false);
    },
    "ui/notifications/host-context-changed": (p) => applyContext(p || {}),
  };

  window.addEventListener("message", (e) => {
    if (e.source !== host) return; // only the host (the View's origin is opaque)
    const m = e.data;
    if (!m || typeof m !== "object" || m.jsonrpc !== "2.0") return;
    if (typeof m.method !== "string") { // a response
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      if (m.error) w.reject(new Error((m.error && m.error.message) || "JSON-RPC error " + (m.error && m.error.code)));
      else w.resolve(m.result);
      return;
    }
    if (m.id !== undefined && m.id !== null) { // a request
      const h = requests[m.method];
      if (!h) {
        send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found: " + m.method } });
        return;
      }
      send({ jsonrpc: "2.0", id: m.id, result: h(m.params) });
      return;
    }
    const h = notifications[m.method];
    if (h) {
      try { h(m.params); } catch (err) { (window.reportError || console.error)(err); }
    }
  });

  // ---- A2UI in tool calls ---------------------------------------------------------------
  const essence = (t) => String(t || "").split(";")[0].trim().toLowerCase();
  const isMessage = (o) => o !== null && typeof o === "object" && !Array.isArray(o) && MESSAGE_KEYS.some((k) => k in o);
  // a2uiOf returns the A2UI messages v holds (an array of messages, one message,
  // {messages: [...]}, or a JSON string of one of them), or null.
  function a2uiOf(v, depth) {
    if (typeof v === "string") {
      const t = v.trim();
      if (depth > 0 || (t[0] !== "[" && t[0] !== "{")) return null;
      try { return a2uiOf(JSON.parse(t), 1); } catch (e) { return null; }
    }
    if (Array.isArray(v)) return v.length > 0 && v.every(isMessage) ? v : null;
    if (isMessage(v)) return [v];
    if (v && typeof v === "object" && Array.isArray(v.messages)) return a2uiOf(v.messages, 1);
    return null;
  }
  // argumentsA2UI: the tool's arguments are A2UI messages, or one of them holds some.
  function argumentsA2UI(args) {
    const whole = a2uiOf(args, 0);
    if (whole) return whole;
    const out = [];
    for (const v of Object.values(args)) {
      const m = a2uiOf(v, 0);
      if (m) out.push(...m);
    }
    return out.length ? out : null;
  }
  const forUser = (item) => {
    const a = item.annotations && item.annotations.audience;
    return !Array.isArray(a) || a.includes("user"); // absent: user and model
  };
  // resultParts splits a CallToolResult's content into A2UI payloads (EmbeddedResources
  // of an A2UI MIME type meant for the user) and its text.
  function resultParts(result) {
    const payloads = [], texts = [];
    for (const item of Array.isArray(result.content) ? result.content : []) {
      if (!item || typeof item !== "object") continue;
      if (item.type === "text" && typeof item.text === "string") texts.push(item.text);
      const r = item.type === "resource" && item.resource;
      if (!r || !A2UI_TYPES.has(essence(r.mimeType)) || !forUser(item)) continue;
      if (typeof r.text === "string") payloads.push(r.text);
      else if (typeof r.blob === "string") {
        try {
          payloads.push(new TextDecoder().decode(Uint8Array.from(atob(r.blob), (c) => c.charCodeAt(0))));
        } catch (e) { console.warn("a2ui mcp-app: an A2UI blob that is not base64 was skipped"); }
      }
    }
    return { payloads, text: texts.join("\n\n") };
  }

  // ---- the View -------------------------------------------------------------------------
  const root = document.createElement("main");
  root.className = "a2ui-mcp-app";
  const el = document.createElement("div");
  el.className = "a2ui-mcp-renderer";
  const note = document.createElement("div");
  note.className = "a2ui-mcp-text";
  note.hidden = true;
  root.append(el, note);
  document.body.append(root);

  let renderer = null;
  let wasmError = null; // why the renderer cannot run (A2UI.ready rejected)
  let lastText = "", lastError = false; // the latest tool result's text
  let shown = false; // A2UI or text is on screen
  let context = {};

  // fallback shows text (a tool result's, or a status) in place of the surfaces.
  function fallback(text, isError) {
    note.replaceChildren();
    if (wasmError) {
      const why = document.createElement("p");
      why.className = "a2ui-mcp-why";
      why.textContent = "The interactive view cannot run here: this host does not allow WebAssembly ('wasm-unsafe-eval').";
      note.append(why);
    }
    const body = document.createElement("div");
    body.className = "a2ui-mcp-result";
    body.textContent = text;
    note.append(body);
    note.setAttribute("role", isError ? "alert" : "status");
    note.hidden = !text && !wasmError;
    shown = shown || !!text;
  }

  // show applies A2UI payloads; text is shown instead when the renderer cannot run.
  function show(payloads, text, isError) {
    if (!wasmError && renderer && payloads.length) {
      for (const p of payloads) renderer.process(p);
      note.hidden = true;
      shown = true;
      return;
    }
    if (text || wasmError) fallback(text, isError);
  }

  function toolResult(result) {
    const { payloads, text } = resultParts(result);
    lastText = text;
    lastError = result.isError === true;
    if (!payloads.length || lastError) {
      if (text || wasmError) fallback(text, lastError);
      return;
    }
    show(payloads, text, false);
  }

  // sendAction delivers an A2UI action as tools/call "action" through the host and applies
  // the A2UI in its result; a JSON-RPC error or an isError result is the action's failure
  // (shown beside its Button, with Retry).
  async function sendAction(message, info) {
    const a = message.action || message.userAction || {};
    const args = { name: a.name, context: a.context || {}, surfaceId: a.surfaceId, sourceComponentId: a.sourceComponentId };
    const meta = { version: message.version || "v0.8", actionId: info.actionId };
    const caps = renderer && renderer.capabilities();
    if (caps) meta.clientCapabilities = caps;
    if (message.metadata && message.metadata.a2uiClientDataModel) meta.clientDataModel = message.metadata.a2uiClientDataModel;
    const result = await request("tools/call", { name: "action", arguments: args, _meta: { a2ui: meta } });
    const { payloads, text } = resultParts(result || {});
    if (result && result.isError) throw new Error(text || "the action failed");
    for (const p of payloads) if (renderer) renderer.process(p);
  }

  // openLink asks the host to open an http(s) URL (the sandbox has no popups).
  function openLink(url) {
    let u;
    try { u = new URL(url); } catch (e) { return; }
    if (u.protocol !== "https:" && u.protocol !== "http:") return;
    request("ui/open-link", { url: u.href }).then((r) => {
      if (r && r.isError) console.warn("a2ui mcp-app: the host did not open " + u.href);
    }, (e) => console.warn("a2ui mcp-app: ui/open-link failed: " + e.message));
  }
  // Markdown links (<a target=_blank>) in the surfaces: a trusted click goes to the host.
  document.addEventListener("click", (e) => {
    if (!e.isTrusted || e.defaultPrevented || e.button !== 0) return;
    const a = e.composedPath().find((n) => n instanceof Element && n.localName === "a" && n.hasAttribute("href"));
    if (!a) return;
    e.preventDefault();
    openLink(a.href);
  }, true);

  // applyContext merges a (partial) host context: theme, style variables, locale.
  function applyContext(c) {
    context = Object.assign({}, context, c);
    if (c.theme === "light" || c.theme === "dark") {
      el.setAttribute("theme", c.theme);
      document.documentElement.dataset.theme = c.theme;
      document.documentElement.style.colorScheme = c.theme;
    }
    const vars = c.styles && c.styles.variables;
    if (vars && typeof vars === "object") {
      for (const [k, t] of Object.entries(TOKENS)) {
        if (typeof vars[k] === "string" && vars[k]) el.style.setProperty(t, vars[k]);
      }
    }
  }

  // Size: the document's content height and the frame's width, once per frame at most.
  let last = "", measuring = false;
  function measure() {
    if (measuring) return;
    measuring = true;
    requestAnimationFrame(() => {
      measuring = false;
      const d = document.documentElement, h = d.style.height;
      d.style.height = "max-content";
      const height = Math.ceil(d.getBoundingClientRect().height);
      d.style.height = h;
      const width = Math.ceil(window.innerWidth);
      if (width + "x" + height === last) return;
      last = width + "x" + height;
      notify("ui/notifications/size-changed", { width, height });
    });
  }

  A2UI.ready.catch((e) => {
    wasmError = (e && e.message) || String(e);
    console.warn(wasmError);
    if (renderer) renderer.destroy();
    renderer = null;
    fallback(lastText, lastError);
  });

  request("ui/initialize", {
    appInfo: { name: "a2ui-go", version: "1" },
    appCapabilities: { availableDisplayModes: ["inline"] },
    protocolVersion: PROTOCOL,
  }).then((r) => {
    const c = (r && r.hostContext) || {};
    applyContext(c);
    if (!wasmError) {
      renderer = A2UI.mount(el, {
        sendAction,
        openURL: openLink,
        locale: typeof c.locale === "string" && c.locale ? c.locale : undefined,
        actionTimeout: 60000, // a tool call through the host may take a while
      });
      renderer.ready.catch(() => {}); // reported through A2UI.ready above
    }
    notify("ui/notifications/initialized");
    const ro = new ResizeObserver(measure);
    ro.observe(document.documentElement);
    ro.observe(document.body);
    measure();
  }, (e) => console.warn("a2ui mcp-app: ui/initialize failed: " + e.message));
})();
