// Type-check fixture for the ES module entry (tests/browser/npm_test.go runs
// `tsc --noEmit --strict` over it in a scratch project that installed the tarball). It uses
// every declared API and event; the @ts-expect-error lines fail the check if a declaration
// loosens to any. It is compiled, never run.
import A2UIDefault, { defineCatalog, mount, ready } from "a2ui-go";
import type {
  A2UI,
  A2UIEventMap,
  A2UIRendererAttributes,
  A2UIRendererElement,
  A2UIScriptDataset,
  ActionMessage,
  CatalogDeclaration,
  ClientCapabilities,
  ConnectOptions,
  ErrorMessage,
  JSONObject,
  MountOptions,
  Renderer,
  SurfaceEventDetail,
  UserActionMessage,
} from "a2ui-go";

async function main(): Promise<void> {
  const a: A2UI = await ready;
  const same: A2UI = A2UIDefault;
  const g: A2UI = window.A2UI;
  const g2: A2UI = await A2UI.ready;
  void [a, same, g, g2];

  const div = document.createElement("div");
  const options: MountOptions = {
    actionURL: "/agent/action",
    actionUrl: "/agent/action",
    headers: { Authorization: "Bearer x" },
    locale: "de-DE",
    theme: "dark",
    messages: { close: "Zumachen" },
    dir: "ltr",
    headingLevel: 2,
    label: { order: "Your order" },
  };
  const charts: CatalogDeclaration = {
    catalogId: "https://example.com/catalogs/charts/v1",
    extends: "basic",
    components: {
      Chart: {
        tag: "x-chart",
        props: { title: { type: "string", bindable: true, required: true }, onSelect: { type: "action" }, body: { type: "child" } },
        events: { select: { action: "onSelect" }, change: { bind: "title", from: "detail.value" } },
      },
      Pin: { create: () => document.createElement("div"), props: { label: { type: "string", enum: ["a", "b"] }, icon: { type: "url", kind: "image" } } },
    },
    functions: { shout: { args: { text: "string" }, returns: "string", call: (args) => String(args.text), budgetMs: 10 } },
  };
  defineCatalog(charts);
  A2UI.defineCatalog(charts);
  // google/A2UI's custom components: JSON Schema props, events carrying data, run-time names.
  const samples: CatalogDeclaration = {
    catalogId: "inline_catalog",
    extends: "basic",
    v08Default: true,
    components: {
      OrgChart: {
        tag: "org-chart",
        description: "A management chain.",
        props: {
          chain: { type: "array", bindable: true, items: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
          action: { type: "action" },
        },
        events: { "node-click": { action: "action", context: "detail" } },
      },
      WebFrame: {
        tag: "web-frame",
        schema: { type: "object", properties: { height: { type: "number" } } },
        required: ["url"],
        props: { url: { type: "url", kind: "frame" }, mode: { type: ["string", "null"], enum: ["a", null] }, allowedEvents: { type: "array" }, any: {} },
        events: { "frame-action": { name: "detail.action", allow: "allowedEvents", context: "detail.data" } },
      },
      Chart: { tag: "x-chart2", props: { chartData: { oneOf: [{ type: "array" }, { $ref: "common_types.json#/$defs/DataBinding" }] } } },
    },
  };
  defineCatalog(samples);
  void mount(div, { defaultCatalog: "inline_catalog" });
  const r: Renderer<HTMLDivElement> = mount(div, { ...options, catalogs: [charts] });
  const el: HTMLDivElement = await r.ready;
  const same2: HTMLDivElement = r.element;
  void [el, same2];

  r.process({ version: "v0.9", createSurface: { surfaceId: "s", catalogId: "c" } })
    .process([{ version: "v0.9", deleteSurface: { surfaceId: "s" } }])
    .process('{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}\n');
  const c: ConnectOptions = { transport: "sse", method: "POST", headers: { "X-A": "1" }, body: { q: 1 } };
  const done: void = await r.connect("/agent/stream", c);
  await r.connect(new URL("/agent/stream", location.href), { transport: "jsonl", body: "text" });
  await r.connect("/s", { transport: "" });
  await r.flush();
  // An AG-UI agent: one thread, a run per turn or action.
  const ag = mount(div, { transport: "agui", agent: "/agent/default/run", message: "hi", headers: { Authorization: "Bearer t" },
    agui: { tools: [], context: [{ description: "d", value: "v" }], forwardedProps: { app: 1 } } });
  ag.send("more");
  ag.element.addEventListener("a2ui-task", (e) => {
    const s: string = e.detail.state;
    const run: string | undefined = e.detail.runId;
    void [s, run];
  });
  const dm: JSONObject | undefined = r.dataModel("s");
  const email = dm?.email;
  const ids: string[] = r.surfaces();
  const caps: ClientCapabilities | undefined = r.capabilities();
  const catalogIds: string[] | undefined = caps?.supportedCatalogIds;
  const v10 = caps?.["v1.0"]?.supportedCatalogIds;
  r.destroy();
  void [done, email, ids, catalogIds, v10];

  // transport "mcp": a resource and/or a tool with object (or JSON text) arguments.
  const mo: MountOptions = { agent: "/mcp", transport: "mcp", resource: "a2ui://form", tool: "show", arguments: { sample: "booking" } };
  const mr: Renderer<HTMLElement> = mount(document.body, mo);
  void mount(document.body, { agent: "/mcp", transport: "mcp", tool: "show", arguments: '{"sample":"tasks"}' });
  const mattrs: A2UIRendererAttributes = { agent: "/mcp", transport: "mcp", resource: "a2ui://form", tool: "show", arguments: "{}" };
  void [mr, mattrs];
  // The page delivers actions and opens links itself (an MCP App through its host).
  const host = mount(document.createElement("div"), {
    async sendAction(m, info) {
      const name: string = "action" in m ? m.action.name : m.userAction.name;
      const id: string = info.actionId;
      void [name, id];
      return [{ version: "v0.9", deleteSurface: { surfaceId: "s" } }];
    },
    openURL(url: string) { void url; },
  });
  mount(document.createElement("div"), { sendAction: () => undefined });
  // @ts-expect-error a number is not a reply
  mount(document.createElement("div"), { sendAction: () => 1 });
  host.destroy();

  // <a2ui-renderer>
  const elem: A2UIRendererElement = document.createElement("a2ui-renderer");
  const q: A2UIRendererElement | null = document.querySelector("a2ui-renderer");
  const attrs: A2UIRendererAttributes = { src: "/s.jsonl", "action-url": "/a", transport: "jsonl", theme: "auto", locale: "fr", dir: "rtl", "heading-level": "2", label: "Order" };
  for (const [k, v] of Object.entries(attrs)) elem.setAttribute(k, v);
  const script = document.querySelector<HTMLScriptElement>("script[data-wasm]");
  const data: A2UIScriptDataset = { wasm: script?.dataset.wasm, godebug: "inittrace=1" };
  void data;
  const er: Renderer<A2UIRendererElement> | null = elem.renderer;
  if (er) await er.flush();
  void q;

  // Events, on the element, the document and the window.
  elem.addEventListener("a2ui-action", (e) => {
    const d: UserActionMessage | ActionMessage = e.detail;
    const name: string = "action" in d ? d.action.name : d.userAction.name;
    const ctx: JSONObject = "action" in d ? d.action.context : d.userAction.context;
    if ("action" in d) {
      const id: string | undefined = d.action.actionId;
      const want: boolean | undefined = d.action.wantResponse;
      const msg: string | undefined = d.action.userMessage;
      const model = d.metadata?.a2uiClientDataModel.surfaces[d.action.surfaceId];
      void [id, want, msg, model];
    }
    void [name, ctx];
  });
  elem.addEventListener("a2ui-error", (e) => {
    const d = e.detail;
    if ("error" in d) {
      const m: ErrorMessage = d;
      const code: string = m.error.code;
      const s: string | undefined = m.error.surfaceId;
      const p: string | undefined = m.error.path;
      const f: string | undefined = m.error.functionCallId;
      void [code, s, p, f, m.error.message, m.version];
    } else {
      const f: string = d.rendererFunctionResponse.functionCallId;
      void [f, d.rendererFunctionResponse.error.code];
    }
  });
  document.addEventListener("a2ui-surface", (e) => {
    const d: SurfaceEventDetail = e.detail;
    const kind: "created" | "deleted" = d.event;
    void [d.surfaceId, kind];
  });
  window.addEventListener("a2ui-ready", (e) => {
    const d: null = e.detail;
    void d;
  });
  const ev: A2UIEventMap["a2ui-surface"] = new CustomEvent("a2ui-surface", { detail: { surfaceId: "s", event: "created" } });
  void ev;

  // Misuse is rejected (each line fails to type-check on its own).
  // @ts-expect-error: unknown mount option
  mount(div, { actionUrll: "/a" });
  // @ts-expect-error: a host prop type is one of the declared ones
  defineCatalog({ catalogId: "x", components: { A: { tag: "x-a", props: { p: { type: "date" } } } } });
  // @ts-expect-error: headers are a plain object of strings
  mount(div, { headers: [["a", "b"]] });
  // @ts-expect-error: transport is jsonl, sse or empty
  void r.connect("/s", { transport: "websocket" });
  // @ts-expect-error: agui's members are JSON, forwardedProps an object
  mount(div, { transport: "agui", agui: { forwardedProps: [1] } });
  // @ts-expect-error: process takes messages, not numbers
  r.process(42);
  // @ts-expect-error: no such renderer method
  r.render();
  // @ts-expect-error: surfaces() is a list of strings
  const n: number[] = r.surfaces();
  // @ts-expect-error: the renderer can be null
  elem.renderer.flush();
  elem.addEventListener("a2ui-surface", (e) => {
    // @ts-expect-error: "event" is created or deleted
    const k: "updated" = e.detail.event;
    void k;
  });
  // @ts-expect-error: the element's renderer is read-only
  elem.renderer = null;
  void n;
}
void main;
