package protocol

import (
	"strings"
	"testing"
)

func TestSplitterDocument(t *testing.T) {
	pretty := "{\n  \"version\": \"v0.9\",\n  \"deleteSurface\": {\"surfaceId\": \"a\"}\n}\n"
	tests := []struct {
		name   string
		max    int
		chunks []string
		lines  []string
		errs   []string
	}{
		{"one pretty-printed message", 0, []string{pretty}, []string{strings.TrimSpace(pretty)}, nil},
		{"pretty message, split anywhere", 0, strings.SplitAfter(pretty, "\""), []string{strings.TrimSpace(pretty)}, nil},
		{"byte by byte, after a BOM and blank lines", 0, strings.Split("\xEF\xBB\xBF\n\n"+pretty, ""), []string{strings.TrimSpace(pretty)}, nil},
		{"pretty array: its elements", 0, []string{"[\n  {\"a\": 1},\n  {\"b\": [1, 2]}\n]\n"}, []string{`{"a": 1}`, `{"b": [1, 2]}`}, nil},
		{"array opened on the first element's line", 0, []string{"[{\"a\": 1},\n {\"b\": \"]}\"}]"}, []string{`{"a": 1}`, `{"b": "]}"}`}, nil},
		{"object with its first member on the first line", 0, []string{"{\"version\": \"v0.9\",\n \"x\": {}}"}, []string{"{\"version\": \"v0.9\",\n \"x\": {}}"}, nil},
		{"an example file is one value", 0, []string{"{\n \"name\": \"Card\",\n \"messages\": [\n  {\"a\": \"{[\\\"\"}\n ]\n}\n"},
			[]string{"{\n \"name\": \"Card\",\n \"messages\": [\n  {\"a\": \"{[\\\"\"}\n ]\n}"}, nil},
		{"several top-level values", 0, []string{"{\n\"a\":1}\n{\"b\":2} [\n{\"c\":3}\n]"}, []string{"{\n\"a\":1}", `{"b":2}`, `{"c":3}`}, nil},
		{"stray text is emitted for the decoder", 0, []string{"{\n\"a\":1} oops, }\n{\"b\":2}"}, []string{"{\n\"a\":1}", "oops", ",", "}", `{"b":2}`}, nil},
		{"a string value", 0, []string{"[\n\"x\\\"y\", 12]"}, []string{`"x\"y"`, "12"}, nil},
		{"over-long value skipped, the next one read", 10, []string{"[\n{\"a\": \"0123456789\"},\n{\"b\": 2}\n]"}, []string{`{"b": 2}`},
			[]string{"LINE_TOO_LONG: JSON value 1 exceeds 10 bytes; skipped"}},
		{"unfinished value at the end", 0, []string{"[\n{\"a\": 1},\n{\"b\": "}, []string{`{"a": 1}`, `{"b": `},
			[]string{"VALIDATION_FAILED: the JSON document ended inside its top-level array"}},
		// Still JSON Lines:
		{"JSONL stays JSONL", 0, []string{"{\"a\":1}\n{\"b\":\n"}, []string{`{"a":1}`, `{"b":`}, nil},
		{"a truncated first line that does not end at { [ ,", 0, []string{"{\"a\":\"x\n{\"b\":2}\n"}, []string{`{"a":"x`, `{"b":2}`}, nil},
		{"a brace inside a string does not open", 0, []string{"{\"a\":\"{\"}\n"}, []string{`{"a":"{"}`}, nil},
		{"first line alone, no newline", 0, []string{"{"}, []string{"{"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines, errs := splitAll(tt.max, tt.chunks...)
			if strings.Join(lines, "|") != strings.Join(tt.lines, "|") || len(lines) != len(tt.lines) {
				t.Errorf("lines = %q, want %q", lines, tt.lines)
			}
			if strings.Join(errs, "|") != strings.Join(tt.errs, "|") {
				t.Errorf("errs = %q, want %q", errs, tt.errs)
			}
		})
	}
}

// A Splitter reads a new stream after Close, choosing its framing again.
func TestSplitterDecidesPerStream(t *testing.T) {
	s := NewSplitter(0)
	var got []string
	emit := func(l []byte) { got = append(got, string(l)) }
	s.Write([]byte("[\n{\"a\":1}\n]\n"), emit)
	s.Close(emit)
	s.Write([]byte("{\"b\":2}\n{\"c\":3}\n"), emit)
	s.Close(emit)
	if want := `{"a":1}|{"b":2}|{"c":3}`; strings.Join(got, "|") != want {
		t.Errorf("lines = %q, want %s", got, want)
	}
}

func TestOpensDocument(t *testing.T) {
	for line, want := range map[string]bool{
		"{": true, " [ ": true, "[{": true, `{"version": "v0.9",`: true, "{\"a\": {\r": true,
		`{"a":1}`: false, `{"a":`: false, `{"a":"{`: false, `{"a":"x",`: true, `"{"`: false, "": false, "x{": false,
		`{"a":"\"{`: false,
	} {
		if got := opensDocument([]byte(line)); got != want {
			t.Errorf("opensDocument(%q) = %v, want %v", line, got, want)
		}
	}
}
