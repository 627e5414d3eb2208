package render

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/protocol"
)

// FuzzBuildRender drives catalog build and render through the Renderer over memdom with
// component trees drawn from the basic catalog's own prop specs: every component type,
// every prop with a random value of its kind or a wrong one (literals, bindings, relative
// paths in templates, function calls, nested calls, cycles, missing children), random
// data-model writes and random user events. Invariants:
//   - no panic escapes;
//   - every a2ui-error is a protocol error whose code is one of protocol's codes;
//   - after every frame the DOM equals dom.HTML of the tree the renderer last built
//     (the keyed diff loses nothing);
//   - when no user event ran, the DOM equals a fresh renderer's render of the same
//     components and the final data model (incremental rebuilds and caches match a
//     full build).
func FuzzBuildRender(f *testing.F) {
	f.Add([]byte{0, 0, 3, 2, 1, 4, 2, 2, 9, 1, 3})
	f.Add([]byte("\x00\x03\x05\x01\x02\x07\x03\x01\x00\x02\x04\x06\x05\x03\x02\x01\x00\x04\x03\x02"))
	f.Add([]byte(strings.Repeat("\x00\x02\x0b\x07\x03\x01\x05\x04\x02\x09", 10)))
	f.Add([]byte(strings.Repeat("\x03\x00\x01\x02\x04\x05\x06\x07\x08", 20)))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 2048 {
			return
		}
		// A hang never reaches the per-frame check: end the worker instead.
		hang := time.AfterFunc(30*time.Second, func() { panic("FuzzBuildRender: one input ran for 30 s") })
		defer hang.Stop()
		h := newFakeHost(t)
		opts := Options{RenderLimits: renderFuzzLimits, Limits: modelFuzzLimits, MaxFormatOutput: 4096, RenderBudget: -1}
		r := New(h, opts)
		p := &fuzzProgram{in: in}
		var lines []string
		send := func(line string) {
			lines = append(lines, line)
			r.Process([]byte(line))
		}
		send(fuzzCreate)
		events := 0
		for steps := 0; !p.done() && steps < 150; steps++ {
			switch p.next() % 6 {
			case 0, 1:
				send(p.tree())
			case 2:
				send(p.data())
			case 3:
				fuzzFrame(t, r, h)
			case 4:
				p.event(r, h)
				events++
			case 5:
				send(p.tree())
				fuzzFrame(t, r, h)
			}
		}
		fuzzFrame(t, r, h)
		fuzzCheckErrors(t, h)
		if events > 0 || r.surf["f"] == nil || r.surf["f"].crashed != "" {
			return
		}
		// A fresh renderer given the same components and the final model renders the same.
		model := r.DataModel("f")
		h2 := newFakeHost(t)
		r2 := New(h2, Options{RenderLimits: renderFuzzLimits, Limits: modelFuzzLimits, MaxFormatOutput: 4096, RenderBudget: -1})
		for _, l := range lines {
			if strings.Contains(l, `"updateComponents"`) || l == fuzzCreate {
				r2.Process([]byte(l))
			}
		}
		if ms, ok := r2.proc.Surface("f"); ok && len(model) > 0 {
			var v any
			if err := json.Unmarshal(model, &v); err != nil {
				t.Fatalf("DataModel is not JSON: %v", err)
			}
			if err := ms.Data.Set(nil, v); err != nil {
				return // the model cannot be written in one piece (a cap on one write)
			}
		}
		r2.Frame()
		if r2.surf["f"] == nil || r2.surf["f"].crashed != "" {
			t.Fatalf("the fresh render failed where the incremental one did not")
		}
		got, want := h.doc.Host("f").Root.HTML(), h2.doc.Host("f").Root.HTML()
		if got != want {
			t.Fatalf("incremental DOM differs from a fresh render of the same state\nincremental:\n%s\nfresh:\n%s\nlines:\n%s\nmodel: %s",
				got, want, strings.Join(lines, "\n"), model)
		}
	})
}

const fuzzCreate = `{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`

// fuzzFrame runs one frame and checks that the DOM equals the tree the renderer built.
// (The fuzz budgets cap a surface at a few hundred instances; a frame that hangs is
// reported by go test -fuzz itself.)
func fuzzFrame(t *testing.T, r *Renderer, h *fakeHost) {
	t.Helper()
	r.Frame()
	if len(h.doc.Rejected) > 0 {
		t.Fatalf("the applier refused %v", h.doc.Rejected)
	}
	s := r.surf["f"]
	host := h.doc.Host("f")
	if s == nil || host == nil {
		return
	}
	want := ""
	if root := s.tree.Root(); root != nil {
		want = dom.HTML(root)
	}
	got := ""
	if host.Root != nil {
		got = host.Root.HTML()
	}
	if got != want {
		t.Fatalf("DOM differs from the built tree\nDOM:\n%s\ntree:\n%s", got, want)
	}
}

var protocolCodes = map[string]bool{
	protocol.CodeValidationFailed: true, protocol.CodeLineTooLong: true, protocol.CodeUnknownSurface: true,
	protocol.CodeDuplicateSurface: true, protocol.CodeUnknownComponent: true, protocol.CodeCycle: true,
	protocol.CodeLimit: true, protocol.CodeFunction: true, protocol.CodePolicy: true, protocol.CodeStream: true,
	protocol.CodeRender: true, protocol.CodeConflict: true,
}

// fuzzCheckErrors checks that every a2ui-error is a v0.9 error message with a known code;
// RENDER_FAILED (a recovered panic) is a bug.
func fuzzCheckErrors(t *testing.T, h *fakeHost) {
	t.Helper()
	for _, e := range h.ofType("a2ui-error") {
		var v struct {
			Error struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(e), &v); err != nil {
			t.Fatalf("error event is not JSON: %s", e)
		}
		if !protocolCodes[v.Error.Code] || v.Error.Message == "" {
			t.Fatalf("error event without a known code and a message: %s", e)
		}
		if v.Error.Code == protocol.CodeRender {
			t.Fatalf("a panic was recovered while rendering: %s", e)
		}
	}
}

var (
	// fuzzTreeIDs: an exhausted input (zeros) writes "a", not the root.
	fuzzTreeIDs = []string{"a", "root", "b", "c", "d", "e", "root", "f"}
	fuzzStrings = []string{`"hello"`, `"**b** _i_ [l](https://e.example)"`, `{"path":"/s"}`, `{"path":"name"}`, `{"path":"/n"}`,
		`{"path":"/a/0"}`, `{"path":"."}`, `{"path":"/list/0/name"}`, `{"path":"../x"}`, `{"path":""}`,
		`{"call":"formatString","args":{"value":"${/s} ${name} ${/n}"}}`, `{"call":"formatNumber","args":{"value":{"path":"/n"}}}`,
		`{"call":"formatDate","args":{"value":{"path":"/s"},"format":"yyyy"}}`, `{"call":"nope","args":{}}`,
		`{"call":"formatString","args":{"value":{"call":"formatString","args":{"value":{"call":"formatString","args":{"value":"x"}}}}}}`,
		`{"call":"pluralize","args":{"value":{"path":"/n"},"one":"a","other":"b"}}`, `{"call":"required"}`, `{}`,
		`12`, `true`, `null`, `[1,2]`, `"javascript:alert(1)"`, `"https://e.example/a.png"`, `"/rel.png"`, `"\u202eevil"`}
	fuzzNumbers = []string{`0`, `1`, `-5`, `1e308`, `100`, `{"path":"/n"}`, `{"path":"/s"}`, `"7"`, `{"call":"length","args":{"value":{"path":"/a"}}}`, `null`}
	fuzzBools   = []string{`true`, `false`, `{"path":"/b"}`, `{"path":"/n"}`, `"yes"`, `{"call":"not","args":{"value":{"path":"/b"}}}`, `{"call":"and","args":{"values":[true,{"path":"/b"}]}}`}
	fuzzLists   = []string{`["x"]`, `["x","y"]`, `[]`, `{"path":"/sel"}`, `{"path":"/a"}`, `"x"`, `[1,{"a":1}]`}
	fuzzChecks  = []string{`[{"condition":{"call":"required","args":{"value":{"path":"/s"}}},"message":"required"}]`, `[{"call":"email","args":{"value":{"path":"/s"}},"message":"m"}]`, `[{}]`, `"x"`,
		`[{"condition":{"call":"regex","args":{"value":{"path":"/s"},"pattern":"(a+)+$"}},"message":"re"}]`}
	fuzzActions = []string{`{"event":{"name":"go","context":{"v":{"path":"/s"},"n":{"path":"name"}}}}`, `{"event":{"name":"go"}}`,
		`{"functionCall":{"call":"openUrl","args":{"url":"https://e.example"}}}`, `{"functionCall":{"call":"openUrl","args":{"url":"javascript:x"}}}`,
		`{}`, `"x"`, `{"event":{"name":"ctx","context":{"all":{"path":"/"}}}}`}
)

// tree returns an updateComponents line with 1-5 components of any basic type whose
// props are drawn from the type's PropSpecs.
func (p *fuzzProgram) tree() string {
	cat := basic.Catalog()
	types := append(cat.Types(), "Bogus")
	n := int(p.next())%5 + 1
	list := make([]string, 0, n)
	for range n {
		if p.done() && len(list) > 0 {
			break
		}
		id := p.pick(fuzzTreeIDs)
		typ := types[int(p.next())%len(types)]
		props := []string{`"id":"` + id + `"`, `"component":"` + typ + `"`}
		if def, ok := cat.Lookup(typ); ok {
			for _, ps := range def.Props {
				// required props are mostly present, optional ones half the time
				if c := p.next() % 8; (ps.Required && c == 0) || (!ps.Required && c < 4) {
					continue
				}
				props = append(props, strconv.Quote(ps.Name)+":"+p.propValue(ps, id))
			}
		}
		list = append(list, "{"+strings.Join(props, ",")+"}")
	}
	return `{"version":"v0.9","updateComponents":{"surfaceId":"f","components":[` + strings.Join(list, ",") + `]}}`
}

// propValue returns a JSON value for ps, mostly of its kind, sometimes of another.
func (p *fuzzProgram) propValue(ps catalog.PropSpec, self string) string {
	if p.next()%16 == 0 { // a value of some other kind
		return p.pick(fuzzStrings)
	}
	id := func() string {
		if p.next()%6 == 0 {
			return strconv.Quote(self) // a cycle through itself
		}
		return strconv.Quote(p.pick(append(fuzzIDs, "missing")))
	}
	switch ps.Kind {
	case catalog.KindDynamicString, catalog.KindDynamicValue:
		return p.pick(fuzzStrings)
	case catalog.KindDynamicNumber, catalog.KindNumber:
		return p.pick(fuzzNumbers)
	case catalog.KindDynamicBoolean, catalog.KindBoolean:
		return p.pick(fuzzBools)
	case catalog.KindDynamicList:
		return p.pick(fuzzLists)
	case catalog.KindEnum:
		if len(ps.Values) > 0 && p.next()%4 != 0 {
			return strconv.Quote(p.pick(ps.Values))
		}
		return `"bogus"`
	case catalog.KindString:
		return p.pick([]string{`"^[a-z]*$"`, `"("`, `"x"`})
	case catalog.KindComponentID:
		return id()
	case catalog.KindChildList:
		if p.next()%3 == 0 {
			return `{"componentId":` + id() + `,"path":"` + p.pick(fuzzPaths) + `"}`
		}
		ids := make([]string, int(p.next())%4)
		for i := range ids {
			ids[i] = id()
		}
		return "[" + strings.Join(ids, ",") + "]"
	case catalog.KindAction:
		return p.pick(fuzzActions)
	case catalog.KindChecks:
		return p.pick(fuzzChecks)
	case catalog.KindObject:
		switch ps.Name {
		case "tabs":
			return fmt.Sprintf(`[{"title":%s,"child":%s},{"title":"u","child":%s}]`, p.pick(fuzzStrings), id(), id())
		case "options":
			return fmt.Sprintf(`[{"label":%s,"value":"x"},{"label":"y","value":"y"},{"label":"z","value":%s}]`, p.pick(fuzzStrings), p.pick([]string{`"x"`, `"z"`, `1`}))
		case "name":
			return p.pick([]string{`"check"`, `"nope"`, `{"path":"/s"}`, `"home"`})
		}
	}
	return p.pick(fuzzStrings)
}
