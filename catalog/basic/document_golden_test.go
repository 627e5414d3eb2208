package basic

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

// TestDocumentGolden pins the basic catalog's definition document byte for byte (shown
// indented in testdata/document.<version>.golden.json; -update rewrites them): the
// schema fragments are written as JSON text, whose keys must stay in AppendJSON's order.
func TestDocumentGolden(t *testing.T) {
	for _, v := range []protocol.Version{protocol.V08, protocol.V09, protocol.V10} { // v0.10 = v0.9 but the catalog id
		t.Run(v.String(), func(t *testing.T) {
			doc, err := Catalog().Document(v)
			if err != nil {
				t.Fatal(err)
			}
			if re := protocol.AppendJSON(nil, json.RawMessage(doc)); !bytes.Equal(re, doc) {
				t.Errorf("the document is not in AppendJSON's form (compact, keys in order)")
			}
			var got bytes.Buffer
			if err := json.Indent(&got, doc, "", "  "); err != nil {
				t.Fatal(err)
			}
			got.WriteByte('\n')
			file := filepath.Join("testdata", "document."+v.String()+".golden.json")
			if *update {
				if err := os.WriteFile(file, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -run TestDocumentGolden -update)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s mismatch (go test -run TestDocumentGolden -update, then review the diff)", file)
			}
		})
	}
}
