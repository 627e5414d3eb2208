package model

import (
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

// rowsValue is a 1000-row array of objects whose keys are not in sorted order (so every
// row carries a key-order record: the worst case of order.go).
func rowsValue(n int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"name":"row ` + strconv.Itoa(i) + `","qty":` + strconv.Itoa(i) + `,"id":"r` + strconv.Itoa(i) + `"}`)
	}
	b.WriteByte(']')
	return b.String()
}

// BenchmarkUpdateRows1000 applies one updateDataModel replacing 1000 unsorted-key rows.
func BenchmarkUpdateRows1000(b *testing.B) {
	p := NewProcessor(Options{})
	if err := p.Apply(create(protocol.V10, "s")); err != nil {
		b.Fatal(err)
	}
	m := data(protocol.V10, "s", "/rows", rowsValue(1000))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := p.Apply(m); err != nil {
			b.Fatal(err)
		}
	}
}
