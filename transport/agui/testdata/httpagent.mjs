// Runs @ag-ui/client's HttpAgent over canned SSE streams and prints the RunAgentInput
// of every run it posts, for the Go client's differential test (thread_node_test.go).
// stdin: {"threadId", "runs": [{"userId", "text", "runId", "events": [...]}]}; "$T" and
// "$R" in an event's strings stand for the thread and run ids.
import { HttpAgent } from "@ag-ui/client";

let input = "";
for await (const c of process.stdin) input += c;
const spec = JSON.parse(input);
const bodies = [];
let current = null;
const agent = new HttpAgent({
  url: "http://agent.test/run",
  threadId: spec.threadId,
  fetch: async (url, init) => {
    bodies.push(JSON.parse(init.body));
    const sub = (s) => s.replaceAll("$T", spec.threadId).replaceAll("$R", current.runId);
    const text = current.events.map((e) => "data: " + sub(JSON.stringify(e)) + "\n\n").join("");
    return new Response(text, { status: 200, headers: { "content-type": "text/event-stream" } });
  },
});
for (const run of spec.runs) {
  current = run;
  if (run.text) agent.addMessage({ id: run.userId, role: "user", content: run.text });
  await agent.runAgent({ runId: run.runId });
}
process.stdout.write(JSON.stringify(bodies));
