package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree creates files (slash paths relative to root) with their contents.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const (
	v08Line1   = `{"beginRendering":{"surfaceId":"w","root":"root"}}`
	v08Line2   = `{"surfaceUpdate":{"surfaceId":"w","components":[{"id":"root","component":{"Card":{"child":"t"}}},{"id":"t","component":{"Text":{"text":{"literalString":"Hi"}}}}]}}`
	draftLine  = `{"surfaceUpdate":{"surfaceId":"c","components":[{"id":"root","props":{"component":"Column","children":{"explicitList":[]}}}]}}`
	demoLine1  = `{"version":"v0.9","createSurface":{"surfaceId":"booking","catalogId":"x"}}`
	demoLine2  = `{"version":"v0.9","updateComponents":{"surfaceId":"booking","components":[{"id":"root","component":"Button","child":"l"},{"id":"l","component":"Text","text":"Go"}]}}`
	basicEx    = "{\n  \"name\": \"Flight Status\",\n  \"description\": \"Dates.\",\n  \"messages\": [\n    {\"version\": \"v0.9\", \"createSurface\": {\"surfaceId\": \"f\", \"catalogId\": \"c\"}},\n    {\"version\": \"v0.9\", \"deleteSurface\": {\"surfaceId\": \"f\"}}\n  ]\n}\n"
	minimalEx  = `{"messages":[{"version":"v0.9","updateComponents":{"surfaceId":"m","components":[{"id":"root","component":"Text","text":"a"}]}}]}`
	v10Ex      = `{"name":"Modal","description":"","messages":[{"version":"v1.0","createSurface":{"surfaceId":"x","catalogId":"c"}}]}`
	basicDir   = webCore + "/v0_9/schemas/catalogs/basic/examples/"
	minimalDir = webCore + "/v0_9/schemas/catalogs/minimal/examples/"
	v10Dir     = webCore + "/v1_0/schemas/catalogs/basic/examples/"
)

func TestCollectAndWrite(t *testing.T) {
	full := map[string]string{
		"testdata/v08/weather_forecast.jsonl":                                  v08Line1 + "\r\n\n  " + v08Line2 + "\n",
		"testdata/v08/notes.txt":                                               "ignored",
		"testdata/draft/contact_form.jsonl":                                    draftLine,
		"testdata/demo/booking.jsonl":                                          demoLine1 + "\n" + demoLine2 + "\n",
		"testdata/custom/sales_chart.jsonl":                                    demoLine1 + "\n",
		"testdata/custom-samples/custom-components/0.8/org_chart.json":         "[\n  " + v08Line1 + ",\n  " + v08Line2 + "\n]\n",
		"testdata/custom-samples/custom-components/0.9/inline_catalog.json":    `{"catalogId":"x"}`,
		"testdata/custom-samples/custom-components/0.9/floor_plan.json":        "[" + demoLine1 + "]",
		"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8/chart.json": "[" + v08Line1 + "]",
		"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9/chart.json": "[" + demoLine1 + "]",
		"testdata/custom-samples/rizzcharts/standard_catalog/0.8/map.json":     "[" + v08Line1 + "]",
		"testdata/custom-samples/rizzcharts/standard_catalog/0.9/map.json":     "[" + demoLine1 + "]",
		basicDir + "01_flight-status.json":                                     basicEx,
		minimalDir + "6_capitalized_text.json":                                 minimalEx,
		v10Dir + "36_modal.json":                                               v10Ex,
	}
	tests := []struct {
		name            string
		files           map[string]string
		requireOfficial bool
		wantIndex       []Sample // lines not compared here
		wantFiles       map[string]string
		wantWarnings    []string
		wantErr         string
	}{
		{
			name:  "every source",
			files: full,
			wantIndex: []Sample{
				{ID: "v08-weather_forecast", Title: "Weather forecast", Description: `v0.8 stream, 2 messages: surface "w" with Card, Text.`, Version: "v0.8", Group: "Project samples", File: "v08-weather_forecast.jsonl", Messages: 2},
				{ID: "components08-org_chart", Title: "Org chart", Description: `v0.8 stream, 2 messages: surface "w" with Card, Text.`, Version: "v0.8", Group: "Custom components", File: "components08-org_chart.jsonl", Messages: 2, Agent: "custom-samples/custom-components/0.8/org_chart"},
				{ID: "rizzcharts08-chart", Title: "Rizzcharts chart", Description: descriptions["testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8/chart.json"], Version: "v0.8", Group: "Custom components", File: "rizzcharts08-chart.jsonl", Messages: 1},
				{ID: "rizzcharts-basic08-map", Title: "Rizzcharts (basic catalog) map", Description: descriptions["testdata/custom-samples/rizzcharts/standard_catalog/0.8/map.json"], Version: "v0.8", Group: "Custom components", File: "rizzcharts-basic08-map.jsonl", Messages: 1},
				{ID: "draft-contact_form", Title: "Contact form", Description: `v0.9-draft stream, 1 message: surface "c" with Column.`, Version: "v0.9-draft", Group: "Project samples", File: "draft-contact_form.jsonl", Messages: 1},
				{ID: "demo-booking", Title: "Booking", Description: descriptions["testdata/demo/booking.jsonl"], Version: "v0.9", Group: "Demo agent", File: "demo-booking.jsonl", Messages: 2, Agent: "booking"},
				{ID: "custom-sales_chart", Title: "Sales chart", Description: descriptions["testdata/custom/sales_chart.jsonl"], Version: "v0.9", Group: "Custom components", File: "custom-sales_chart.jsonl", Messages: 1},
				{ID: "components09-floor_plan", Title: "Floor plan", Description: "v0.9 stream, 1 message.", Version: "v0.9", Group: "Custom components", File: "components09-floor_plan.jsonl", Messages: 1, Agent: "custom-samples/custom-components/0.9/floor_plan"},
				{ID: "rizzcharts09-chart", Title: "Rizzcharts chart", Description: descriptions["testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9/chart.json"], Version: "v0.9", Group: "Custom components", File: "rizzcharts09-chart.jsonl", Messages: 1},
				{ID: "rizzcharts-basic09-map", Title: "Rizzcharts (basic catalog) map", Description: descriptions["testdata/custom-samples/rizzcharts/standard_catalog/0.9/map.json"], Version: "v0.9", Group: "Custom components", File: "rizzcharts-basic09-map.jsonl", Messages: 1},
				{ID: "v0_9-basic-01_flight-status", Title: "Flight Status", Description: "Dates.", Version: "v0.9", Group: "Official · basic catalog", File: "v0_9-basic-01_flight-status.jsonl", Messages: 2},
				{ID: "v0_9-minimal-6_capitalized_text", Title: "Capitalized text", Description: `v0.9 stream, 1 message: surface "m" with Text.`, Version: "v0.9", Group: "Official · minimal catalog", File: "v0_9-minimal-6_capitalized_text.jsonl", Messages: 1},
				{ID: "v1_0-basic-36_modal", Title: "Modal", Description: "v1.0 stream, 1 message.", Version: "v1.0", Group: "Official · basic catalog", File: "v1_0-basic-36_modal.jsonl", Messages: 1},
			},
			wantFiles: map[string]string{
				"v08-weather_forecast.jsonl":        v08Line1 + "\n" + v08Line2 + "\n",
				"demo-booking.jsonl":                demoLine1 + "\n" + demoLine2 + "\n",
				"v0_9-basic-01_flight-status.jsonl": `{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"c"}}` + "\n" + `{"version":"v0.9","deleteSurface":{"surfaceId":"f"}}` + "\n",
			},
		},
		{
			name: "official examples missing is a warning",
			files: map[string]string{
				"testdata/draft/orders.jsonl": `{"createSurface":{"surfaceId":"o"}}`,
			},
			wantIndex: []Sample{
				{ID: "draft-orders", Title: "Orders", Description: "v0.9-draft stream, 1 message.", Version: "v0.9-draft", Group: "Project samples", File: "draft-orders.jsonl", Messages: 1},
			},
			wantWarnings: []string{
				"testdata/v08 missing: its samples are not included",
				"testdata/demo missing: its samples are not included",
				"testdata/custom missing: its samples are not included",
				"testdata/custom-samples/custom-components/0.8 missing: its samples are not included",
				"testdata/custom-samples/custom-components/0.9 missing: its samples are not included",
				"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8 missing: its samples are not included",
				"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9 missing: its samples are not included",
				"testdata/custom-samples/rizzcharts/standard_catalog/0.8 missing: its samples are not included",
				"testdata/custom-samples/rizzcharts/standard_catalog/0.9 missing: its samples are not included",
				basicDir[:len(basicDir)-1] + " missing: its samples are not included",
				minimalDir[:len(minimalDir)-1] + " missing: its samples are not included",
				v10Dir[:len(v10Dir)-1] + " missing: its samples are not included",
			},
		},
		{
			name:            "official examples missing is an error when required",
			files:           map[string]string{"testdata/v08/a.jsonl": v08Line1},
			requireOfficial: true,
			wantErr:         "official examples missing: " + basicDir[:len(basicDir)-1] + " (run npm ci)",
		},
		{
			name:    "bad JSON line names file and line",
			files:   map[string]string{"testdata/v08/a.jsonl": v08Line1 + "\n\n{\"surfaceUpdate\":\n"},
			wantErr: "testdata/v08/a.jsonl:3: invalid JSON: unexpected end of JSON input",
		},
		{
			name:    "scalar line",
			files:   map[string]string{"testdata/demo/a.jsonl": "42\n"},
			wantErr: "testdata/demo/a.jsonl:1: a message must be a JSON object or an array of them",
		},
		{
			name:    "empty stream",
			files:   map[string]string{"testdata/demo/a.jsonl": "\n \n"},
			wantErr: "testdata/demo/a.jsonl: no messages",
		},
		{
			name:    "example without messages",
			files:   map[string]string{basicDir + "x.json": `{"name":"X","messages":[]}`},
			wantErr: basicDir + "x.json: no messages",
		},
		{
			name:    "example message not an object",
			files:   map[string]string{minimalDir + "x.json": `{"name":"X","messages":[{"version":"v0.9"},[1]]}`},
			wantErr: minimalDir + "x.json: messages[1]: not a JSON object",
		},
		{
			name:    "example not an object",
			files:   map[string]string{v10Dir + "x.json": `[1,2]`},
			wantErr: v10Dir + "x.json: not an example object {name, description, messages}",
		},
		{
			name: "two files with one id",
			files: map[string]string{
				"testdata/v08/a b.jsonl": v08Line1,
				"testdata/v08/a-b.jsonl": v08Line1,
			},
			wantErr: `testdata/v08/a b.jsonl and testdata/v08/a-b.jsonl both map to sample id "v08-a-b"`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, tc.files)
			list, warnings, err := Collect(root, tc.requireOfficial)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("error = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(warnings, "\n") != strings.Join(tc.wantWarnings, "\n") {
				t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(warnings, "\n"), strings.Join(tc.wantWarnings, "\n"))
			}
			out := filepath.Join(t.TempDir(), "out", "samples")
			if err := Write(out, list); err != nil {
				t.Fatal(err)
			}
			gotIndex, err := os.ReadFile(filepath.Join(out, "index.json"))
			if err != nil {
				t.Fatal(err)
			}
			want, err := json.MarshalIndent(tc.wantIndex, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			want = bytes.ReplaceAll(want, []byte(`\u0026`), []byte("&"))
			if string(gotIndex) != string(want)+"\n" {
				t.Errorf("index.json:\n%s\nwant:\n%s", gotIndex, want)
			}
			for _, s := range tc.wantIndex {
				if _, err := os.Stat(filepath.Join(out, s.File)); err != nil {
					t.Errorf("sample file: %v", err)
				}
			}
			for name, wantContent := range tc.wantFiles {
				got, err := os.ReadFile(filepath.Join(out, name))
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != wantContent {
					t.Errorf("%s:\n%s\nwant:\n%s", name, got, wantContent)
				}
			}
		})
	}
}

func TestTitleFromName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"booking_form", "Booking form"},
		{"01_flight-status", "Flight status"},
		{"00_simple-login-form", "Simple login form"},
		{"2024", "2024"},
		{"x", "X"},
		{"__", "__"},
	} {
		if got := titleFromName(tc.in); got != tc.want {
			t.Errorf("titleFromName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDetectVersion(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []string
		want  string
	}{
		{"v0.8 beginRendering", []string{v08Line1}, "v0.8"},
		{"draft props", []string{draftLine}, "v0.9-draft"},
		{"draft createSurface", []string{`{"createSurface":{"surfaceId":"o"}}`}, "v0.9-draft"},
		{"version field wins", []string{`{"deleteSurface":{"surfaceId":"o"}}`, `{"version":"v1.0","deleteSurface":{"surfaceId":"o"}}`}, "v1.0"},
		{"array line", []string{`[{"version":"v0.9","deleteSurface":{"surfaceId":"o"}}]`}, "v0.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ls [][]byte
			for _, l := range tc.lines {
				ls = append(ls, []byte(l))
			}
			if got := detectVersion(ls); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRepoCatalogue runs on the real repository: every official example and every
// project stream becomes one sample with the expected version.
func TestRepoCatalogue(t *testing.T) {
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, webCore)); err != nil && os.Getenv("A2UI_REQUIRE_FIXTURES") == "" {
		t.Skip("node_modules/@a2ui/web_core missing (npm ci); set A2UI_REQUIRE_FIXTURES=1 to fail instead")
	}
	list, warnings, err := Collect(root, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	count := func(dir, ext string) int {
		m, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*"+ext))
		return len(m)
	}
	wantVersion := map[string]string{"v08": "v0.8", "draft": "v0.9-draft", "demo": "v0.9", "custom": "v0.9", "v0_9-basic": "v0.9", "v0_9-minimal": "v0.9", "v1_0-basic": "v1.0", "components08": "v0.8", "components09": "v0.9", "rizzcharts08": "v0.8", "rizzcharts09": "v0.9", "rizzcharts-basic08": "v0.8", "rizzcharts-basic09": "v0.9"}
	for _, src := range sources {
		ext := ".jsonl"
		if src.kind != jsonlStreams {
			ext = ".json"
		}
		n := 0
		for _, s := range list {
			if strings.HasPrefix(s.ID, src.idPrefix+"-") {
				n++
				if s.Version != wantVersion[src.idPrefix] {
					t.Errorf("%s: version %q, want %q", s.ID, s.Version, wantVersion[src.idPrefix])
				}
				if s.Title == "" || s.Description == "" || s.Messages == 0 {
					t.Errorf("%s: incomplete entry %+v", s.ID, s)
				}
				if (s.Agent != "") != src.agent {
					t.Errorf("%s: agent %q", s.ID, s.Agent)
				}
			}
		}
		want := count(src.dir, ext)
		if src.kind == messageArrays {
			want -= count(src.dir, "catalog*"+ext) // catalog definitions beside the samples
		}
		if n != want || n == 0 {
			t.Errorf("%s: %d samples, want %d (>0)", src.dir, n, want)
		}
	}
	for i := 1; i < len(list); i++ {
		if rank(list[i-1].Version) > rank(list[i].Version) {
			t.Errorf("not ordered by version: %s (%s) before %s (%s)", list[i-1].ID, list[i-1].Version, list[i].ID, list[i].Version)
		}
	}
}
