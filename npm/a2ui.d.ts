// Type declarations of a2ui-go: the ES module entry (a2ui.mjs), the global `A2UI` of the
// script-tag build (a2ui.js), the <a2ui-renderer> element and its events.
//
//   import { mount, ready } from "a2ui-go";          // ES module entry
//   /// <reference types="a2ui-go" />                 // script tag: the global A2UI only
//
// Layout rule (tests/browser/npm_test.go parses this file): each member of an interface
// below sits on its own line, indented by two spaces; the drift test compares these names
// with the running renderer (A2UI, the renderer object, the element, the options read by
// a2ui.js, the events emitted), so an API added without its declaration fails the tests.

// ---- JSON and messages ---------------------------------------------------------------

/** A JSON value (what JSON.parse returns). */
export type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

/** A JSON object. */
export type JSONObject = { [key: string]: JSONValue };

/**
 * One server-to-client A2UI message of any supported version (v0.8, the v0.9 draft, v0.9,
 * v0.9.1, v0.10, v1.0), as a parsed object. The renderer validates it; a bad message is
 * reported as an `a2ui-error` and skipped.
 */
export type A2UIMessage = object;

/** The `version` value of client-to-server messages (v0.8 streams send none). */
export type ProtocolVersion = "v0.9" | "v0.9.1" | "v0.10" | "v1.0";

/** Stream framing: `jsonl` (one message or array per line), `sse` (text/event-stream), or
 *  empty for "from the response's Content-Type". */
export type Transport = "" | "jsonl" | "sse";

/** The element's transport: a stream framing, `a2a` (an A2A agent, see `agent`), `agui`
 *  (an AG-UI agent's run endpoint) or `mcp` (an MCP server's Streamable HTTP endpoint, see
 *  `resource` and `tool`). */
export type ElementTransport = Transport | "a2a" | "agui" | "mcp";

// ---- A2UI.mount -------------------------------------------------------------------------

/** Options of `A2UI.mount(element, options)`. */
export interface MountOptions {
  /** Where actions and errors are POSTed as JSON; a JSONL or SSE response body is
   *  processed as more messages. Without it the events are the only output. */
  actionURL?: string;
  /** Alias of `actionURL`. */
  actionUrl?: string;
  /** Extra request headers (for example authorization) for the action POSTs and the
   *  renderer's own requests; they override the defaults. A plain object of strings
   *  (numbers and booleans are sent as their text); another value fails closed like an
   *  invalid policy (POLICY_INVALID). */
  headers?: Record<string, string>;
  /** BCP 47 locale for formatNumber/formatCurrency/formatDate/pluralize. Default: the
   *  page's `<html lang>`, then `navigator.language`, then `en-US`. */
  locale?: string;
  /** Colour scheme: `auto` (default) follows `prefers-color-scheme`; sets the element's
   *  `theme` attribute when it has none. */
  theme?: "light" | "dark" | "auto";
  /** Overrides of the built-in strings by message key (README "Localization"), e.g.
   *  `{close: "Dismiss", retry: "Try again"}`. Unknown keys are ignored. */
  messages?: Record<string, string>;
  /** Writing direction; default: the element's `dir` attribute, else the locale's. */
  dir?: "ltr" | "rtl";
  /** The heading level the surfaces sit under (0-5, default 1): their headings are
   *  renumbered from the next level down, with no skipped level. */
  headingLevel?: number;
  /** The surfaces' region name: one string for every surface, or one per surface id.
   *  Default: the surface's first heading (a surface without one is not a landmark). */
  label?: string | Record<string, string>;
  /** `a2a`: the renderer is the A2A client of `agent` (actions and errors become A2A
   *  messages; `actionURL` is not used). `agui`: the renderer is the AG-UI client of
   *  `agent` (each turn and each action is a run on one thread; `actionURL` is not used).
   *  `mcp`: the renderer is the MCP client of `agent` (Streamable HTTP; actions call its
   *  tools; `actionURL` is not used). Another value (other than the framings `jsonl`
   *  and `sse`, which change nothing here) fails closed like an invalid policy
   *  (POLICY_INVALID). */
  transport?: "a2a" | "agui" | "mcp";
  /** With transport `a2a`: the agent's base URL (its card at
   *  `<agent>/.well-known/agent-card.json`, then the origin's) or its card's URL. With
   *  transport `agui`: the URL each run is POSTed to (e.g. a CopilotKit runtime's
   *  `…/agent/<agentId>/run`). With transport `mcp`: the server's Streamable HTTP
   *  endpoint. */
  agent?: string;
  /** With transport `mcp`: the URI of a resource to read (`resources/read`), e.g.
   *  `a2ui://form`; its `application/a2ui+json` contents are rendered. */
  resource?: string;
  /** With transport `mcp`: the name of a tool to call (`tools/call`); the A2UI of its
   *  result's embedded resources is rendered, its text fires `a2ui-text`. */
  tool?: string;
  /** With transport `mcp`: the tool's arguments, a JSON object (or its JSON text);
   *  anything else is refused with `MCP_ARGUMENTS`. */
  arguments?: JSONObject | string;
  /** With transport `a2a` or `agui`: the text of the first turn (none when absent). */
  message?: string;
  /** With transport `agui`: what every run's RunAgentInput carries besides the thread
   *  (defaults `[]`, `[]`, `{}`); an action adds `a2uiAction` to `forwardedProps`. */
  agui?: AGUIInput;
  /** The policy profile to start from: `default` (if omitted) or `strict`; `openwop`
   *  renders only OpenWOP `ui.a2ui-surface` envelopes on the strict policy (actions become
   *  `a2ui-openwop-action` events and nothing is sent). */
  profile?: PolicyProfile;
  /** Overrides of the profile (an object, or its JSON). An invalid policy fails closed:
   *  nothing renders, `ready` rejects, an `a2ui-error` with code POLICY_INVALID fires. */
  policy?: Policy | string;
  /** Opt-in function sets beside the basic catalog's: `web_core` adds web_core's add,
   *  subtract, multiply, divide, equals, not_equals, greater_than, less_than, contains,
   *  starts_with and ends_with. An unknown set fails closed like an invalid policy. */
  functions?: FunctionSet[] | string;
  /** Ignore Button clicks a script dispatched (`element.click()`, `isTrusted` false);
   *  the strict profile turns it on. */
  trustedClicksOnly?: boolean;
  /** The agent accepts inline catalogs: capabilities sent with actions (and A2A messages)
   *  carry `inlineCatalogs`, the page's catalogs described from their declared props. */
  inlineCatalogs?: boolean;
  /** Milliseconds an action POST may take before it shows as failed (default 10000). */
  actionTimeout?: number;
  /** Milliseconds one surface's build may take in a frame (default 1000); a surface past
   *  it is replaced by a notice (fail closed) while the others keep rendering. */
  renderBudget?: number;
  /** The OpenWOP host's declaration (with `profile: "openwop"`). */
  openwop?: OpenWOPOptions;
  /** Caps on what agents may send this renderer (README "Limits"); unset fields keep
   *  their defaults. Over a cap an entry or line is skipped, or the surface fails closed. */
  limits?: Limits;
  /** Catalogs of the page's own components and functions for this renderer only (beside
   *  those of `A2UI.defineCatalog`). An invalid declaration fails the renderer closed with
   *  an `a2ui-error` {code: "VALIDATION_FAILED"}. */
  catalogs?: CatalogDeclaration[];
  /** The catalog id of v0.8 surfaces whose beginRendering names no catalogId (or v0.8's
   *  standard catalog): a page catalog, as the official v0.8 clients register custom
   *  components (attribute `default-catalog`). Overrides a `v08Default` catalog. */
  defaultCatalog?: string;
  /** Without `actionURL`: the page delivers each action itself (an MCP App sends it to its
   *  host as `tools/call`). The Button is busy until the promise settles, at most
   *  `actionTimeout`; a rejection (or the timeout) shows beside it with a Retry, which
   *  calls again with the same message and `actionId`. What it resolves with (messages, as
   *  for `process`) is applied like an action POST's answer. */
  sendAction?: (message: UserActionMessage | ActionMessage, info: { actionId: string }) => ActionReply | Promise<ActionReply>;
  /** Opens the http/https URLs of `openUrl` calls instead of `window.open` (an MCP App asks
   *  its host: `ui/open-link`); called only during a user activation, once per interaction. */
  openURL?: (url: string) => void;
}

/** What `MountOptions.sendAction` may resolve with: messages to apply (as for
 *  `Renderer.process`), or nothing. */
export type ActionReply = void | null | string | A2UIMessage | readonly A2UIMessage[];

// ---- A2UI.defineCatalog -----------------------------------------------------------------

/** The type of a host component's prop (README "Custom components from JS"). */
export type HostPropType = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null" | "any" | "url" | "action" | "child" | "children";

/** The JSON Schema subset a value prop (or a member of one) is declared with. */
export interface HostSchema {
  /** A type, or a union of types; absent or "any": any JSON value. */
  type?: HostPropType | HostPropType[];
  /** The allowed values (any JSON values). */
  enum?: JSONValue[];
  const?: JSONValue;
  /** Members of an object (undeclared members pass) and those it must have. */
  properties?: { [name: string]: HostSchema };
  required?: string[] | boolean;
  /** The schema of an array's items. */
  items?: HostSchema;
  /** Alternatives; a `$ref` to A2UI's common types (DynamicString, DynamicNumber,
   *  DynamicBoolean, DynamicStringList, DynamicValue, DataBinding) makes the prop bindable,
   *  one to Action, ComponentId or ChildList makes it an action, child or children prop. */
  oneOf?: HostSchema[];
  anyOf?: HostSchema[];
  $ref?: string;
  /** Documents the prop in the capabilities' inline catalog. */
  description?: string;
}

/** One declared prop of a host component. string, number, boolean, object, array and url props
 *  are set as element properties (the JSON value, never an attribute); action props run
 *  from a declared event; child and children props render A2UI components into
 *  `<div slot="<prop>">` children of the element. */
export interface HostProp extends HostSchema {
  /** Absent (or a union): any JSON value of the declared types. An array prop also
   *  accepts an object keyed "0", "1", … (a v0.8 valueMap list): the element gets the
   *  array, in index order. Objects reach the element with their keys in stream order. */
  type?: HostPropType | HostPropType[];
  /** The agent may bind it ({path} or {call}); else it takes a literal only. */
  bindable?: boolean;
  /** A component without it is reported (VALIDATION_FAILED). */
  required?: boolean;
  /** The allowed values; another value is reported and dropped. */
  enum?: JSONValue[];
  /** A url prop's policy list (default "link"; "frame", a document to frame, is checked
   *  against the link list): the element gets the resolved absolute http(s) URL; one the
   *  policy refuses is reported (POLICY_DENIED) and left unset. */
  kind?: "link" | "image" | "media" | "frame";
}

/** A DOM event of the element (dispatched on the element itself; it need not bubble):
 *  either runs an action prop, or writes its value to the path a bindable prop is bound to. */
export interface HostEvent {
  /** The action prop it runs (the POST carries the action's context, resolved now). */
  action?: string;
  /** Instead of `action`: where the event holds an action name ("detail.action"), for
   *  actions named at run time (a framed app's). Sent only when the array prop `allow`
   *  (the agent's list) holds the name and the page's policy allows it; single-flight. */
  name?: string;
  /** With `name`: the array prop listing the names the agent allows. */
  allow?: string;
  /** With `action` or `name`: an object of the event ("detail", "detail.a.b") merged
   *  into the action's context (its members win over the agent's entries). */
  context?: string;
  /** The bindable prop whose {path} receives the value (two-way binding). */
  bind?: string;
  /** Where the value comes from: "detail" (default), "detail.a.b", or "value" (the
   *  element's value property). */
  from?: string;
}

/** A host component: a custom element (`tag`) or a factory (`create`). */
export interface HostComponent {
  /** A custom element name (lowercase, with "-", not a2ui-*); the page defines it. */
  tag?: string;
  /** Returns a fresh element for each instance (called by the renderer's DOM applier). */
  create?: () => Element;
  props?: { [name: string]: HostProp };
  /** The component's JSON Schema instead of (or under) `props`: `{type: "object",
   *  properties, required}` as Lit's componentRegistry.register takes it, or a v0.9
   *  catalog's component (allOf entries); `props` entries win. */
  schema?: JSONObject;
  /** Names of required props (beside `required: true` on a prop). */
  required?: string[];
  /** Documents the component in the capabilities' inline catalog. */
  description?: string;
  /** DOM event type → what it does. */
  events?: { [type: string]: HostEvent };
}

/** A host function the agent calls like a basic one: `{call: name, args: {...}}`. */
export interface HostFunction {
  /** Argument name → type ("string", "number", "boolean", "object", "array", "any");
   *  arguments are coerced before the call. */
  args?: { [name: string]: string };
  /** The result's type; the result is coerced to it (default "any"). */
  returns?: string;
  /** Synchronous; a throw is reported as FUNCTION_FAILED with its message. */
  call: (args: JSONObject) => JSONValue;
  /** The per-call time budget in ms (default 20); a call over it fails and its value is
   *  discarded; after 3 such calls the function is disabled for the renderer's life. */
  budgetMs?: number;
}

/** A catalog of the page's own components and functions. */
export interface CatalogDeclaration {
  /** The id agents name in createSurface.catalogId. */
  catalogId: string;
  /** "basic": the basic catalog's components and functions come too. A component named
   *  like a basic one (TextField) replaces it on this catalog's surfaces only. */
  extends?: "basic";
  /** v0.8 surfaces whose beginRendering names no catalogId (or v0.8's standard catalog)
   *  render with this catalog, as the official v0.8 clients register custom components;
   *  the first such catalog wins, the `defaultCatalog` mount option over it. */
  v08Default?: boolean;
  components?: { [name: string]: HostComponent };
  functions?: { [name: string]: HostFunction };
}

/** An opt-in function set. */
export type FunctionSet = "web_core";

/** A built-in policy profile. */
export type PolicyProfile = "default" | "strict" | "openwop" | (string & {});

/** Names a policy allows: `allow` absent means all, `[]` none; `deny` wins. */
export interface PolicyNames {
  allow?: string[];
  deny?: string[];
}

/**
 * The page's trust policy (README, "Policy"). Hosts lists hold `"*"` (any http/https),
 * `"self"` (the stream's origin), `"cdn.example"`, `"cdn.example:8443"`, `"*.cdn.example"`
 * (https) or an origin `"http://127.0.0.1:8080"`.
 */
export interface Policy {
  profile?: PolicyProfile;
  components?: PolicyNames;
  functions?: PolicyNames;
  actions?: PolicyNames;
  urls?: { images?: string[]; media?: string[]; links?: string[] };
  openUrl?: "gesture" | "never";
  wholeModelContext?: boolean;
  trustedClicksOnly?: boolean;
  /** 0–5: agent heading tags start one level below (the outline follows headingLevel). */
  headingBase?: number;
  limits?: {
    maxComponents?: number;
    maxDataNodes?: number;
    maxSurfaces?: number;
    maxLine?: number;
    maxInstances?: number;
    maxDepth?: number;
    maxTemplateItems?: number;
  };
}

/** What an OpenWOP host declares for its surfaces. */
export interface OpenWOPOptions {
  /** The action targets the page handles; a button for another target stays disabled.
   *  `targets` that is not an array of strings, or `approval` that is not a boolean,
   *  fails closed like an invalid policy (POLICY_INVALID). */
  targets?: Array<"resume" | "exchange">;
  /** The resume target is an approval gate: untrusted surfaces cannot drive it. */
  approval?: boolean;
}

/** The caps of `MountOptions.limits` (positive integers; README "Limits" has the
 *  defaults). */
export interface Limits {
  maxLine?: number;
  maxSurfaces?: number;
  maxComponents?: number;
  maxDataNodes?: number;
  maxValueDepth?: number;
  maxPathSegments?: number;
  maxPathBytes?: number;
  maxKeyBytes?: number;
  maxStringBytes?: number;
  maxEntries?: number;
  maxArrayLen?: number;
  maxIndexGap?: number;
  maxInstances?: number;
  maxDepth?: number;
  maxTemplateItems?: number;
  maxTextBytes?: number;
  maxSurfaceBytes?: number;
  maxFormatOutput?: number;
}

/** Options of `renderer.connect(url, options)`. */
export interface ConnectOptions {
  /** Framing; default: from the response's Content-Type (text/event-stream is SSE). */
  transport?: Transport;
  /** HTTP method; default `GET`. */
  method?: string;
  /** Request headers, passed to fetch. */
  headers?: HeadersInit;
  /** Request body: a string is sent as is, anything else as JSON. */
  body?: string | JSONValue;
  /** An SSE stream fetched with GET reconnects after its connection closes or drops
   *  (EventSource semantics, Last-Event-ID); `false` turns that off. Default true. */
  reconnect?: boolean;
}

/** Client capabilities of one protocol version. */
export interface CatalogCapabilities {
  supportedCatalogIds: string[];
  inlineCatalogs?: JSONValue[];
}

/**
 * The `a2uiClientCapabilities` object to send to agents (A2A metadata): the members of
 * CatalogCapabilities at the top level (as v0.8 and the Python SDK read them) and once per
 * version key.
 */
export type ClientCapabilities = CatalogCapabilities & { [V in ProtocolVersion]?: CatalogCapabilities };

/** A renderer attached to an element by `A2UI.mount` (or owned by `<a2ui-renderer>`). */
export interface Renderer<E extends HTMLElement = HTMLElement> {
  /** The element the renderer is mounted on (surfaces live in its open shadow root). */
  readonly element: E;
  /** Resolves with the element once this renderer is live (the runtime is up). */
  readonly ready: Promise<E>;
  /** Applies messages: one message object, an array of them, or JSONL / JSON text. Calls
   *  made before `ready` are queued in order. Returns the renderer. Throws once destroyed. */
  process(messages: string | A2UIMessage | readonly A2UIMessage[]): Renderer<E>;
  /** Streams a URL (JSONL or SSE) into the renderer; resolves when the stream ends and
   *  rejects when it fails (HTTP error status, network error; also reported as an
   *  `a2ui-error`). Throws once destroyed. */
  connect(url: string | URL, options?: ConnectOptions): Promise<void>;
  /** Resolves once the DOM shows everything processed so far. */
  flush(): Promise<void>;
  /** A snapshot of a surface's data model; undefined for an unknown surface or before
   *  `ready`. In worker mode (`A2UI.mode`), the model as of the last frame the page
   *  received: current after `await flush()` and inside the renderer's events. */
  dataModel(surfaceId: string): JSONObject | undefined;
  /** The ids of the live surfaces, in creation order ([] before `ready`). */
  surfaces(): string[];
  /** The client capabilities to send to agents; undefined before `ready`. */
  capabilities(): ClientCapabilities | undefined;
  /** With transport `a2a` or `agui`: starts a turn with the agent carrying text (turns,
   *  runs and actions go one at a time). Throws for other transports (with `mcp`: MCP has
   *  no user turns). Returns the renderer. */
  send(text: string): Renderer<E>;
  /** Stops the renderer: streams are cancelled and later calls of process/connect throw.
   *  With transport `mcp`, the session is ended (`DELETE` with `Mcp-Session-Id`). */
  destroy(): void;
}

/** Where the engine (the Go/wasm runtime) runs: `worker`, a dedicated worker, off the
 *  page's main thread; or `main`, the page's thread (no worker could be made, the page
 *  asked for it, or it declared page functions before the engine started). */
export type EngineMode = "main" | "worker";

/** The global `A2UI` of the script-tag build, and the ES module entry's default export. */
export interface A2UI {
  /** Resolves with A2UI once the Go runtime is up. */
  readonly ready: Promise<A2UI>;
  /** Where the engine runs; undefined until it is decided, always set once `ready`
   *  resolved. */
  readonly mode: EngineMode | undefined;
  /** Attaches a renderer to element (an open shadow root) and returns it at once; calls
   *  queue until the runtime is up. */
  mount<E extends HTMLElement>(element: E, options?: MountOptions): Renderer<E>;
  /** Adds a catalog to the page, for every renderer (mounted before or after, runtime up
   *  or not): it serves the surfaces whose createSurface comes after the call; one created
   *  earlier on its id stays failed closed. An id defined twice, or a malformed
   *  declaration, throws. */
  defineCatalog(catalog: CatalogDeclaration): void;
}

/** Resolves with A2UI once the Go runtime is up. */
export declare const ready: Promise<A2UI>;
/** Where the engine runs (see `A2UI.mode`; a live binding, set once `ready` resolved). */
export declare let mode: EngineMode | undefined;
/** Attaches a renderer to element and returns it at once (see `A2UI.mount`). */
export declare function mount<E extends HTMLElement>(element: E, options?: MountOptions): Renderer<E>;
/** Adds a catalog for every renderer, for surfaces created later (see `A2UI.defineCatalog`). */
export declare function defineCatalog(catalog: CatalogDeclaration): void;
declare const A2UI: A2UI;
export default A2UI;

// ---- <a2ui-renderer> --------------------------------------------------------------------

/** The attributes of `<a2ui-renderer>` (none is reflected as a property). */
export interface A2UIRendererAttributes {
  /** URL of the A2UI stream (JSONL or SSE); changing it restarts the renderer. */
  "src"?: string;
  /** Where actions and errors are POSTed (MountOptions.actionURL). */
  "action-url"?: string;
  /** Framing of `src`; default: from the response's Content-Type. `a2a`: talk to `agent`. */
  "transport"?: ElementTransport;
  /** With transport `a2a`: the agent's base URL or card URL; with `agui`: its run
   *  endpoint. Changing it restarts the renderer. */
  "agent"?: string;
  /** With transport `a2a` or `agui`: the text of the first turn. */
  "message"?: string;
  /** With transport `mcp`: a resource URI to read (MountOptions.resource). */
  "resource"?: string;
  /** With transport `mcp`: a tool to call (MountOptions.tool). */
  "tool"?: string;
  /** With transport `mcp`: the tool's arguments as a JSON object's text. */
  "arguments"?: string;
  /** `light`, `dark` or `auto` (default: follows prefers-color-scheme); CSS only. */
  "theme"?: "light" | "dark" | "auto";
  /** BCP 47 locale (MountOptions.locale). */
  "locale"?: string;
  /** Writing direction (MountOptions.dir). */
  "dir"?: "ltr" | "rtl";
  /** MountOptions.headingLevel. */
  "heading-level"?: string;
  /** The surfaces' region name (MountOptions.label, one string). */
  "label"?: string;
  /** The policy profile (MountOptions.profile); `openwop` is the OpenWOP profile. */
  "profile"?: PolicyProfile;
  /** Policy overrides as JSON (MountOptions.policy). */
  "policy"?: string;
  /** Written by `a2ui prerender`: the element holds prerendered surfaces in a declarative
   *  shadow root and its stream in a `<script type="application/a2ui+jsonl">` child, which
   *  the runtime renders and takes over. */
  "prerendered"?: "";
  /** Opt-in function sets, space-separated (MountOptions.functions): `web_core`. */
  "functions"?: string;
  /** Present: ignore script-dispatched clicks (MountOptions.trustedClicksOnly). */
  "trusted-clicks-only"?: string;
  /** Present: capabilities carry inline catalogs (MountOptions.inlineCatalogs). */
  "inline-catalogs"?: string;
  /** The catalog of v0.8 surfaces without a catalogId (MountOptions.defaultCatalog). */
  "default-catalog"?: string;
  /** MountOptions.actionTimeout, in milliseconds. */
  "action-timeout"?: string;
  /** `off`: an SSE `src` does not reconnect after a drop. */
  "reconnect"?: "off";
  /** The OpenWOP targets the page handles, space-separated (`resume exchange`). */
  "targets"?: string;
  /** Present: the OpenWOP resume target is an approval gate. */
  "approval"?: "";
}

/** The data attributes of `<script src="…/a2ui.js">` (the script-tag build only), as its
 *  `dataset`. */
export interface A2UIScriptDataset {
  /** `data-wasm`: URL of the wasm, relative to a2ui.js; default `a2ui.wasm`. */
  wasm?: string;
  /** `data-godebug`: GODEBUG for the Go runtime (diagnostics, e.g. `inittrace=1`). */
  godebug?: string;
  /** `data-mode`: where the engine runs (as `globalThis.A2UI_MODE`, which wins):
   *  `auto` (default: a worker where the page allows one), `worker` or `main`. */
  mode?: EngineMode | "auto";
}

/** `<a2ui-renderer>`: mounts a renderer on itself when connected and streams `src`. */
export interface A2UIRendererElement extends HTMLElement {
  /** The element's renderer while it is connected (set at connect, live after
   *  `a2ui-ready`); null before and after. */
  readonly renderer: Renderer<A2UIRendererElement> | null;
}

// ---- events -----------------------------------------------------------------------------

/** The context and ids every action carries. */
export interface ActionBody {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  /** ISO 8601 UTC time of the user's action. */
  timestamp: string;
  context: JSONObject;
}

/** A v0.8 action: `{"userAction": {…}}`. */
export interface UserActionMessage {
  userAction: ActionBody;
}

/** The `a2uiClientDataModel` of surfaces created with `sendDataModel`. */
export interface ClientDataModel {
  surfaces: { [surfaceId: string]: JSONObject };
  version: ProtocolVersion;
}

/** A v0.9+ action. */
export interface ActionMessage {
  version: ProtocolVersion;
  action: ActionBody & {
    /** v0.10: the action's id (also the POST's Idempotency-Key header in every version). */
    actionId?: string;
    /** v0.10. */
    wantResponse?: boolean;
    /** v1.0. */
    userMessage?: string;
  };
  metadata?: { a2uiClientDataModel: ClientDataModel };
}

/** Error codes the renderer reports (agents' own codes pass through as strings). */
export type ErrorCode =
  | "VALIDATION_FAILED"
  | "LINE_TOO_LONG"
  | "SURFACE_NOT_FOUND"
  | "SURFACE_EXISTS"
  | "UNKNOWN_COMPONENT"
  | "COMPONENT_CYCLE"
  | "LIMIT_EXCEEDED"
  | "FUNCTION_FAILED"
  | "POLICY_DENIED"
  | "POLICY_INVALID"
  | "STREAM_FAILED"
  | "RENDER_FAILED"
  /** Transport `a2a` (shown on the page, not sent to the agent): a JSON-RPC error
   *  (`a2aCode`), a failed task, an unreadable agent card, a broken stream, an event
   *  that could not be read (skipped). */
  | "A2A_ERROR"
  | "A2A_TASK_FAILED"
  | "A2A_CARD"
  | "A2A_STREAM"
  | "A2A_BAD_EVENT"
  | "A2A_NOT_CONFIGURED"
  /** Transport `agui`: a RUN_ERROR (`aguiCode`: its code), a run whose request or stream
   *  failed (HTTP status, network, no RUN_FINISHED), an event that could not be read
   *  (skipped), a generation the middleware gave up on (`status: "failed"`), an action
   *  that could not be converted. */
  | "AGUI_RUN_ERROR"
  | "AGUI_STREAM"
  | "AGUI_BAD_EVENT"
  | "AGUI_GENERATION_FAILED"
  | "AGUI_ACTION"
  /** Transport `mcp` (shown on the page, not sent to the server): initialize failed, a
   *  JSON-RPC error (`mcpCode`), an HTTP or network failure, a message or A2UI payload that
   *  could not be read (skipped), a tool result with isError, an action no tool takes,
   *  tool arguments that are not a JSON object. */
  | "MCP_CONNECT"
  | "MCP_ERROR"
  | "MCP_HTTP"
  | "MCP_BAD_MESSAGE"
  | "MCP_TOOL_ERROR"
  | "MCP_ACTION_REFUSED"
  | "MCP_ARGUMENTS"
  | "INPUT_CONFLICT"
  | (string & {});

/** The body of an A2UI error message. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  surfaceId?: string;
  /** JSON Pointer to the offending field, relative to the message. */
  path?: string;
  functionCallId?: string;
  /** `A2A_ERROR`: the JSON-RPC error code. */
  a2aCode?: number;
  /** `AGUI_RUN_ERROR`: the RUN_ERROR event's `code`. */
  aguiCode?: string;
  /** `MCP_ERROR`: the JSON-RPC error code. */
  mcpCode?: number;
}

/** An A2UI error message as sent to the agent (`version` absent for v0.8 streams). */
export interface ErrorMessage {
  version?: ProtocolVersion;
  error: ErrorBody;
}

/** A v1.0 renderer function call that failed (also sent to the agent). */
export interface FunctionErrorMessage {
  version: "v1.0";
  rendererFunctionResponse: {
    functionCallId: string;
    error: { code: ErrorCode; message: string };
  };
}

/** `a2ui-action-failed` detail: an action POST failed (the surface shows it beside the
 *  Button, with a Retry that re-sends the same message and id). */
export interface ActionFailedDetail {
  surfaceId: string;
  actionId: string;
  /** "HTTP status 500", the network error, or "no answer within 10s". */
  message: string;
  action: UserActionMessage | ActionMessage;
}

/** `a2ui-conflict` detail: the agent wrote the path of a field the user is editing; the
 *  field kept the user's value. */
export interface ConflictDetail {
  surfaceId: string;
  componentId: string;
  /** The field's bound path (JSON Pointer). */
  path: string;
  agentValue: JSONValue;
}

/** `a2ui-fatal` detail: the Go runtime died; the renderer restarts on a fresh one. */
export interface FatalDetail {
  reason: string;
}

/** `a2ui-surface` detail. */
export interface SurfaceEventDetail {
  surfaceId: string;
  event: "created" | "deleted";
}

/** `a2ui-text` detail: a text part of the agent's messages (transport `a2a`), a finished
 *  text message (transport `agui`: TEXT_MESSAGE_START…END or its chunks), or a text item of
 *  a tool result (transport `mcp`, with `text` only). */
export interface AgentTextDetail {
  text: string;
  taskId?: string;
  contextId?: string;
  /** Transport `agui`: the message's id and role, the thread and run. */
  messageId?: string;
  role?: string;
  threadId?: string;
  runId?: string;
}

/** `a2ui-task` detail: the task's state in A2A 0.3 spelling (`submitted`, `working`,
 *  `input-required`, `completed`, `failed`, …), or `reconnecting` while a dropped stream
 *  is resubscribed. Transport `agui`: a run's state with the same names: `working`
 *  (RUN_STARTED), `completed` / `input-required` (an interrupt) / `canceled`
 *  (RUN_FINISHED's outcome), `failed` (RUN_ERROR). */
export interface AgentTaskDetail {
  taskId?: string;
  contextId?: string;
  /** Transport `agui`: the thread (one per renderer) and the run. */
  threadId?: string;
  runId?: string;
  state: string;
}

/** Mount option `agui`: RunAgentInput members every run sends (JSON values). */
export interface AGUIInput {
  /** `Tool` objects `{name, description, parameters?}`. */
  tools?: JSONValue[];
  /** `Context` entries `{description, value}`. */
  context?: JSONValue[];
  /** Passed to the agent as is; an action adds `a2uiAction: {userAction}`. */
  forwardedProps?: JSONObject;
}

/** `a2ui-stream` detail: the state of a stream the page opened (src or connect()). */
export interface StreamEventDetail {
  /** open: bytes arrive; reconnecting: waiting for or opening the next connection;
   *  closed: ended normally (JSONL end, HTTP 204); failed: ended by an error. */
  state: "open" | "reconnecting" | "closed" | "failed";
  /** Connections opened so far. */
  connection: number;
  /** Messages applied so far. */
  messages: number;
  /** The SSE id the next reconnection sends as Last-Event-ID. */
  lastEventId?: string;
  /** Milliseconds until the next connection (reconnecting). */
  delay?: number;
  /** Why the stream failed. */
  error?: string;
}

/** `a2ui-openwop-action` detail: a surface action under the OpenWOP profile. */
export interface OpenWOPActionDetail {
  target: "resume" | "exchange";
  /** The button's id. */
  action: string;
  /** Every field of the surface by id (the resumeValue for `resume`). */
  values: Record<string, string | boolean>;
  envelopeId: string;
  correlationId: string;
  contentTrust: "trusted" | "untrusted";
}

/** `a2ui-envelope` detail: a `ui.a2ui-surface` envelope stored, not rendered (the page
 *  does not use the OpenWOP profile). */
export interface EnvelopeEventDetail {
  rendered: false;
  envelope: JSONObject;
}

/**
 * The events of a mounted element: CustomEvents that bubble and are composed (they cross
 * shadow roots), so they can be heard on the element, the document or the window.
 */
export interface A2UIEventMap {
  /** The user acted: the exact message sent to the agent (v0.8 or v0.9+ form). */
  "a2ui-action": CustomEvent<UserActionMessage | ActionMessage>;
  /** An action POST failed (HTTP error status, network failure, timeout). */
  "a2ui-action-failed": CustomEvent<ActionFailedDetail>;
  /** The agent wrote the path of a field the user is editing. */
  "a2ui-conflict": CustomEvent<ConflictDetail>;
  /** The Go runtime died; a notice shows and the renderer comes back on a fresh one. */
  "a2ui-fatal": CustomEvent<FatalDetail>;
  /** An error the renderer reports (a bad line, a failed stream, a refused function…). */
  "a2ui-error": CustomEvent<ErrorMessage | FunctionErrorMessage>;
  /** A surface was created or deleted. */
  "a2ui-surface": CustomEvent<SurfaceEventDetail>;
  /** The renderer is live (`element.renderer` on `<a2ui-renderer>`; A2UI.mount's element
   *  gets it too): always the element's first event, before any a2ui-surface, a2ui-action
   *  or a2ui-error of it. */
  "a2ui-ready": CustomEvent<null>;
  /** Transport `a2a` or `agui`: a text part of the agent's messages; `mcp`: a tool
   *  result's text. */
  "a2ui-text": CustomEvent<AgentTextDetail>;
  /** Transport `a2a` or `agui`: the task's (run's) state changed. */
  "a2ui-task": CustomEvent<AgentTaskDetail>;
  /** A stream's state changed (connection open, reconnecting, closed, failed). */
  "a2ui-stream": CustomEvent<StreamEventDetail>;
  /** OpenWOP profile: the user acted on a surface (nothing was sent). */
  "a2ui-openwop-action": CustomEvent<OpenWOPActionDetail>;
  /** A `ui.a2ui-surface` envelope arrived on a page without the OpenWOP profile. */
  "a2ui-envelope": CustomEvent<EnvelopeEventDetail>;
}

declare global {
  /** The script-tag build's global (also set by the ES module entry). */
  var A2UI: A2UI;
  interface HTMLElementTagNameMap {
    "a2ui-renderer": A2UIRendererElement;
  }
  interface HTMLElementEventMap extends A2UIEventMap {}
  interface DocumentEventMap extends A2UIEventMap {}
  interface WindowEventMap extends A2UIEventMap {}
}
