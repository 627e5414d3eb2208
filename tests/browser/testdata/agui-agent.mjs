// A test agent built from the official AG-UI packages (transports.md §1.8): an
// AbstractAgent from @ag-ui/client scripted with rxjs, wrapped in @ag-ui/a2ui-middleware
// 0.0.10, served over Node http with @ag-ui/encoder's SSE. It prints "LISTEN <port>",
// then "BODY <json>" for every run request it receives.
//
// First user message:
//   "show"   a tool call show_ui whose TOOL_CALL_RESULT holds {"a2ui_operations": [...]}
//   "stream" a render_a2ui call streamed in TOOL_CALL_ARGS chunks (lifecycle, then paint)
//   "fail"   a tool result {"code":"a2ui_recovery_exhausted", ...} (the failure card)
// An action (forwardedProps.a2uiAction.userAction) is answered by a new tool call
// painting the same surface with the action's context.
import http from "node:http";
import { AbstractAgent, EventType } from "@ag-ui/client";
import { EventEncoder } from "@ag-ui/encoder";
import { A2UIMiddleware } from "@ag-ui/a2ui-middleware";
import { Observable } from "rxjs";

const V = "v0.9";
const CATALOG = "https://a2ui.org/specification/v0_9/basic_catalog.json";
let calls = 0;

function components(title) {
  return [
    { id: "root", component: "Column", children: ["title", "name", "reply", "send"] },
    { id: "title", component: "Text", text: title, variant: "h2" },
    { id: "name", component: "TextField", label: "Name", value: { path: "/name" } },
    { id: "reply", component: "Text", text: { path: "/reply" } },
    { id: "send-text", component: "Text", text: "Send" },
    { id: "send", component: "Button", child: "send-text", action: { event: { name: "greet", context: { name: { path: "/name" } } } } },
  ];
}

function surface(title, data) {
  return [
    { version: V, createSurface: { surfaceId: "s1", catalogId: CATALOG } },
    { version: V, updateComponents: { surfaceId: "s1", components: components(title) } },
    { version: V, updateDataModel: { surfaceId: "s1", path: "/", value: data } },
  ];
}

class Scripted extends AbstractAgent {
  run(input) {
    return new Observable((sub) => {
      const ev = (e) => sub.next(e);
      const call = "call-" + ++calls;
      const msg = "msg-" + calls;
      ev({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId });
      const action = input.forwardedProps && input.forwardedProps.a2uiAction && input.forwardedProps.a2uiAction.userAction;
      const first = (input.messages.find((m) => m.role === "user") || {}).content;
      const say = (text) => {
        ev({ type: EventType.TEXT_MESSAGE_START, messageId: msg, role: "assistant" });
        ev({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: msg, delta: text });
        ev({ type: EventType.TEXT_MESSAGE_END, messageId: msg });
      };
      const tool = (name, args, result) => {
        ev({ type: EventType.TOOL_CALL_START, toolCallId: call, toolCallName: name, parentMessageId: msg });
        for (const a of args) ev({ type: EventType.TOOL_CALL_ARGS, toolCallId: call, delta: a });
        ev({ type: EventType.TOOL_CALL_END, toolCallId: call });
        if (result !== undefined) ev({ type: EventType.TOOL_CALL_RESULT, messageId: "result-" + calls, toolCallId: call, content: result });
      };
      if (action) {
        const name = (action.context && action.context.name) || "";
        say("Thanks for the " + action.name + ".");
        tool("show_ui", ["{}"], JSON.stringify({ a2ui_operations: surface("Reply", { name, reply: "Hello, " + name + "!" }) }));
      } else if (first === "stream") {
        say("Building it.");
        const args = JSON.stringify({ surfaceId: "s1", components: components("Streamed"), data: { name: "", reply: "streamed" } });
        const parts = [];
        for (let i = 0; i < args.length; i += 40) parts.push(args.slice(i, i + 40));
        tool("render_a2ui", parts);
      } else if (first === "fail") {
        say("Trying.");
        tool("generate_a2ui", ["{}"], JSON.stringify({ code: "a2ui_recovery_exhausted", error: "No component has id 'root'",
          attempts: [{ attempt: 1, ok: false, errors: [] }, { attempt: 2, ok: false, errors: [] }] }));
      } else {
        say("Here you go.");
        tool("show_ui", ["{}"], JSON.stringify({ a2ui_operations: surface("Say hello", { name: "", reply: "" }) }));
      }
      ev({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId });
      sub.complete();
    });
  }
}

const server = http.createServer(async (req, res) => {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization");
  res.setHeader("Access-Control-Allow-Methods", "POST");
  if (req.method === "OPTIONS") {
    res.writeHead(204);
    res.end();
    return;
  }
  let body = "";
  for await (const c of req) body += c;
  console.log("BODY " + JSON.stringify({ accept: req.headers.accept || "", contentType: req.headers["content-type"] || "", input: JSON.parse(body) }));
  const input = JSON.parse(body);
  input.tools ??= [];
  input.context ??= [];
  input.messages ??= [];
  const encoder = new EventEncoder({ accept: req.headers.accept });
  res.writeHead(200, { "Content-Type": encoder.getContentType(), "Cache-Control": "no-cache" });
  const mw = new A2UIMiddleware({ injectA2UITool: true, recovery: { debugExposure: "verbose" } });
  mw.run(input, new Scripted()).subscribe({
    next: (e) => res.write(encoder.encodeSSE(e)),
    error: (e) => {
      res.write(encoder.encodeSSE({ type: EventType.RUN_ERROR, message: String(e) }));
      res.end();
    },
    complete: () => res.end(),
  });
});
server.listen(0, "127.0.0.1", () => console.log("LISTEN " + server.address().port));
