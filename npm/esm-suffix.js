
// The exports: exactly the members of the global A2UI (a2ui.d.ts; a test compares them).
const A2UI = globalThis.A2UI;
export const { ready, mount } = A2UI;
export default A2UI;
