// Package openwop is the renderer's OpenWOP profile: it renders `ui.a2ui-surface`
// envelopes (OpenWOP RFC 0102, per-kind schema version 1, catalog version 0.9.1) and
// enforces the RFC's five invariants. Its place in the pipeline is a render.Profile:
//
//	stream line / SSE event / process()
//	  → Profile.Decode: Parse (closed schema, advertised catalogVersion) → A2UI v0.9
//	    messages over the profile's closed Catalog → render.Renderer as usual
//	  ← Profile.Action: a surface's button → one "a2ui-openwop-action" page event
//	    (target resume|exchange as the host declared it, the collected values); nothing
//	    is sent anywhere
//
// Invariants: no code execution (closed catalog; text is shown literally, never as
// Markdown or markup; anything outside the catalog fails the surface closed with a
// notice); action confinement (resume/exchange only, and only the targets the host
// declares); no network egress (the catalog has no media, links or URL props, and no
// function but "required" can run); no secret rendering (secret
// shaped text is redacted, and a surface asking for a secret fails closed); untrusted
// content blocks approval (a surface ever marked meta.contentTrust "untrusted" cannot
// drive a resume the host declared an approval).
//
// The package is plain Go (no syscall/js); every method runs on the UI goroutine.
package openwop
