// Comparison page adapter for @a2ui/react 0.11.1 (v0.9 path) + react-dom 19, bundled by
// bench/run.sh with esbuild (NODE_ENV=production). Mounted the way the package README does it:
// a web_core MessageProcessor, React state synced on surface create/delete, <A2uiSurface> each.
import { createElement as h, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { MessageProcessor } from "@a2ui/web_core/v0_9";
import { A2uiSurface, basicCatalog } from "@a2ui/react/v0_9";

let proc = null;
let host = null;

function App({ p, onReady }) {
  const [surfaces, setSurfaces] = useState(() => Array.from(p.model.surfacesMap.values()));
  useEffect(() => {
    const sync = () => setSurfaces(Array.from(p.model.surfacesMap.values()));
    const a = p.onSurfaceCreated(sync);
    const b = p.onSurfaceDeleted(sync);
    sync();
    onReady();
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }, [p]);
  return h(
    "div",
    { className: "a2ui-container" },
    surfaces.map((s) => h(A2uiSurface, { key: s.id, surface: s })),
  );
}

window.BENCH_register({
  name: "react",
  version: "@a2ui/react 0.11.1 + react-dom 19.3.1",
  async init(el) {
    host = el;
    proc = new MessageProcessor([basicCatalog]);
    await new Promise((resolve) => createRoot(host).render(h(App, { p: proc, onReady: resolve })));
  },
  process(text) {
    const msgs = [];
    for (const line of text.split("\n")) if (line.trim()) msgs.push(JSON.parse(line));
    proc.processMessages(msgs);
  },
  roots() {
    return [host];
  },
});
