// Comparison page adapter for @a2ui/lit 0.11.0 (v0.9 path), bundled by bench/run.sh with esbuild.
// Mounted the way the package README does it: a web_core MessageProcessor with the Lit basic
// catalog, and one <a2ui-surface> element per created surface.
import { MessageProcessor } from "@a2ui/web_core/v0_9";
import { basicCatalog } from "@a2ui/lit/v0_9";

let proc = null;
let host = null;
const els = new Map();

window.BENCH_register({
  name: "lit",
  version: "@a2ui/lit 0.11.0",
  async init(h) {
    host = h;
    proc = new MessageProcessor([basicCatalog]);
    proc.onSurfaceCreated((s) => {
      const el = document.createElement("a2ui-surface");
      el.surface = s;
      el.dataset.surfaceId = s.id;
      host.appendChild(el);
      els.set(s.id, el);
    });
    proc.onSurfaceDeleted((id) => {
      const el = els.get(id);
      if (el) el.remove();
      els.delete(id);
    });
  },
  // process gets the wire form (one JSON message per line), as an app would from its transport.
  process(text) {
    const msgs = [];
    for (const line of text.split("\n")) if (line.trim()) msgs.push(JSON.parse(line));
    proc.processMessages(msgs);
  },
  roots() {
    const out = [];
    for (const el of els.values()) out.push(el.shadowRoot || el);
    return out;
  },
});
