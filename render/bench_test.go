package render

import (
	"strconv"
	"strings"
	"testing"
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
