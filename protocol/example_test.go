package protocol_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/protocol"
)

func ExampleSplitter() {
	s := protocol.NewSplitter(0)
	emit := func(line []byte) { fmt.Printf("line: %s\n", line) }
	// Chunks arrive as the network delivers them: lines split anywhere, CRLF, blank lines.
	s.Write([]byte("{\"a\":1}\r\n\n{\"b\""), emit)
	s.Write([]byte(":2}\n{\"c\":3}"), emit)
	s.Close(emit) // flushes the last line, which has no newline
	// Output:
	// line: {"a":1}
	// line: {"b":2}
	// line: {"c":3}
}

func ExampleDecoder() {
	d := protocol.NewDecoder()
	msgs, errs := d.Decode([]byte(`{"surfaceUpdate":{"surfaceId":"s","components":[` +
		`{"id":"title","component":{"Text":{"text":{"literalString":"Hello"},"usageHint":"h1"}}},` +
		`{"id":"pick","component":{"MultipleChoice":{"selections":{"path":"/choice"},"options":[],"maxAllowedSelections":1}}}]}}`))
	for _, m := range msgs {
		u := m.(*protocol.UpdateComponents)
		fmt.Println(u.Ver(), u.SurfaceID)
		for _, c := range u.Components {
			fmt.Printf("%s %s text=%s variant=%s value=%s\n", c.ID, c.Type, c.Props["text"], c.Props["variant"], c.Props["value"])
		}
	}
	_, errs = d.Decode([]byte(`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":7,"component":"Text"}]}}`))
	fmt.Println(errs[0])
	// Output:
	// v0.8 s
	// title Text text="Hello" variant="h1" value=
	// pick ChoicePicker text= variant="mutuallyExclusive" value={"path":"/choice"}
	// VALIDATION_FAILED [s] at /updateComponents/components/0/id: "id" must be a string, got number
}

func ExampleSSEParser() {
	p := protocol.NewSSEParser(0)
	d := protocol.NewDecoder()
	p.Write([]byte("event: a2ui\ndata: {\"version\":\"v0.9\",\ndata: \"deleteSurface\":{\"surfaceId\":\"s\"}}\n\n"), func(ev *protocol.SSEEvent) {
		msgs, _ := d.Decode(ev.Data)
		fmt.Println(ev.Event, msgs[0].Ver(), msgs[0].Surface())
	})
	// Output:
	// a2ui v0.9 s
}

func ExampleEncodeAction() {
	fmt.Printf("%s\n", protocol.EncodeAction(protocol.ActionEvent{
		Version: protocol.V09, Name: "book", SurfaceID: "s", SourceComponentID: "btn",
		Timestamp: "2026-01-15T12:00:00Z", Context: map[string]any{"guests": 2, "day": "Fri"},
	}))
	// Output:
	// {"action":{"context":{"day":"Fri","guests":2},"name":"book","sourceComponentId":"btn","surfaceId":"s","timestamp":"2026-01-15T12:00:00Z"},"version":"v0.9"}
}

func ExampleEscapeToken() {
	// A component id or data key becomes one JSON Pointer token of an error's path.
	fmt.Println("/components/" + protocol.EscapeToken("a/b~c"))
	// Output: /components/a~1b~0c
}

func ExampleAppendJSONOrdered() {
	v := map[string]any{"b": 1, "a": map[string]any{"y": true, "x": nil}}
	order := map[string][]string{"root": {"b", "a"}}
	keys := func(m map[string]any) []string {
		if _, ok := m["b"]; ok {
			return order["root"]
		}
		return nil // sorted
	}
	fmt.Println(string(protocol.AppendJSONOrdered(nil, v, keys)))
	// Output: {"b":1,"a":{"x":null,"y":true}}
}
