package protocol

import (
	"bytes"
	"github.com/a2ui-go/a2ui/internal/fixtures"
	"os"
	"path/filepath"
	"testing"
)

// seedLines adds every line of the golden and sample streams to a fuzz corpus.
func seedLines(f *testing.F, add func([]byte)) {
	root := fixtures.RepoRoot(f)
	for _, glob := range []string{"testdata/*.jsonl", filepath.Join(root, "testdata/v08/*.jsonl"), filepath.Join(root, "testdata/draft/*.jsonl")} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			add(data)
			for _, l := range bytes.Split(data, []byte("\n")) {
				add(l)
			}
		}
	}
}

// FuzzSplitter: chunking never changes the lines (or the framing: JSONL or a JSON
// document), lines never exceed the cap nor, in JSONL, hold a newline, and every input
// byte is accounted for.
func FuzzSplitter(f *testing.F) {
	f.Add([]byte("a\nb\r\n\n c \nlast"), uint8(3), uint8(4))
	f.Add([]byte("\xEF\xBB\xBFx\n"), uint8(1), uint8(0))
	seedLines(f, func(b []byte) { f.Add(b, uint8(7), uint8(0)) })
	f.Fuzz(func(t *testing.T, data []byte, chunk, max uint8) {
		run := func(size int) ([]string, int) {
			s := NewSplitter(int(max))
			var lines []string
			emit := func(l []byte) {
				if s.doc == nil && bytes.IndexByte(l, '\n') >= 0 {
					t.Fatalf("line holds a newline: %q", l)
				}
				if max > 0 && len(l) > int(max) {
					t.Fatalf("line of %d bytes exceeds cap %d", len(l), max)
				}
				lines = append(lines, string(l))
			}
			n := 0
			for i := 0; i < len(data); i += size {
				n += len(s.Write(data[i:min(i+size, len(data))], emit))
			}
			n += len(s.Close(emit))
			return lines, n
		}
		whole, n1 := run(len(data) + 1)
		parts, n2 := run(int(chunk)%16 + 1)
		if n1 != n2 || len(whole) != len(parts) {
			t.Fatalf("chunking changed the result: %q (%d errs) vs %q (%d errs)", whole, n1, parts, n2)
		}
		for i := range whole {
			if whole[i] != parts[i] {
				t.Fatalf("line %d: %q vs %q", i, whole[i], parts[i])
			}
		}
	})
}

// FuzzSSE: chunking never changes the events.
func FuzzSSE(f *testing.F) {
	f.Add([]byte("event: a\nid: 1\ndata: x\ndata: y\n\n: c\r\ndata: z\r\r"), uint8(2), uint8(0))
	seedLines(f, func(b []byte) { f.Add(append([]byte("data: "), append(b, "\n\n"...)...), uint8(5), uint8(0)) })
	f.Fuzz(func(t *testing.T, data []byte, chunk, max uint8) {
		run := func(size int) ([]string, int) {
			p := NewSSEParser(int(max))
			var evs []string
			emit := func(ev *SSEEvent) {
				if max > 0 && len(ev.Data) > int(max) {
					t.Fatalf("event data of %d bytes exceeds cap %d", len(ev.Data), max)
				}
				evs = append(evs, ev.Event+"\x00"+ev.ID+"\x00"+string(ev.Data))
			}
			n := 0
			for i := 0; i < len(data); i += size {
				n += len(p.Write(data[i:min(i+size, len(data))], emit))
			}
			n += len(p.Close(emit))
			return evs, n
		}
		whole, n1 := run(len(data) + 1)
		parts, n2 := run(int(chunk)%16 + 1)
		if n1 != n2 || len(whole) != len(parts) {
			t.Fatalf("chunking changed the result: %q (%d) vs %q (%d)", whole, n1, parts, n2)
		}
		for i := range whole {
			if whole[i] != parts[i] {
				t.Fatalf("event %d: %q vs %q", i, whole[i], parts[i])
			}
		}
	})
}

// FuzzDecode: never panics; every message has a known version, every error is well formed.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"beginRendering":{"surfaceId":"s","root":"r"}}`,
		`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","component":{"Button":{"child":"l","action":{"name":"n","context":[{"key":"k","value":{"path":"/p"}}]}}}}]}}`,
		`{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"a","props":{"component":"Text","text":{"literalString":"x"}}}]}}`,
		`{"dataModelUpdate":{"surfaceId":"s","contents":[{"key":"a","valueMap":[{"key":"b","valueString":"[1]"}]}]}}`,
		`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c","theme":{}}}`,
		`{"version":"v0.10","functionCallId":"f","callFunction":{"call":"x","args":{}}}`,
		`{"version":"v1.0","createSurface":{"surfaceId":"s","components":[{"id":"root","component":"Text"}]}}`,
		`[{"version":"v0.9","deleteSurface":{"surfaceId":"s"}}]`,
		`{"messages":[{"deleteSurface":{"surfaceId":"s"}}]}`,
	} {
		f.Add([]byte(s))
	}
	seedLines(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, line []byte) {
		d := NewDecoder()
		for round := 0; round < 2; round++ {
			msgs, errs := d.Decode(line)
			for _, m := range msgs {
				if m == nil || m.Ver() == VersionUnknown {
					t.Fatalf("message without version: %#v", m)
				}
				if c, ok := m.(*UpdateComponents); ok {
					for _, comp := range c.Components {
						if comp.ID == "" || comp.Type == "" || comp.Props == nil {
							t.Fatalf("bad component %#v", comp)
						}
					}
				}
			}
			for _, e := range errs {
				if e == nil || e.Code == "" || e.Message == "" {
					t.Fatalf("bad error %#v", e)
				}
				if e.Path != "" && e.Path[0] != '/' {
					t.Fatalf("path %q is not a JSON Pointer", e.Path)
				}
			}
		}
	})
}
