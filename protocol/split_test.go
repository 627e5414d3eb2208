package protocol

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// splitAll feeds chunks to a fresh Splitter and returns lines and error messages.
func splitAll(max int, chunks ...string) (lines []string, errs []string) {
	s := NewSplitter(max)
	emit := func(l []byte) { lines = append(lines, string(l)) }
	for _, c := range chunks {
		for _, e := range s.Write([]byte(c), emit) {
			errs = append(errs, e.Code+": "+e.Message)
		}
	}
	for _, e := range s.Close(emit) {
		errs = append(errs, e.Code+": "+e.Message)
	}
	return lines, errs
}

func TestSplitter(t *testing.T) {
	tests := []struct {
		name   string
		max    int
		chunks []string
		lines  []string
		errs   []string
	}{
		{"several lines per chunk", 0, []string{"{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n"}, []string{`{"a":1}`, `{"b":2}`, `{"c":3}`}, nil},
		{"line split across chunks", 0, []string{`{"a":`, `1}`, "\n{\"b\"", ":2}\n"}, []string{`{"a":1}`, `{"b":2}`}, nil},
		{"CRLF", 0, []string{"one\r\ntwo\r", "\nthree\r\n"}, []string{"one", "two", "three"}, nil},
		{"blank and whitespace lines skipped", 0, []string{"\n\n  \t\r\nx\n\r\n"}, []string{"x"}, nil},
		{"last line without newline via Close", 0, []string{"a\nb"}, []string{"a", "b"}, nil},
		{"last line CR stripped at Close", 0, []string{"a\r"}, []string{"a"}, nil},
		{"lone CR is not a terminator", 0, []string{"a\rb\n"}, []string{"a\rb"}, nil},
		{"BOM dropped", 0, []string{"\xEF\xBB", "\xBFx\n"}, []string{"x"}, nil},
		{"BOM only at stream start", 0, []string{"x\n\xEF\xBB\xBFy\n"}, []string{"x", "\xEF\xBB\xBFy"}, nil},
		{"exactly at cap", 5, []string{"12345\n12345\r\n"}, []string{"12345", "12345"}, nil},
		{"over cap in one chunk", 5, []string{"123456\nok\n"}, []string{"ok"}, []string{"LINE_TOO_LONG: line 1 exceeds 5 bytes; skipped"}},
		{"over cap across chunks, discarded to newline", 5, []string{"abc", "defgh", "ijklmnop", "qr\nok\n"}, []string{"ok"}, []string{"LINE_TOO_LONG: line 1 exceeds 5 bytes; skipped"}},
		{"over cap at Close", 5, []string{"ok\n123456"}, []string{"ok"}, []string{"LINE_TOO_LONG: line 2 exceeds 5 bytes; skipped"}},
		{"cap plus CR is still too long", 5, []string{"123456\r\nok"}, []string{"ok"}, []string{"LINE_TOO_LONG: line 1 exceeds 5 bytes; skipped"}},
		{"two long lines", 3, []string{"aaaa\nb\ncccc\n"}, []string{"b"}, []string{"LINE_TOO_LONG: line 1 exceeds 3 bytes; skipped", "LINE_TOO_LONG: line 3 exceeds 3 bytes; skipped"}},
		{"empty input", 0, nil, nil, nil},
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

// TestSplitterBoundedMemory: a 64 MiB line never makes the buffer grow past the cap.
func TestSplitterBoundedMemory(t *testing.T) {
	s := NewSplitter(1024)
	chunk := bytes.Repeat([]byte("x"), 64*1024)
	var got []string
	emit := func(l []byte) { got = append(got, string(l)) }
	var errs []*Error
	for i := 0; i < 1024; i++ {
		errs = append(errs, s.Write(chunk, emit)...)
		if cap(s.lb.buf) > 2048 {
			t.Fatalf("buffer grew to %d bytes", cap(s.lb.buf))
		}
	}
	errs = append(errs, s.Write([]byte("\n{\"ok\":1}\n"), emit)...)
	if len(errs) != 1 || errs[0].Code != CodeLineTooLong {
		t.Fatalf("errs = %v", errs)
	}
	if len(got) != 1 || got[0] != `{"ok":1}` {
		t.Fatalf("lines = %q", got)
	}
}

// TestSplitterReuse: Close resets the splitter for a new stream.
func TestSplitterReuse(t *testing.T) {
	s := NewSplitter(4)
	var got []string
	emit := func(l []byte) { got = append(got, string(l)) }
	s.Write([]byte("toolong"), emit)
	s.Close(emit)
	s.Write([]byte("ok\n"), emit)
	if len(got) != 1 || got[0] != "ok" {
		t.Fatalf("got %q", got)
	}
}

type sseOut struct{ event, id, data string }

func sseAll(max int, chunks ...string) (evs []sseOut, errs []string, p *SSEParser) {
	p = NewSSEParser(max)
	emit := func(ev *SSEEvent) { evs = append(evs, sseOut{ev.Event, ev.ID, string(ev.Data)}) }
	for _, c := range chunks {
		for _, e := range p.Write([]byte(c), emit) {
			errs = append(errs, e.Code+": "+e.Message)
		}
	}
	for _, e := range p.Close(emit) {
		errs = append(errs, e.Code+": "+e.Message)
	}
	return evs, errs, p
}

func TestSSEParser(t *testing.T) {
	tests := []struct {
		name   string
		max    int
		chunks []string
		want   []sseOut
		errs   []string
	}{
		{"simple", 0, []string{"data: {\"a\":1}\n\n"}, []sseOut{{"message", "", `{"a":1}`}}, nil},
		{"event, id, multi-line data", 0, []string{"event: a2ui\nid: 7\ndata: {\"a\":\ndata: 1}\n\n"}, []sseOut{{"a2ui", "7", "{\"a\":\n1}"}}, nil},
		{"comments ignored, no space after colon", 0, []string{": keep-alive\n\ndata:x\n:comment\n\n"}, []sseOut{{"message", "", "x"}}, nil},
		{"CRLF and lone CR", 0, []string{"data: a\r\n\r\ndata: b\r\rdata: c\r", "\n\r\n"}, []sseOut{{"message", "", "a"}, {"message", "", "b"}, {"message", "", "c"}}, nil},
		{"split everywhere", 0, []string{"da", "ta: he", "llo\n", "\n"}, []sseOut{{"message", "", "hello"}}, nil},
		{"id persists, event resets", 0, []string{"event: x\nid: 1\ndata: a\n\ndata: b\n\n"}, []sseOut{{"x", "1", "a"}, {"message", "1", "b"}}, nil},
		{"no data, no event", 0, []string{"event: ping\n\n"}, nil, nil},
		{"empty data line counts", 0, []string{"data\n\n"}, []sseOut{{"message", "", ""}}, nil},
		{"field without colon, unknown fields", 0, []string{"foo: bar\ndata: z\nretry: 50\n\n"}, []sseOut{{"message", "", "z"}}, nil},
		{"unterminated event discarded at Close", 0, []string{"data: ok\n\ndata: partial"}, []sseOut{{"message", "", "ok"}}, []string{"STREAM_FAILED: stream ended inside an event; 7 bytes of data discarded"}},
		{"over-long data event skipped", 8, []string{"data: 12345\ndata: 6789\n\ndata: ok\n\n"}, []sseOut{{"message", "", "ok"}}, []string{"LINE_TOO_LONG: event data before line 2 exceeds 8 bytes; event skipped"}},
		{"over-long field line skips its event", 8, []string{"data: a\ndata: " + strings.Repeat("0123456789", 8) + "\ndata: b\n\ndata: ok\n\n"}, []sseOut{{"message", "", "ok"}}, []string{"LINE_TOO_LONG: line 2 exceeds 72 bytes; skipped"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, errs, _ := sseAll(tt.max, tt.chunks...)
			if len(evs) != len(tt.want) {
				t.Fatalf("events = %q, want %q", evs, tt.want)
			}
			for i := range evs {
				if evs[i] != tt.want[i] {
					t.Errorf("event %d = %q, want %q", i, evs[i], tt.want[i])
				}
			}
			if strings.Join(errs, "|") != strings.Join(tt.errs, "|") {
				t.Errorf("errs = %q, want %q", errs, tt.errs)
			}
		})
	}
	_, _, p := sseAll(0, "id: abc\nretry: 1500\ndata: x\n\n")
	if p.LastEventID() != "abc" || p.retry != 1500 {
		t.Errorf("LastEventID %q retry %d", p.LastEventID(), p.retry)
	}
}

// TestSSEYieldsSameMessages: the same A2UI stream carried as JSONL and as SSE decodes to
// the same messages.
func TestSSEYieldsSameMessages(t *testing.T) {
	jsonl := "{\"version\":\"v0.9\",\"createSurface\":{\"surfaceId\":\"s\",\"catalogId\":\"c\"}}\n" +
		"{\"version\":\"v0.9\",\"updateComponents\":{\"surfaceId\":\"s\",\"components\":[{\"id\":\"root\",\"component\":\"Text\",\"text\":\"hi\"}]}}\n"
	sse := "event: a2ui\r\ndata: {\"version\":\"v0.9\",\"createSurface\":{\"surfaceId\":\"s\",\r\ndata: \"catalogId\":\"c\"}}\r\n\r\n" +
		": ping\r\n\r\n" +
		"data: {\"version\":\"v0.9\",\"updateComponents\":{\"surfaceId\":\"s\",\"components\":[{\"id\":\"root\",\"component\":\"Text\",\"text\":\"hi\"}]}}\r\n\r\n"
	want := marshalGolden(t, runStream([]byte(jsonl), 0))
	var got []any
	d := NewDecoder()
	p := NewSSEParser(0)
	emit := func(ev *SSEEvent) {
		msgs, errs := d.Decode(ev.Data)
		for _, e := range errs {
			t.Error(e)
		}
		for _, m := range msgs {
			got = append(got, describe(m))
		}
	}
	for i := 0; i < len(sse); i += 5 {
		p.Write([]byte(sse[i:min(i+5, len(sse))]), emit)
	}
	p.Close(emit)
	if g := marshalGolden(t, got); !bytes.Equal(g, want) {
		t.Errorf("SSE gave\n%s\nJSONL gave\n%s", g, want)
	}
}

// TestSSELastEventID: the id sent on reconnection is that of the last complete event.
// An id field inside an event the drop cut off is not committed; an event without
// data still commits its id (EventSource); ids and retry survive Close for the next
// connection, and OwnID tells an event's own id from an inherited one.
func TestSSELastEventID(t *testing.T) {
	tests := []struct {
		name   string
		chunks []string
		lastID string
		retry  int
		own    []bool
	}{
		{"complete events", []string{"id: 1\ndata: a\n\nid: 2\ndata: b\n\n"}, "2", -1, []bool{true, true}},
		{"cut inside an event", []string{"id: 1\ndata: a\n\nid: 2\ndata: b"}, "1", -1, []bool{true}},
		{"cut after the id field", []string{"id: 1\ndata: a\n\nid: 2\n"}, "1", -1, []bool{true}},
		{"inherited id", []string{"id: 1\ndata: a\n\ndata: b\n\n"}, "1", -1, []bool{true, false}},
		{"data-less event commits its id", []string{"id: 1\ndata: a\n\nid: 5\n\n"}, "5", -1, []bool{true}},
		{"retry kept", []string{"retry: 250\nid: 3\ndata: a\n\n"}, "3", 250, []bool{true}},
		{"bad retry ignored", []string{"retry: 25x\ndata: a\n\n"}, "", -1, []bool{false}},
		{"id with NUL ignored", []string{"id: 1\ndata: a\n\nid: 2\x00\ndata: b\n\n"}, "1", -1, []bool{true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewSSEParser(0)
			var own []bool
			emit := func(ev *SSEEvent) { own = append(own, ev.OwnID) }
			for _, c := range tt.chunks {
				p.Write([]byte(c), emit)
			}
			p.Close(emit)
			if p.LastEventID() != tt.lastID {
				t.Errorf("LastEventID = %q, want %q", p.LastEventID(), tt.lastID)
			}
			if p.Retry() != tt.retry {
				t.Errorf("Retry = %d, want %d", p.Retry(), tt.retry)
			}
			if fmt.Sprint(own) != fmt.Sprint(tt.own) {
				t.Errorf("OwnID per event = %v, want %v", own, tt.own)
			}
			// The next connection continues from the committed id.
			var ids []string
			p.Write([]byte("data: next\n\n"), func(ev *SSEEvent) { ids = append(ids, ev.ID) })
			if len(ids) != 1 || ids[0] != tt.lastID {
				t.Errorf("next connection's event id = %q, want %q", ids, tt.lastID)
			}
		})
	}
}
