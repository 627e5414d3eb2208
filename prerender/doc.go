// Package prerender renders an A2UI stream to static HTML, so that a static page shows
// the surfaces at HTML parse time, before the WebAssembly runtime is up.
//
// Place in the pipeline: it runs the same render.Renderer as the browser (same catalog,
// policy, builds and dom op stream) over the whole stream, applies the ops to dom/memdom
// (the host-side twin of web/a2ui-runtime.js) and serializes each surface with
// dom.WriteStaticHTML, wrapped the way the loader (web/a2ui.js) lays out a renderer:
//
//	<a2ui-renderer locale="en-US" prerendered>
//	  <template shadowrootmode="open">
//	    <style data-a2ui>…web/a2ui.css…</style>
//	    <div class="a2ui-root" part="root" dir="ltr" lang="en-US">
//	      <section class="a2ui-surface" data-surface-id="…" data-a2ui-prerendered …>…</section>
//	    </div>
//	  </template>
//	  <script type="application/a2ui+jsonl">…the stream…</script>
//	</a2ui-renderer>
//
// The inline stream is what the loader renders again on takeover: it builds each surface
// off-screen and swaps it in for the prerendered one in a single task, carrying typed
// text, ticks and focus over (README, "Prerender").
//
// It is plain Go for the host (command a2ui prerender, a server's page handler); nothing
// here runs in the browser. Render is synchronous and single-goroutine.
package prerender
