package render

import (
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

func rowsStream(n int) string {
	var b strings.Builder
	b.WriteString(`{"version":"v0.9","createSurface":{"surfaceId":"t","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"t","components":[{"id":"root","component":"List","children":{"componentId":"row","path":"/rows"}},{"id":"row","component":"Row","children":["name","qty"]},{"id":"name","component":"Text","text":{"path":"name"}},{"id":"qty","component":"Text","text":{"path":"qty"}}]}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateDataModel":{"surfaceId":"t","path":"/rows","value":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"row ` + strconv.Itoa(i) + `","qty":` + strconv.Itoa(i) + `}`)
	}
	b.WriteString("]}}\n")
	return b.String()
}

// BenchmarkOneRowUpdate1000 measures one updateDataModel changing one row of a 1000-row
// template, through the whole pipeline (decode, apply, build, diff, patch into memdom).
func BenchmarkOneRowUpdate1000(b *testing.B) {
	t := &testing.T{}
	r, h := newRenderer(t)
	r.Process([]byte(rowsStream(1000)))
	r.Frame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"t","path":"/rows/500/name","value":"changed ` + strconv.Itoa(i) + `"}}`))
		h.doc.ResetStats()
		r.Frame()
	}
	b.ReportMetric(float64(h.doc.Stats.Touches()), "dom-touches")
}

// BenchmarkBulk1000 measures mounting a 1000-row surface from one message.
func BenchmarkBulk1000(b *testing.B) {
	s := []byte(rowsStream(1000))
	for i := 0; i < b.N; i++ {
		r, _ := newRenderer(&testing.T{})
		r.Process(s)
		r.Frame()
	}
}

func textsMessages(n int) (head string, texts []string) {
	var b strings.Builder
	b.WriteString(`{"version":"v0.9","createSurface":{"surfaceId":"b","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"root","component":"Column","children":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"t` + strconv.Itoa(i) + `"`)
	}
	b.WriteString("]}]}}\n")
	for i := 0; i < n; i++ {
		texts = append(texts, `{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[{"id":"t`+strconv.Itoa(i)+`","component":"Text","text":"Item `+strconv.Itoa(i)+`"}]}}`)
	}
	return b.String(), texts
}

func benchStream(b *testing.B, n, perFrame int) {
	head, texts := textsMessages(n)
	for i := 0; i < b.N; i++ {
		r, _ := newRenderer(&testing.T{})
		r.Process([]byte(head))
		r.Frame()
		for j, m := range texts {
			r.Process([]byte(m))
			if j%perFrame == perFrame-1 {
				r.Frame()
			}
		}
		r.Frame()
	}
}

// BenchmarkStream1000 streams 1000 Texts one per message, a frame every 4 messages.
func BenchmarkStream1000(b *testing.B) { benchStream(b, 1000, 4) }

// BenchmarkStream10000 streams 10000 Texts one per message, a frame every 40 messages.
func BenchmarkStream10000(b *testing.B) { benchStream(b, 10000, 40) }

func benchBulkTexts(b *testing.B, n int) {
	head, texts := textsMessages(n)
	var all strings.Builder
	all.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"b","components":[`)
	for i, m := range texts {
		if i > 0 {
			all.WriteByte(',')
		}
		c := m[strings.Index(m, `[{`)+1 : strings.LastIndex(m, `]`)]
		all.WriteString(c)
	}
	all.WriteString("]}}")
	for i := 0; i < b.N; i++ {
		r, _ := newRenderer(&testing.T{})
		r.Process([]byte(head))
		r.Process([]byte(all.String()))
		r.Frame()
	}
}

func BenchmarkBulkTexts1000(b *testing.B) { benchBulkTexts(b, 1000) }
func BenchmarkBulkTexts5000(b *testing.B) { benchBulkTexts(b, 5000) }

// BenchmarkTypingLogin measures one keystroke into the login form's name field (bound to
// /user/name, shown by a Text): dispatch, model update, the same-task frame and the patch.
func BenchmarkTypingLogin(b *testing.B) {
	t := &testing.T{}
	r, h := newRenderer(t)
	r.Process([]byte(loginV09))
	r.Frame()
	input := findNode(h, "s1", func(n *memdom.Node) bool { return n.Tag == "input" })
	if input == nil {
		b.Fatal("no input")
	}
	value := ""
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		value += "a"
		if len(value) > 50 {
			value = "a"
		}
		h.doc.ResetStats()
		r.Dispatch("s1", dom.Event{Node: input.ID, Type: "input", Value: value})
	}
	b.ReportMetric(float64(h.doc.Stats.Touches()), "dom-touches")
}

// bigLines are the two single lines of TestMainThreadBudget (tests/browser): a 5 MB
// updateDataModel of 9,000 rows and a 5 MB updateComponents of 9,000 Texts.
func bigLines() (data, comps string) {
	const create = `{"version":"v0.9","createSurface":{"surfaceId":"%s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}` + "\n"
	pad := strings.Repeat("x", 500)
	var b strings.Builder
	b.WriteString(strings.Replace(create, "%s", "data", 1))
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"data","components":[{"id":"root","component":"Text","text":{"path":"/title"}}]}}` + "\n")
	b.WriteString(`{"version":"v0.9","updateDataModel":{"surfaceId":"data","value":{"rows":[`)
	for i := 0; i < 9000; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		n := strconv.Itoa(i)
		b.WriteString(`{"id":"row-` + n + `","name":"Item ` + n + `","note":"` + pad + `"}`)
	}
	b.WriteString(`],"title":"data done"}}}` + "\n")
	data = b.String()
	b.Reset()
	b.WriteString(strings.Replace(create, "%s", "comps", 1))
	b.WriteString(`{"version":"v0.9","updateComponents":{"surfaceId":"comps","components":[{"id":"root","component":"Column","children":["t0","t1","t2"]}`)
	for i := 0; i < 9000; i++ {
		txt := pad
		if i < 3 {
			txt = "comps done " + pad
		}
		b.WriteString(`,{"id":"t` + strconv.Itoa(i) + `","component":"Text","text":"` + txt + `"}`)
	}
	b.WriteString("]}}\n")
	return data, b.String()
}

func benchBigLine(b *testing.B, comps bool) {
	data, cs := bigLines()
	s := []byte(data)
	if comps {
		s = []byte(cs)
	}
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		h := newFakeHost(&testing.T{})
		r := New(h, Options{MaxLine: 8 << 20})
		r.Process(s)
		r.Frame()
		if id := map[bool]string{false: "data", true: "comps"}[comps]; !strings.Contains(h.text(id), id+" done") {
			b.Fatalf("surface %s: %q", id, h.text(id))
		}
	}
}

// BenchmarkBigDataLine: one 5 MB updateDataModel line, decoded, applied and rendered.
func BenchmarkBigDataLine(b *testing.B) { benchBigLine(b, false) }

// BenchmarkBigCompsLine: one 5 MB updateComponents line (9,000 Texts, 3 shown).
func BenchmarkBigCompsLine(b *testing.B) { benchBigLine(b, true) }
