package protocol

import (
	"strings"
	"testing"
)

// BenchmarkAppendString: a data model's long plain strings dominate dataModel() and
// sendDataModel encoding.
func BenchmarkAppendString(b *testing.B) {
	s := strings.Repeat("Item number 42 with a note, ", 20)
	b.SetBytes(int64(len(s)))
	var buf []byte
	for i := 0; i < b.N; i++ {
		buf = appendString(buf[:0], s)
	}
}
