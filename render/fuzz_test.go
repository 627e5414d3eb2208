package render

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
	"github.com/a2ui-go/a2ui/model"
)

// FuzzRender drives the whole pipeline (decode, model, catalog build, diff, memdom) with
// random component trees, data and user events decoded from the fuzz input, under small
// budgets so that every cap is reachable. Invariants: no panic escapes, nothing the
// applier must refuse reaches the DOM, every error event is JSON with a code, a surface
// that failed closed has no control, and a second surface still renders afterwards.
func FuzzRender(f *testing.F) {
	f.Add([]byte{0, 3, 1, 2, 0, 4, 5, 1, 3, 0, 2, 6, 3, 3, 1, 2, 2})
	f.Add([]byte("\x00\x05\x04\x01\x02\x03\x00\x06\x01\x02\x02\x03\x03\x00\x02\x07\x09\x01\x01\x03\x04\x05\x02\x03"))
	f.Add([]byte(strings.Repeat("\x00\x07\x01\x05\x02\x03\x04", 12)))
	f.Add([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"/a","value":[1]}}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4096 {
			return
		}
		slow := time.AfterFunc(5*time.Second, func() { panic("FuzzRender: one input ran for 5 s") })
		defer slow.Stop()
		h := newFakeHost(t)
		r := New(h, Options{RenderLimits: renderFuzzLimits, Limits: modelFuzzLimits, MaxFormatOutput: 4096})
		p := &fuzzProgram{in: in}
		r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`))
		for steps := 0; !p.done() && steps < 200; steps++ {
			switch p.next() % 8 {
			case 0, 1:
				r.Process([]byte(p.components()))
			case 2:
				r.Process([]byte(p.data()))
			case 3, 4:
				r.Frame()
			case 5:
				p.event(r, h)
			case 6:
				// A raw slice of the input as a line: the decoder must cope.
				n := int(p.next()) % 64
				r.Process(p.take(n))
			case 7:
				if p.next()%4 == 0 {
					r.Process([]byte(`{"version":"v0.9","deleteSurface":{"surfaceId":"f"}}`))
					r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"f","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}`))
				}
			}
		}
		r.Frame()
		if len(h.doc.Rejected) > 0 {
			t.Fatalf("the applier refused %v", h.doc.Rejected)
		}
		for _, e := range h.ofType("a2ui-error") {
			var v map[string]any
			if err := json.Unmarshal([]byte(e), &v); err != nil {
				t.Fatalf("error event is not JSON: %s", e)
			}
		}
		if host := h.doc.Host("f"); host != nil && host.Root != nil {
			if html := host.HTML(); strings.Contains(html, "a2ui-failed-closed") &&
				(strings.Contains(html, "<button") || strings.Contains(html, "<input")) {
				t.Fatalf("failed-closed surface with a control:\n%s", html)
			}
		}
		r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"alive","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n" +
			`{"version":"v0.9","updateComponents":{"surfaceId":"alive","components":[{"id":"root","component":"Text","text":"still alive"}]}}`))
		r.Frame()
		if !strings.Contains(h.text("alive"), "still alive") {
			t.Fatalf("liveness surface did not render")
		}
	})
}

var (
	renderFuzzLimits = fuzzRenderLimits(200, 12, 20, 2048, 16<<10)
	modelFuzzLimits  = modelLimits()
)

type fuzzProgram struct {
	in []byte
	i  int
}

func (p *fuzzProgram) done() bool { return p.i >= len(p.in) }

func (p *fuzzProgram) next() byte {
	if p.i >= len(p.in) {
		return 0
	}
	b := p.in[p.i]
	p.i++
	return b
}

func (p *fuzzProgram) take(n int) []byte {
	end := min(p.i+n, len(p.in))
	b := p.in[p.i:end]
	p.i = end
	return b
}

func (p *fuzzProgram) pick(list []string) string { return list[int(p.next())%len(list)] }

var (
	fuzzIDs   = []string{"root", "a", "b", "c", "d", "e", "f", "g"}
	fuzzTypes = []string{"Text", "Column", "Row", "Card", "Button", "TextField", "List", "Tabs", "Modal",
		"CheckBox", "Slider", "ChoicePicker", "Image", "Icon", "Divider", "DateTimeInput", "Video", "AudioPlayer", "Bogus"}
	fuzzPaths = []string{"/a", "/b", "/a/0", "/a/1", "/list", "/list/0/name", "/s", "/n", "name", ".", "/a/" + strings.Repeat("x/", 40), "/list/5000"}
	fuzzTexts = []string{`"hello"`, `"# Title\n- a\n- b **c**"`, `"[x](https://e.example) > q"`, `{"path":"/s"}`, `{"path":"name"}`,
		`{"call":"formatString","args":{"value":"${/s}${/s}${/s}${/s}"}}`, `{"call":"formatString","args":{"value":"${formatNumber(value:${/n})}"}}`,
		`"` + strings.Repeat("> ", 40) + `x"`, `"` + strings.Repeat("- ", 40) + `x"`, `{"call":"pluralize","args":{"value":{"path":"/n"},"one":"a","other":"b"}}`,
		`"javascript:alert(1)"`, `{"path":"/a/0"}`}
	fuzzValues = []string{`1`, `"` + strings.Repeat("s", 3000) + `"`, `[{"name":"x"},{"name":"y"},{"name":"z"}]`, `{"k":{"k":{"k":[1,[2,[3]]]}}}`,
		`true`, `null`, `"<img src=x onerror=alert(1)>"`, `[` + strings.Repeat(`{"name":"r"},`, 30) + `{}]`, `{"__proto__":{"x":1}}`, `12345.678`}
)

// components returns an updateComponents line with 1-4 random components.
func (p *fuzzProgram) components() string {
	n := int(p.next())%4 + 1
	var list []string
	for i := 0; i < n; i++ {
		id := p.pick(fuzzIDs)
		typ := p.pick(fuzzTypes)
		props := []string{`"id":"` + id + `"`, `"component":"` + typ + `"`}
		switch typ {
		case "Text":
			props = append(props, `"text":`+p.pick(fuzzTexts))
		case "Column", "Row":
			if p.next()%3 == 0 {
				props = append(props, `"children":{"componentId":"`+p.pick(fuzzIDs)+`","path":"`+p.pick(fuzzPaths)+`"}`)
			} else {
				props = append(props, `"children":["`+p.pick(fuzzIDs)+`","`+p.pick(fuzzIDs)+`"]`)
			}
		case "List":
			props = append(props, `"children":{"componentId":"`+p.pick(fuzzIDs)+`","path":"`+p.pick(fuzzPaths)+`"}`)
		case "Card":
			props = append(props, `"child":"`+p.pick(fuzzIDs)+`"`)
		case "Button":
			props = append(props, `"child":"`+p.pick(fuzzIDs)+`"`, `"action":{"event":{"name":"go","context":{"v":{"path":"`+p.pick(fuzzPaths)+`"}}}}`)
		case "TextField", "DateTimeInput":
			props = append(props, `"label":`+p.pick(fuzzTexts), `"value":{"path":"`+p.pick(fuzzPaths)+`"}`)
		case "CheckBox":
			props = append(props, `"label":"c"`, `"value":{"path":"`+p.pick(fuzzPaths)+`"}`)
		case "Slider":
			props = append(props, `"value":{"path":"`+p.pick(fuzzPaths)+`"}`, `"min":0`, `"max":`+strconv.Itoa(int(p.next())))
		case "ChoicePicker":
			props = append(props, `"options":[{"label":"x","value":"x"},{"label":"y","value":"y"}]`, `"value":{"path":"`+p.pick(fuzzPaths)+`"}`)
		case "Tabs":
			props = append(props, `"tabs":[{"title":"t","child":"`+p.pick(fuzzIDs)+`"},{"title":"u","child":"`+p.pick(fuzzIDs)+`"}]`)
		case "Modal":
			props = append(props, `"trigger":"`+p.pick(fuzzIDs)+`"`, `"content":"`+p.pick(fuzzIDs)+`"`)
		case "Image", "Video", "AudioPlayer":
			props = append(props, `"url":`+p.pick([]string{`"https://e.example/x.png"`, `"javascript:x"`, `{"path":"/s"}`}))
		case "Icon":
			props = append(props, `"name":"check"`)
		}
		list = append(list, "{"+strings.Join(props, ",")+"}")
	}
	return `{"version":"v0.9","updateComponents":{"surfaceId":"f","components":[` + strings.Join(list, ",") + `]}}`
}

func (p *fuzzProgram) data() string {
	return `{"version":"v0.9","updateDataModel":{"surfaceId":"f","path":"` + p.pick(fuzzPaths) + `","value":` + p.pick(fuzzValues) + `}}`
}

// event dispatches a random user event on a random node that listens for one.
func (p *fuzzProgram) event(r *Renderer, h *fakeHost) {
	host := h.doc.Host("f")
	if host == nil || host.Root == nil {
		return
	}
	var listening []*memdom.Node
	stack := []*memdom.Node{host.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(n.Listen) > 0 {
			listening = append(listening, n)
		}
		stack = append(stack, n.Children...)
	}
	if len(listening) == 0 {
		return
	}
	n := listening[int(p.next())%len(listening)]
	typ := n.Listen[int(p.next())%len(n.Listen)]
	r.Dispatch("f", dom.Event{Node: n.ID, Type: typ, Value: p.pick([]string{"x", "", "12", "y", strings.Repeat("v", 500)}),
		Checked: p.next()%2 == 0, Key: p.pick([]string{"Enter", "Escape", "ArrowDown", "a"})})
}

func fuzzRenderLimits(instances, depth, rows, text, surface int) catalog.Limits {
	return catalog.Limits{MaxInstances: instances, MaxDepth: depth, MaxTemplateItems: rows, MaxTextBytes: text, MaxSurfaceBytes: surface}
}

func modelLimits() model.Options {
	return model.Options{MaxComponents: 64, MaxDataNodes: 2000, MaxValueDepth: 6, MaxPathSegments: 8, MaxPathBytes: 64,
		MaxKeyBytes: 16, MaxStringBytes: 4096, MaxEntries: 16, MaxArrayLen: 64, MaxIndexGap: 8}
}
