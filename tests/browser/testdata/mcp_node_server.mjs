// mcp_node_server.mjs: an MCP server built with the official TypeScript SDK
// (@modelcontextprotocol/sdk: McpServer + StreamableHTTPServerTransport), for the
// browser tests of transport "mcp" (tests/browser/mcp_test.go).
//
//   node mcp_node_server.mjs   → prints "listening <port>" on 127.0.0.1
//
// POST /mcp       stateful, SSE responses      POST /mcp/json  stateful, JSON responses
// GET  /calls     the tools/call params that reached a session, as JSON
// POST /forget    closes every session (their next request gets 400, as in the SDK's example)
// Every response allows any origin and exposes Mcp-Session-Id; OPTIONS answers 204.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

const MIME = "application/a2ui+json";
const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json"; // the old id the MCP recipe sends
const form = [
  { version: "v0.9", createSurface: { surfaceId: "nform", catalogId: CATALOG } },
  { version: "v0.9", updateDataModel: { surfaceId: "nform", path: "/who", value: "Ada" } },
  { version: "v0.9", updateComponents: { surfaceId: "nform", components: [
    { id: "root", component: "Column", children: ["title", "send"] },
    { id: "title", component: "Text", text: "Node form", variant: "h2" },
    { id: "send-text", component: "Text", text: "Send" },
    { id: "send", component: "Button", child: "send-text", action: { event: { name: "send", context: { who: { path: "/who" } } } } },
  ] } },
];
const note = (id, text) => [
  { version: "v0.9", createSurface: { surfaceId: id, catalogId: CATALOG } },
  { version: "v0.9", updateComponents: { surfaceId: id, components: [{ id: "root", component: "Text", text }] } },
];
const embedded = (uri, msgs, audience) => ({
  type: "resource",
  resource: { uri, mimeType: MIME, text: JSON.stringify(msgs) },
  ...(audience ? { annotations: { audience } } : {}),
});

function newServer() {
  const server = new McpServer({ name: "a2ui-node-test", version: "1.0.0" });
  server.registerResource("form", "a2ui://form", { mimeType: MIME }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: MIME, text: JSON.stringify(form) }],
  }));
  server.registerTool("show", { description: "Shows the form", inputSchema: { sample: z.string().optional() } }, async () => ({
    content: [
      { type: "text", text: "Here is the Node form." },
      embedded("a2ui://form", form, ["user"]),
      embedded("a2ui://model", note("model-only", "For the model only"), ["assistant"]),
    ],
  }));
  server.registerTool("action", {
    description: "Takes an A2UI action",
    inputSchema: { name: z.string(), context: z.record(z.string(), z.any()).optional(), surfaceId: z.string().optional(), sourceComponentId: z.string().optional() },
  }, async ({ name, context }) => {
    actions++;
    const who = (context && context.who) || "?";
    return { content: [{ type: "text", text: "Took " + name + "." }, embedded("a2ui://thanks", note("thanks-" + actions, "Thanks, " + who + " (" + actions + ")"))] };
  });
  server.registerTool("fail", { description: "Always fails" }, async () => ({
    isError: true, content: [{ type: "text", text: "The Node kitchen is closed." }],
  }));
  return server;
}

const sessions = new Map(); // session id → transport
const calls = []; // tools/call params that reached a session
let actions = 0;

function cors(res) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Expose-Headers", "Mcp-Session-Id, Mcp-Protocol-Version");
}

async function readJSON(req) {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

const httpServer = http.createServer(async (req, res) => {
  cors(res);
  const path = new URL(req.url, "http://x").pathname;
  if (req.method === "OPTIONS") {
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID");
    res.writeHead(204).end();
    return;
  }
  if (path === "/calls") {
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(calls));
    return;
  }
  if (path === "/forget" && req.method === "POST") {
    const all = [...sessions.values()];
    sessions.clear();
    for (const t of all) await t.close();
    res.writeHead(200).end(String(all.length));
    return;
  }
  if (path !== "/mcp" && path !== "/mcp/json") {
    res.writeHead(404).end("not found");
    return;
  }
  const body = req.method === "POST" ? await readJSON(req) : undefined;
  const sid = req.headers["mcp-session-id"];
  let transport = sid ? sessions.get(sid) : undefined;
  if (sid && !transport) {
    // As the SDK's example server (simpleStreamableHttp) answers it; the spec says 404.
    res.writeHead(400, { "Content-Type": "application/json" })
      .end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Bad Request: No valid session ID provided" }, id: null }));
    return;
  }
  if (body && body.method === "tools/call") calls.push(body.params);
  if (!transport) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: path === "/mcp/json",
      onsessioninitialized: (id) => sessions.set(id, transport),
    });
    await newServer().connect(transport);
  }
  await transport.handleRequest(req, res, body);
});

httpServer.listen(0, "127.0.0.1", () => {
  console.log("listening " + httpServer.address().port);
});
