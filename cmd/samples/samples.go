package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Sample is one entry of index.json. Messages counts the lines of File, i.e. the
// steps the gallery's stepper walks through (each line is one message).
type Sample struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Version     string `json:"version"`
	Group       string `json:"group"`
	File        string `json:"file"`
	Messages    int    `json:"messages"`
	Agent       string `json:"agent,omitempty"`

	lines [][]byte // compact JSON, one per message
}

type sourceKind int

const (
	jsonlStreams    sourceKind = iota // dir/*.jsonl, one message per line
	officialExample                   // dir/*.json, {"name","description","messages":[...]}
	messageArrays                     // dir/*.json, a JSON array of messages (as google/A2UI's samples are)
)

// source is one directory the catalogue is read from, relative to the repo root.
type source struct {
	dir      string
	kind     sourceKind
	idPrefix string
	group    string
	agent    bool // the demo agent (cmd/demo-agent) can play it live
	// agentDir is the sample name's directory for the demo agent ("": the file stem alone).
	agentDir string
	// titlePrefix goes before the title made from a file's name ("Rizzcharts " + "chart").
	titlePrefix string
}

const webCore = "node_modules/@a2ui/web_core/src"

// sources in catalogue order (within one protocol version, earlier sources first).
var sources = []source{
	{dir: "testdata/v08", kind: jsonlStreams, idPrefix: "v08", group: "Project samples"},
	{dir: "testdata/draft", kind: jsonlStreams, idPrefix: "draft", group: "Project samples"},
	{dir: "testdata/demo", kind: jsonlStreams, idPrefix: "demo", group: "Demo agent", agent: true},
	{dir: "testdata/custom", kind: jsonlStreams, idPrefix: "custom", group: "Custom components"},
	// Streams in the shapes of google/A2UI's custom-component samples, on
	// web/gallery-components.js's elements.
	{dir: "testdata/custom-samples/custom-components/0.8", kind: messageArrays, idPrefix: "components08", group: "Custom components", agent: true, agentDir: "custom-samples/custom-components/0.8"},
	{dir: "testdata/custom-samples/custom-components/0.9", kind: messageArrays, idPrefix: "components09", group: "Custom components", agent: true, agentDir: "custom-samples/custom-components/0.9"},
	{dir: "testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8", kind: messageArrays, idPrefix: "rizzcharts08", group: "Custom components", titlePrefix: "Rizzcharts "},
	{dir: "testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9", kind: messageArrays, idPrefix: "rizzcharts09", group: "Custom components", titlePrefix: "Rizzcharts "},
	{dir: "testdata/custom-samples/rizzcharts/standard_catalog/0.8", kind: messageArrays, idPrefix: "rizzcharts-basic08", group: "Custom components", titlePrefix: "Rizzcharts (basic catalog) "},
	{dir: "testdata/custom-samples/rizzcharts/standard_catalog/0.9", kind: messageArrays, idPrefix: "rizzcharts-basic09", group: "Custom components", titlePrefix: "Rizzcharts (basic catalog) "},
	{dir: webCore + "/v0_9/schemas/catalogs/basic/examples", kind: officialExample, idPrefix: "v0_9-basic", group: "Official · basic catalog"},
	{dir: webCore + "/v0_9/schemas/catalogs/minimal/examples", kind: officialExample, idPrefix: "v0_9-minimal", group: "Official · minimal catalog"},
	{dir: webCore + "/v1_0/schemas/catalogs/basic/examples", kind: officialExample, idPrefix: "v1_0-basic", group: "Official · basic catalog"},
}

// descriptions of the project's own streams, by path relative to the repo root;
// streams not listed get a description generated from their content.
var descriptions = map[string]string{
	"testdata/demo/booking.jsonl":                                          "A table booking form. Turn on Live agent: the demo agent checks the booking and answers with a confirmation surface.",
	"testdata/custom/contact_card.jsonl":                                   "A contact card drawn by the page's own demo-contact-card element (web/gallery-components.js): bound props, A2UI buttons slotted into it, and a star that writes /contact/favorite back into the data model.",
	"testdata/custom/sales_chart.jsonl":                                    "A chart drawn by the page's demo-chart element from the data model; choosing a region writes /selected (two-way binding), which the Text and the Button's action context read.",
	"testdata/custom/store_map.jsonl":                                      "A schematic map (the page's demo-map element: no tiles, no network) with pins from the data model, an A2UI Card slotted over it, and pin selection bound to /selected.",
	"testdata/custom-samples/custom-components/0.8/chart_node_click.json":  "The agent's answer to a node click on Multi surface: it updates the contact-card and org-chart-view surfaces without creating them. Played alone, v0.8 waits for their beginRendering (Loading…); after Multi surface it shows the clicked person.",
	"testdata/custom-samples/custom-components/0.9/chart_node_click.json":  "The agent's answer to a node click on Multi surface: it updates the contact-card and org-chart-view surfaces without creating them. Played alone, v0.9 reports SURFACE_NOT_FOUND for each; after Multi surface it shows the clicked person.",
	"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8/chart.json": "Rizzcharts' Chart on a Canvas, drawn by the page's gallery-rizz-chart element: a doughnut of the items that dotted v0.8 keys (chart.items[0].label) build; a slice with drillDown opens its level.",
	"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.8/map.json":   "Rizzcharts' GoogleMap, drawn by the page's gallery-rizz-map element without Google Maps (no tiles, no network): markers from dotted v0.8 keys, listed with their coordinates.",
	"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9/chart.json": "The chart in v0.9, sent with v0.8's dotted keys as the sample does: v0.9 reads them as plain key characters, so /chart.title resolves and /chart.items does not (the chart says it has no data).",
	"testdata/custom-samples/rizzcharts/rizzcharts_catalog/0.9/map.json":   "The map in v0.9 with dotted keys: /mapConfig.zoom resolves (a plain key), the centre and the markers do not.",
	"testdata/custom-samples/rizzcharts/standard_catalog/0.8/chart.json":   "The rizzcharts chart for clients without its catalog: a basic List template over the dotted v0.8 keys.",
	"testdata/custom-samples/rizzcharts/standard_catalog/0.8/map.json":     "The rizzcharts map for clients without its catalog: an Image and a List of places from dotted v0.8 keys.",
	"testdata/custom-samples/rizzcharts/standard_catalog/0.9/chart.json":   "The basic-catalog chart in v0.9 with dotted keys: the title resolves (a plain key), the List over /chart.items stays empty.",
	"testdata/custom-samples/rizzcharts/standard_catalog/0.9/map.json":     "The basic-catalog map in v0.9 with dotted keys: the heading and the Image show, the List over /mapConfig.locations stays empty.",
	"testdata/demo/tasks.jsonl":                                            "A task list rendered from a List template, with Toggle and Remove on every row. Turn on Live agent: the demo agent updates the rows.",
}

// versionRank orders the catalogue by protocol version; unknown versions go last.
var versionRank = map[string]int{"v0.8": 0, "v0.9-draft": 1, "v0.9": 2, "v0.9.1": 3, "v0.10": 4, "v1.0": 5}

// Collect reads every source under root. A missing project directory is a
// warning; missing official examples are a warning unless requireOfficial. Any
// malformed file is an error naming the file (and line).
func Collect(root string, requireOfficial bool) ([]Sample, []string, error) {
	var (
		out      []Sample
		warnings []string
		seen     = map[string]string{}
	)
	for _, src := range sources {
		dir := filepath.Join(root, filepath.FromSlash(src.dir))
		entries, err := os.ReadDir(dir)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				return nil, warnings, fmt.Errorf("read %s: %v", src.dir, err)
			}
			if src.kind == officialExample && requireOfficial {
				return nil, warnings, fmt.Errorf("official examples missing: %s (run npm ci)", src.dir)
			}
			warnings = append(warnings, src.dir+" missing: its samples are not included")
			continue
		}
		ext := ".jsonl"
		if src.kind != jsonlStreams {
			ext = ".json"
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || !strings.HasSuffix(name, ext) {
				continue
			}
			rel := src.dir + "/" + name
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				return nil, warnings, fmt.Errorf("read %s: %v", rel, err)
			}
			stem := strings.TrimSuffix(name, ext)
			var s Sample
			if src.kind == messageArrays && strings.Contains(name, "catalog") {
				continue // a catalog definition beside the samples
			}
			switch src.kind {
			case officialExample:
				s, err = parseExample(rel, data)
			case messageArrays:
				s, err = parseArray(rel, data)
			default:
				s, err = parseJSONL(rel, data)
			}
			if err != nil {
				return nil, warnings, err
			}
			s.ID = src.idPrefix + "-" + slug(stem)
			if prev, dup := seen[s.ID]; dup {
				return nil, warnings, fmt.Errorf("%s and %s both map to sample id %q", prev, rel, s.ID)
			}
			seen[s.ID] = rel
			if s.Title == "" {
				s.Title = titleFromName(src.titlePrefix + stem)
			}
			s.Version = detectVersion(s.lines)
			if s.Description == "" {
				s.Description = descriptions[rel]
			}
			if s.Description == "" {
				s.Description = describe(s.Version, s.lines)
			}
			s.Group = src.group
			s.File = s.ID + ".jsonl"
			s.Messages = len(s.lines)
			if src.agent {
				s.Agent = stem
				if src.agentDir != "" {
					s.Agent = src.agentDir + "/" + stem
				}
			}
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Sample) int { return rank(a.Version) - rank(b.Version) })
	return out, warnings, nil
}

func rank(v string) int {
	if r, ok := versionRank[v]; ok {
		return r
	}
	return len(versionRank)
}

// parseJSONL keeps every non-blank line (CR stripped) as one message; each must
// be a JSON object or array.
func parseJSONL(rel string, data []byte) (Sample, error) {
	var s Sample
	n := 0
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		n++
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		c, err := compactMessage(line)
		if err != nil {
			return s, fmt.Errorf("%s:%d: %v", rel, n, err)
		}
		s.lines = append(s.lines, c)
	}
	if len(s.lines) == 0 {
		return s, fmt.Errorf("%s: no messages", rel)
	}
	return s, nil
}

// parseArray reads a JSON array of messages (testdata/custom-samples).
func parseArray(rel string, data []byte) (Sample, error) {
	var s Sample
	var msgs []json.RawMessage
	if err := json.Unmarshal(data, &msgs); err != nil || len(msgs) == 0 {
		return s, fmt.Errorf("%s: not a JSON array of messages", rel)
	}
	for i, m := range msgs {
		c, err := compactMessage(m)
		if err != nil {
			return s, fmt.Errorf("%s: [%d]: %v", rel, i, err)
		}
		s.lines = append(s.lines, c)
	}
	return s, nil
}

// parseExample reads an official example file.
func parseExample(rel string, data []byte) (Sample, error) {
	var s Sample
	var ex struct {
		Name        string            `json:"name"`
		Description string            `json:"description"`
		Messages    []json.RawMessage `json:"messages"`
	}
	if t := bytes.TrimSpace(data); len(t) == 0 || t[0] != '{' {
		return s, fmt.Errorf("%s: not an example object {name, description, messages}", rel)
	}
	if err := json.Unmarshal(data, &ex); err != nil {
		return s, fmt.Errorf("%s: not an example object {name, description, messages}: %v", rel, err)
	}
	if len(ex.Messages) == 0 {
		return s, fmt.Errorf("%s: no messages", rel)
	}
	for i, m := range ex.Messages {
		c, err := compactMessage(m)
		if err != nil {
			return s, fmt.Errorf("%s: messages[%d]: %v", rel, i, err)
		}
		if c[0] != '{' {
			return s, fmt.Errorf("%s: messages[%d]: not a JSON object", rel, i)
		}
		s.lines = append(s.lines, c)
	}
	s.Title = strings.TrimSpace(ex.Name)
	s.Description = strings.TrimSpace(ex.Description)
	return s, nil
}

// compactMessage validates one message (a JSON object, or an array of them as
// A2A DataParts allow) and returns it on one line.
func compactMessage(raw []byte) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return nil, errors.New("invalid JSON: " + err.Error())
	}
	out := b.Bytes()
	if len(out) == 0 || (out[0] != '{' && out[0] != '[') {
		return nil, errors.New("a message must be a JSON object or an array of them")
	}
	return out, nil
}

// envelope is the part of a message the catalogue looks at.
type envelope struct {
	Version       string           `json:"version"`
	CreateSurface *json.RawMessage `json:"createSurface"`
	SurfaceUpdate *struct {
		SurfaceID  string            `json:"surfaceId"`
		Components []json.RawMessage `json:"components"`
	} `json:"surfaceUpdate"`
	UpdateComponents *struct {
		SurfaceID  string            `json:"surfaceId"`
		Components []json.RawMessage `json:"components"`
	} `json:"updateComponents"`
	BeginRendering *struct {
		SurfaceID string `json:"surfaceId"`
	} `json:"beginRendering"`
}

// envelopes decodes the messages of a line (an object or an array of objects);
// lines it cannot read yield nothing (the renderer reports those, not this tool).
func envelopes(line []byte) []envelope {
	if line[0] == '[' {
		var arr []envelope
		if json.Unmarshal(line, &arr) != nil {
			return nil
		}
		return arr
	}
	var e envelope
	if json.Unmarshal(line, &e) != nil {
		return nil
	}
	return []envelope{e}
}

// detectVersion returns the first message's "version"; for version-less
// streams, "v0.9-draft" when it uses the draft shapes (createSurface, or
// components with "props"), else "v0.8".
func detectVersion(lines [][]byte) string {
	draft := false
	for _, l := range lines {
		for _, e := range envelopes(l) {
			if e.Version != "" {
				return e.Version
			}
			if e.CreateSurface != nil {
				draft = true
			}
			if e.SurfaceUpdate != nil {
				for _, c := range e.SurfaceUpdate.Components {
					var p struct {
						Props json.RawMessage `json:"props"`
					}
					if json.Unmarshal(c, &p) == nil && len(p.Props) > 0 {
						draft = true
					}
				}
			}
		}
	}
	if draft {
		return "v0.9-draft"
	}
	return "v0.8"
}

// componentTypes lists the component type names a stream uses, in first-use
// order: v0.9+ "component":"Text", v0.8 "component":{"Text":{...}}, draft
// "props":{"component":"Text"}.
func componentTypes(lines [][]byte) (types, surfaces []string) {
	add := func(list []string, s string) []string {
		if s == "" || slices.Contains(list, s) {
			return list
		}
		return append(list, s)
	}
	for _, l := range lines {
		for _, e := range envelopes(l) {
			var comps []json.RawMessage
			switch {
			case e.UpdateComponents != nil:
				comps = e.UpdateComponents.Components
				surfaces = add(surfaces, e.UpdateComponents.SurfaceID)
			case e.SurfaceUpdate != nil:
				comps = e.SurfaceUpdate.Components
				surfaces = add(surfaces, e.SurfaceUpdate.SurfaceID)
			}
			for _, c := range comps {
				var v struct {
					Component json.RawMessage `json:"component"`
					Props     struct {
						Component string `json:"component"`
					} `json:"props"`
				}
				if json.Unmarshal(c, &v) != nil {
					continue
				}
				types = add(types, v.Props.Component)
				var name string
				var obj map[string]json.RawMessage
				if json.Unmarshal(v.Component, &name) == nil {
					types = add(types, name)
				} else if json.Unmarshal(v.Component, &obj) == nil {
					keys := make([]string, 0, len(obj))
					for k := range obj {
						keys = append(keys, k)
					}
					slices.Sort(keys)
					for _, k := range keys {
						types = add(types, k)
					}
				}
			}
		}
	}
	return types, surfaces
}

// describe writes a description for a stream without one, e.g.
// `v0.8 stream, 4 messages: surface "weather" with Card, Column, Row, Text.`
func describe(version string, lines [][]byte) string {
	types, surfaces := componentTypes(lines)
	var b strings.Builder
	b.WriteString(version)
	b.WriteString(" stream, ")
	b.WriteString(strconv.Itoa(len(lines)))
	if len(lines) == 1 {
		b.WriteString(" message")
	} else {
		b.WriteString(" messages")
	}
	if len(surfaces) > 0 {
		if len(surfaces) == 1 {
			b.WriteString(": surface ")
		} else {
			b.WriteString(": surfaces ")
		}
		for i, s := range surfaces {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(s))
		}
	}
	if len(types) > 0 {
		b.WriteString(" with ")
		b.WriteString(strings.Join(types, ", "))
	}
	b.WriteByte('.')
	return b.String()
}

// titleFromName turns a file stem into a title: a leading "NN_" order prefix is
// dropped, "_" and "-" become spaces, the first letter is upper-cased.
func titleFromName(stem string) string {
	if i := strings.IndexByte(stem, '_'); i > 0 {
		if _, err := strconv.Atoi(stem[:i]); err == nil {
			stem = stem[i+1:]
		}
	}
	t := strings.Join(strings.FieldsFunc(stem, func(r rune) bool { return r == '_' || r == '-' }), " ")
	if t == "" {
		return stem
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// slug keeps [A-Za-z0-9_-] and replaces anything else with "-", so ids are safe
// in a URL query, a file name and the demo agent's ?sample= parameter.
func slug(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			b[i] = '-'
		}
	}
	return string(b)
}

// Write creates dir and writes every sample's JSONL file plus index.json.
func Write(dir string, list []Sample) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, s := range list {
		var b bytes.Buffer
		for _, l := range s.lines {
			b.Write(l)
			b.WriteByte('\n')
		}
		if err := os.WriteFile(filepath.Join(dir, s.File), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	if list == nil {
		list = []Sample{}
	}
	var idx bytes.Buffer
	enc := json.NewEncoder(&idx)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(list); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), idx.Bytes(), 0o644)
}

// findRoot walks up from the working directory to the directory holding go.mod.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory; pass -root")
		}
		dir = parent
	}
}
