// Type-check fixture for the script-tag build: the global A2UI, the element and the events
// with only a reference to the package's types (no import). Compiled, never run.
/// <reference types="a2ui-go" />

async function page(): Promise<void> {
  await A2UI.ready;
  const r = window.A2UI.mount(document.body, { actionURL: "/a" });
  r.process("{}");
  const el = document.querySelector("a2ui-renderer");
  const ids: string[] | undefined = el?.renderer?.surfaces();
  document.addEventListener("a2ui-action", (e) => console.log(e.detail));
  el?.addEventListener("a2ui-error", (e) => console.log("error" in e.detail ? e.detail.error.code : ""));
  // @ts-expect-error: mount needs an element
  A2UI.mount("#x");
  void ids;
}
void page;
