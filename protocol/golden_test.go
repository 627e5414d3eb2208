package protocol

import (
	"bytes"
	"encoding/json"
	"flag"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// describe renders a normalized message as plain JSON for golden files.
func describe(m Message) map[string]any {
	out := map[string]any{"version": m.Ver().String()}
	if s := m.Surface(); s != "" {
		out["surfaceId"] = s
	}
	raw := func(r json.RawMessage) any {
		if r == nil {
			return nil
		}
		return r
	}
	switch m := m.(type) {
	case *CreateSurface:
		out["type"] = "CreateSurface"
		out["catalogId"] = m.CatalogID
		out["root"] = m.Root
		if m.Theme != nil {
			out["theme"] = raw(m.Theme)
		}
		if m.SendDataModel {
			out["sendDataModel"] = true
		}
		if m.Components != nil {
			out["components"] = describeComponents(m.Components)
		}
		if m.DataModel != nil {
			out["dataModel"] = raw(m.DataModel)
		}
		if m.Metadata != nil {
			out["metadata"] = raw(m.Metadata)
		}
	case *UpdateComponents:
		out["type"] = "UpdateComponents"
		out["components"] = describeComponents(m.Components)
	case *UpdateDataModel:
		out["type"] = "UpdateDataModel"
		out["path"] = m.Path
		if m.Value == nil {
			out["delete"] = true
		} else {
			out["value"] = raw(m.Value)
		}
	case *DeleteSurface:
		out["type"] = "DeleteSurface"
	case *ActionResponse:
		out["type"] = "ActionResponse"
		out["actionId"] = m.ActionID
		if m.Value != nil {
			out["value"] = raw(m.Value)
		}
		if m.Error != nil {
			out["error"] = map[string]any{"code": m.Error.Code, "message": m.Error.Message}
		}
	case *CallFunction:
		out["type"] = "CallFunction"
		out["functionCallId"] = m.FunctionCallID
		out["name"] = m.Name
		if m.Args != nil {
			out["args"] = m.Args
		}
		if m.CatalogID != "" {
			out["catalogId"] = m.CatalogID
		}
		if m.ReturnType != "" {
			out["returnType"] = m.ReturnType
		}
		if m.CallableFrom != "" {
			out["callableFrom"] = m.CallableFrom
		}
		out["wantResponse"] = m.WantResponse
	case *FunctionResponse:
		out["type"] = "FunctionResponse"
		out["functionCallId"] = m.FunctionCallID
		if m.Value != nil {
			out["value"] = raw(m.Value)
		}
		if m.Error != nil {
			out["error"] = map[string]any{"code": m.Error.Code, "message": m.Error.Message}
		}
	}
	return out
}

func describeComponents(cs []Component) []any {
	list := make([]any, len(cs))
	for i, c := range cs {
		list[i] = map[string]any{"id": c.ID, "type": c.Type, "props": c.Props}
	}
	return list
}

func describeError(e *Error) map[string]any {
	out := map[string]any{"code": e.Code, "message": e.Message}
	if e.SurfaceID != "" {
		out["surfaceId"] = e.SurfaceID
	}
	if e.Path != "" {
		out["path"] = e.Path
	}
	return map[string]any{"error": out}
}

// runStream feeds data through a Splitter and a Decoder in chunks of size chunk (0 = all
// at once) and returns the golden-file view of the result, in stream order.
func runStream(data []byte, chunk int) []any {
	var out []any
	s := NewSplitter(0)
	d := NewDecoder()
	emit := func(line []byte) {
		msgs, errs := d.Decode(line)
		for _, m := range msgs {
			out = append(out, describe(m))
		}
		for _, e := range errs {
			out = append(out, describeError(e))
		}
	}
	addErrs := func(errs []*Error) {
		for _, e := range errs {
			out = append(out, describeError(e))
		}
	}
	if chunk <= 0 {
		chunk = len(data) + 1
	}
	for len(data) > 0 {
		n := min(chunk, len(data))
		addErrs(s.Write(data[:n], emit))
		data = data[n:]
	}
	addErrs(s.Close(emit))
	return out
}

func marshalGolden(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// checkGolden compares got with the golden file, or rewrites it under -update.
func checkGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./protocol -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		_ = os.WriteFile(strings.TrimSuffix(golden, ".golden.json")+".got.json", got, 0o644)
		t.Errorf("%s differs from the decoded output (written next to it as .got.json)", golden)
	}
}

// TestGoldenStreams decodes protocol/testdata/*.jsonl (edge cases, errors included) and
// compares with *.golden.json; the result must not depend on how the bytes are chunked.
func TestGoldenStreams(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no testdata/*.jsonl")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := marshalGolden(t, runStream(data, 0))
			checkGolden(t, strings.TrimSuffix(file, ".jsonl")+".golden.json", got)
			for _, chunk := range []int{1, 7, 64} {
				if again := marshalGolden(t, runStream(data, chunk)); !bytes.Equal(again, got) {
					t.Errorf("chunk size %d changes the result", chunk)
				}
			}
		})
	}
}

// TestSampleStreams decodes the gallery streams testdata/{v08,draft}/*.jsonl at the repo
// root: zero errors, the expected version, and a golden of the normalized messages.
func TestSampleStreams(t *testing.T) {
	root := fixtures.RepoRoot(t)
	for dir, want := range map[string]Version{"v08": V08, "draft": V09Draft} {
		files, _ := filepath.Glob(filepath.Join(root, "testdata", dir, "*.jsonl"))
		if len(files) < 2 {
			t.Fatalf("expected sample streams in testdata/%s", dir)
		}
		for _, file := range files {
			name := dir + "/" + filepath.Base(file)
			t.Run(name, func(t *testing.T) {
				data, err := os.ReadFile(file)
				if err != nil {
					t.Fatal(err)
				}
				d := NewDecoder()
				s := NewSplitter(0)
				var all []any
				var n int
				emit := func(line []byte) {
					n++
					msgs, errs := d.Decode(line)
					for _, e := range errs {
						t.Errorf("line %d: %v", n, e)
					}
					if len(msgs) != 1 {
						t.Errorf("line %d: %d messages, want 1 (one message per line)", n, len(msgs))
					}
					for _, m := range msgs {
						if m.Ver() != want {
							t.Errorf("line %d: version %v, want %v", n, m.Ver(), want)
						}
						all = append(all, describe(m))
					}
				}
				for _, e := range append(s.Write(data, emit), s.Close(emit)...) {
					t.Error(e)
				}
				checkGolden(t, filepath.Join("testdata", dir, strings.TrimSuffix(filepath.Base(file), ".jsonl")+".golden.json"), marshalGolden(t, all))
			})
		}
	}
}

// TestSampleStreamCoverage: the v0.8 gallery streams use every standard component and
// every binding form, so the gallery exercises all of them.
func TestSampleStreamCoverage(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(fixtures.RepoRoot(t), "testdata", "v08", "*.jsonl"))
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, b...)
	}
	needles := []string{
		`{"Text":`, `{"Image":`, `{"Icon":`, `{"Video":`, `{"AudioPlayer":`, `{"Row":`, `{"Column":`, `{"List":`,
		`{"Card":`, `{"Tabs":`, `{"Divider":`, `{"Modal":`, `{"Button":`, `{"CheckBox":`, `{"TextField":`,
		`{"DateTimeInput":`, `{"MultipleChoice":`, `{"Slider":`,
		`{"literalString":`, `{"path":"/`, `{"path":"cuisine"}`, `"literalString":""}`, `"literalNumber":40}`, `"literalBoolean":false}`,
		`"literalArray":[`, `"explicitList":`, `"dataBinding":"/items"`, `"dataBinding":"/days"`, `"valueMap":[{"key":"r1","valueMap"`,
		`"valueString":" [{`, `"valueString":"{`, `{"key":".","valueString"`, `"path":"festival"`, `"deleteSurface"`, `"weight":`,
		`"dataBinding":"/items"}},"direction"`, `{"id":"item-name","component":{"Text":{"text":{"path":"/name"}`,
	}
	for _, n := range needles {
		if !bytes.Contains(all, []byte(n)) {
			t.Errorf("testdata/v08 streams never contain %s", n)
		}
	}
}
