package demoagent

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// The custom-component samples stream as one message a line, and their actions are answered
// in the action's version: the node click (and the frame's desk click) from
// clickedNodeName, the close button by deleting the surface.
func TestCustomSampleStreamsAndAnswers(t *testing.T) {
	_, srv := newTestAgent(t, 0)
	resp, err := http.Get(srv.URL + "/agent/stream?sample=custom-samples/custom-components/0.9/org_chart")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	lines := strings.Split(strings.TrimSpace(string(body)), "\n")
	if resp.StatusCode != 200 || len(lines) != 3 || !strings.HasPrefix(lines[0], `{"version":"v0.9","createSurface":{"surfaceId":"org-chart-view","catalogId":"inline_catalog"}}`) {
		t.Fatalf("status %d, %d lines: %s", resp.StatusCode, len(lines), body)
	}
	for _, bad := range []string{"../go", "custom-samples/../../x"} {
		if r, err := http.Get(srv.URL + "/agent/stream?sample=" + bad); err != nil || r.StatusCode != http.StatusNotFound {
			t.Errorf("sample %q: %v %v", bad, r.StatusCode, err)
		}
	}
	for _, c := range []struct{ name, body, want string }{
		{"v0.9 node click", `{"version":"v0.9","action":{"name":"chart_node_click","surfaceId":"org-chart-view","sourceComponentId":"org-chart","timestamp":"2026-01-01T00:00:00Z","context":{"clickedNodeTitle":"Head of Design","clickedNodeName":"Tomas Eberle"}}}`,
			`{"version":"v0.9","createSurface":{"surfaceId":"selection","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"selection","value":{"detail":"Head of Design","name":"Tomas Eberle"}}}
{"version":"v0.9","updateComponents":{"surfaceId":"selection","components":[{"id":"root","component":"Card","child":"col"},{"id":"col","component":"Column","children":["heading","who","what"]},{"id":"heading","component":"Text","text":"Selected","variant":"h3"},{"id":"who","component":"Text","text":{"path":"/name"}},{"id":"what","component":"Text","text":{"path":"/detail"},"variant":"caption"}]}}
`},
		{"v0.8 desk click", `{"userAction":{"name":"chart_node_click","surfaceId":"location-surface","sourceComponentId":"floor-plan-comp","timestamp":"2026-01-01T00:00:00Z","context":{"clickedNodeName":"Priya Raman","deskId":"desk-1","source":"modal"}}}`,
			`"valueString":"Desk 1 on the floor plan"`},
		{"v0.8 close", `{"userAction":{"name":"close_modal","surfaceId":"location-surface","sourceComponentId":"dismiss-fp","timestamp":"2026-01-01T00:00:00Z","context":{}}}`,
			`{"deleteSurface":{"surfaceId":"location-surface"}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, got := post(t, srv.URL+"/agent/action", c.body)
			if !strings.Contains(got, c.want) {
				t.Errorf("answer:\n%s\nwant (within):\n%s", got, c.want)
			}
		})
	}
}

// The floor plan sample streams with its frame URL on this agent, which serves the page.
func TestFloorPlanServedAndLinked(t *testing.T) {
	_, srv := newTestAgent(t, 0)
	resp, err := http.Get(srv.URL + "/agent/stream?sample=custom-samples/custom-components/0.8/floor_plan")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"url":"`+srv.URL+`/agent/static/floorplan.html?data=`) || strings.Contains(string(body), "localhost:10004") {
		t.Errorf("frame URL not pointed at the agent: %s", body)
	}
	page, err := http.Get(srv.URL + "/agent/static/floorplan.html?data=%7B%7D")
	if err != nil {
		t.Fatal(err)
	}
	html, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if page.StatusCode != 200 || !strings.Contains(string(html), `action: "chart_node_click"`) || page.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("floor plan: %d %s", page.StatusCode, page.Header.Get("Content-Type"))
	}
}
