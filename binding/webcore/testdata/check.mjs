// Cross-checks cases.json against web_core's own implementations (run from the repo root:
// node binding/webcore/testdata/check.mjs). "Infinity" in want stands for the number.
import { readFileSync } from 'node:fs';
import { BASIC_FUNCTIONS } from '../../../node_modules/@a2ui/web_core/src/v0_9/basic_catalog/functions/basic_functions.js';

const byName = new Map(BASIC_FUNCTIONS.map(f => [f.name, f]));
const cases = JSON.parse(readFileSync(new URL('./cases.json', import.meta.url)));
let bad = 0;
for (const c of cases) {
  const fn = byName.get(c.call);
  let got, err = false;
  try {
    got = fn.execute(fn.schema.parse(c.args), {}, undefined);
  } catch (e) {
    err = true;
  }
  const want = c.want === 'Infinity' ? Infinity : c.want;
  if (err !== !!c.error || (!err && !Object.is(got, want) && !(got === 0 && want === 0))) {
    bad++;
    console.log('MISMATCH', JSON.stringify(c), '→', err ? 'error' : got);
  }
}
console.log(cases.length - bad, 'of', cases.length, 'cases agree with web_core');
process.exit(bad ? 1 : 0);
