package render

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestStreamReadsOfficialExampleFiles streams each official example file as it is on
// disk (a pretty-printed {"name", "description", "messages": […]} document), cut into
// small chunks, as src or connect() would: the stream detects the JSON document, and the
// result equals processing the file's messages one by one, with no error.
func TestStreamReadsOfficialExampleFiles(t *testing.T) {
	for _, f := range officialExamples(t) {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var ex struct {
				Messages []json.RawMessage `json:"messages"`
			}
			if err := json.Unmarshal(b, &ex); err != nil {
				t.Fatal(err)
			}
			want, wh := newRenderer(t)
			for _, m := range ex.Messages {
				want.Process(m)
			}
			want.Frame()

			r, h := newRenderer(t)
			st := r.NewStream(JSONL)
			for i := 0; i < len(b); i += 61 {
				st.Write(b[i:min(i+61, len(b))])
			}
			st.Close(nil)
			r.Frame()
			if errs := h.ofType("a2ui-error"); len(errs) != 0 {
				t.Fatalf("errors: %v", errs)
			}
			if st.Messages() != len(ex.Messages) {
				t.Errorf("the stream delivered %d messages, the file has %d", st.Messages(), len(ex.Messages))
			}
			ids := r.Surfaces()
			if len(ids) == 0 || len(ids) != len(want.Surfaces()) {
				t.Fatalf("surfaces %v, want %v", ids, want.Surfaces())
			}
			for _, id := range ids {
				got, exp := h.doc.Host(id), wh.doc.Host(id)
				if got == nil || exp == nil || got.HTML() != exp.HTML() {
					t.Errorf("surface %s differs from processing the messages one by one", id)
				}
			}
		})
	}
}
