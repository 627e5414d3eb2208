package protocol

import "testing"

func TestEncodeCallAgentFunction(t *testing.T) {
	got := string(EncodeCallAgentFunction(V10, "s1", "c-7", "lookupAddress", map[string]any{"zip": "10115", "n": 2.0}, "https://example.com/catalog.json"))
	want := `{"callAgentFunction":{"callFunction":{"args":{"n":2,"zip":"10115"},"call":"lookupAddress","catalogId":"https://example.com/catalog.json"},"functionCallId":"c-7","surfaceId":"s1"},"version":"v1.0"}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	if b := EncodeCallAgentFunction(V09, "s1", "c", "f", nil, ""); b != nil {
		t.Fatalf("v0.9 has no callAgentFunction: %s", b)
	}
	if got := string(EncodeCallAgentFunction(V10, "s", "c", "f", nil, "")); got != `{"callAgentFunction":{"callFunction":{"args":{},"call":"f"},"functionCallId":"c","surfaceId":"s"},"version":"v1.0"}` {
		t.Fatalf("empty args: %s", got)
	}
}

func TestEncodeActionCarriesClientDataModel(t *testing.T) {
	got := string(EncodeAction(ActionEvent{Version: V09, Name: "go", SurfaceID: "s", SourceComponentID: "b",
		Timestamp: "2026-11-22T10:00:00.000Z", DataModel: map[string]any{"x": 1.0}}))
	want := `{"action":{"context":{},"name":"go","sourceComponentId":"b","surfaceId":"s","timestamp":"2026-11-22T10:00:00.000Z"},"metadata":{"a2uiClientDataModel":{"surfaces":{"s":{"x":1}},"version":"v0.9"}},"version":"v0.9"}`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
