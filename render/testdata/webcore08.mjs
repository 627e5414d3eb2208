// Runs v0.8 streams through web_core's v0.8 model (A2uiMessageProcessor) for
// TestV08PathsMatchWebCore. argv[2] is the file URL of web_core's model-processor.js.
// stdin: [{"name", "surface", "messages": [...], "probes": [{"ctx", "path"}]}]
// stdout: [{"name", "data", "texts", "paths"}]
//   data:  the surface's data model as JSON (Maps written as objects, in their order);
//   texts: what each Text of the component tree reads, in tree order (null: not compared);
//   paths: for each probe, the path web_core reads (getData's resolution, normalised).
import { readFileSync } from 'node:fs';

const { A2uiMessageProcessor } = await import(process.argv[2]);
const cases = JSON.parse(readFileSync(0, 'utf8'));

const plain = v =>
  v instanceof Map
    ? Object.fromEntries([...v].map(([k, x]) => [k, plain(x)]))
    : Array.isArray(v)
      ? v.map(plain)
      : v;

const isNode = v => v !== null && typeof v === 'object' && typeof v.id === 'string' && 'type' in v && 'properties' in v;

function texts(proc, surfaceId, node, out) {
  if (!isNode(node)) return;
  if (node.type === 'Text') {
    const t = node.properties.text;
    // In a template row web_core strips "/item", "/text" and "/label" off a path's
    // front, which the Go model does not (see model.Resolve): such texts are null.
    const orig = proc.getOrCreateSurface(surfaceId).components.get(node.id.split(':')[0])?.component?.Text?.text?.path;
    if (typeof orig === 'string' && typeof t?.path === 'string' && orig !== t.path && orig.replace(/^\.?\//, '') !== t.path) {
      out.push(null);
      return;
    }
    let v = null;
    if (t && typeof t === 'object' && typeof t.path === 'string') v = proc.getData(node, t.path, surfaceId);
    else if (t && typeof t === 'object' && 'literalString' in t) v = t.literalString;
    out.push(v === null || v === undefined ? '' : String(v));
    return;
  }
  for (const v of Object.values(node.properties)) {
    if (Array.isArray(v)) v.forEach(c => texts(proc, surfaceId, c, out));
    else texts(proc, surfaceId, v, out);
  }
}

const results = cases.map(c => {
  const proc = new A2uiMessageProcessor();
  proc.processMessages(c.messages);
  const surface = proc.getOrCreateSurface(c.surface);
  const out = [];
  texts(proc, c.surface, surface.componentTree, out);
  const paths = (c.probes ?? []).map(({ ctx, path }) => {
    const abs = path === '.' || path === '' ? ctx : proc.resolvePath(path, ctx);
    return '/' + proc.normalizePath(abs).split('/').filter(s => s).join('/'); // as getDataByPath reads it
  });
  return { name: c.name, data: JSON.stringify(plain(surface.dataModel)), texts: out, paths };
});
process.stdout.write(JSON.stringify(results));
