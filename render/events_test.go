package render

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// TestEventDetailsAreJSON: the details of a2ui-surface and a2ui-action-failed are JSON
// whatever the agent's ids and the error hold (control characters, DEL, invalid UTF-8,
// U+2028), so the page gets an object, not the string its JSON.parse failed on.
func TestEventDetailsAreJSON(t *testing.T) {
	for _, id := range []string{"plain", "a\x01b", "a\x7fb", "a\u2028b", "quote\"back\\slash", "é"} {
		name, _ := json.Marshal(id)
		t.Run(string(name), func(t *testing.T) {
			h := newFakeHost(t)
			r := New(h, Options{Now: time.Now})
			defer r.Destroy()
			line, _ := json.Marshal(map[string]any{"version": "v0.9", "createSurface": map[string]any{
				"surfaceId": id, "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}})
			r.Process(append(line, '\n'))
			r.Frame()
			events := h.ofType("a2ui-surface")
			if len(events) != 1 {
				t.Fatalf("a2ui-surface events = %q, want one", events)
			}
			var got struct{ SurfaceID, Event string }
			if err := json.Unmarshal([]byte(events[0]), &got); err != nil {
				t.Fatalf("a2ui-surface detail %q: %v", events[0], err)
			}
			if got.SurfaceID != id || got.Event != "created" {
				t.Errorf("detail = %+v, want surfaceId %q, event created", got, id)
			}
		})
	}
	detail := actionFailed("s\x01", &flight{id: "a\x7f", body: []byte(`{"name":"go"}`)}, errors.New("HTTP 500: \x00bad\xff"))
	var got struct {
		SurfaceID, ActionID, Message string
		Action                       map[string]any
	}
	if err := json.Unmarshal(detail, &got); err != nil {
		t.Fatalf("a2ui-action-failed detail %q: %v", detail, err)
	}
	if got.SurfaceID != "s\x01" || got.ActionID != "a\x7f" || got.Message != "HTTP 500: \x00bad\uFFFD" || got.Action["name"] != "go" {
		t.Errorf("a2ui-action-failed detail = %+v", got)
	}
}

// TestStreamEventDetailsAreJSON: a2ui-stream details stay JSON when the server's event id
// and the connection's error hold control characters or invalid UTF-8.
func TestStreamEventDetailsAreJSON(t *testing.T) {
	r, h, _ := newResumeRenderer(t)
	tr := &scriptedTransport{}
	r.Connect(tr, Request{URL: "/sse", Resume: true})
	s := tr.respond("text/event-stream")
	s.Write([]byte("id: e\x1b[1m\x7f1\ndata: " + seqMsg(0) + "\n\n"))
	s.Close(errors.New("drop")) // resumable: reconnecting, with the last event id
	r.Connect(tr, Request{URL: "/once"})
	tr.respond("application/jsonl").Close(errors.New("drop\x01\xff")) // not resumable: failed, with the error
	var got []struct{ State, LastEventID, Error string }
	for _, d := range h.ofType("a2ui-stream") {
		var e struct{ State, LastEventID, Error string }
		if err := json.Unmarshal([]byte(d), &e); err != nil {
			t.Fatalf("a2ui-stream detail %q: %v", d, err)
		}
		got = append(got, e)
	}
	var reconnecting, failed bool
	for _, e := range got {
		reconnecting = reconnecting || e.State == "reconnecting" && e.LastEventID == "e\x1b[1m\x7f1"
		failed = failed || e.State == "failed" && e.Error == "drop\x01\uFFFD"
	}
	if !reconnecting || !failed {
		t.Errorf("a2ui-stream details = %+v, want a reconnecting one with the event id and a failed one with the error", got)
	}
}
