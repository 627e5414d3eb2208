package demoagent

import (
	"bytes"
	"net/http"
	"strings"
)

// The floor plan the WebFrame sample frames. The samples (like google/A2UI's, whose agent
// serves it at http://localhost:10004/static/floorplan.html) name that URL; the demo
// agent serves its own at /agent/static/floorplan.html and points the sample's URLs there
// when it streams one of testdata/custom-samples, so the frame's desk click reaches the renderer (an a2ui_action message
// to the parent window) and comes back as a chart_node_click action.

// sampleStatic is the sample agent's static URL prefix.
const sampleStatic = "http://localhost:10004/static/"

// floorPlanPath is where the demo agent serves its floor plan.
const floorPlanPath = "/agent/static/floorplan.html"

// floorPlanHTML reads ?data={"mappings":[{deskId, contactId, contactName}]} and shows a
// button per desk; a click posts {type: "a2ui_action", action: "chart_node_click", data}
// to the parent, as the sample's page does. textContent only: no markup from the URL.
const floorPlanHTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Office floor plan</title>
<style>
body { margin: 0; font: 14px system-ui, sans-serif; background: #f5f5f5; }
.plan { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; padding: 16px; }
button { padding: 16px 8px; border: 2px solid #1a73e8; border-radius: 8px; background: #fff; cursor: pointer; font: inherit; }
button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
</style></head>
<body><div class="plan" role="group" aria-label="Desks"></div>
<script>
"use strict";
let mappings = [];
try { mappings = JSON.parse(new URLSearchParams(location.search).get("data") || "{}").mappings || []; } catch (e) { mappings = []; }
const plan = document.querySelector(".plan");
for (const m of mappings) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.desk = String(m.deskId);
  b.textContent = String(m.deskId) + ": " + String(m.contactName);
  b.addEventListener("click", () => parent.postMessage({ type: "a2ui_action", action: "chart_node_click",
    data: { clickedNodeName: String(m.contactName), contactId: String(m.contactId), deskId: String(m.deskId), source: "modal" } }, "*"));
  plan.append(b);
}
</script></body></html>
`

// serveFloorPlan writes the floor plan page.
func serveFloorPlan(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(floorPlanHTML))
}

// localStatic points a custom sample's static URLs at this agent (r's origin).
func localStatic(data []byte, r *http.Request) []byte {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base := scheme + "://" + r.Host + strings.TrimSuffix(floorPlanPath, "floorplan.html")
	return bytes.ReplaceAll(data, []byte(sampleStatic), []byte(base))
}
