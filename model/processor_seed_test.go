package model

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

func applyLines(t *testing.T, p *Processor, lines ...string) {
	t.Helper()
	d := protocol.NewDecoder()
	for _, l := range lines {
		msgs, errs := d.Decode([]byte(l))
		if len(errs) > 0 {
			t.Fatalf("decode %s: %v", l, errs[0])
		}
		for _, m := range msgs {
			if err := p.Apply(m); err != nil {
				t.Fatalf("apply %s: %v", l, err)
			}
		}
	}
}

func dataJSON(t *testing.T, s *Surface) string {
	b, err := json.Marshal(s.Data)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestV08PathLiteralSeedsInMessageOrder(t *testing.T) {
	begin := `{"beginRendering":{"surfaceId":"s","root":"root"}}`
	comps := `{"surfaceUpdate":{"surfaceId":"s","components":[{"id":"root","component":{"Column":{"children":{"explicitList":["t","list"]}}}},{"id":"t","component":{"Text":{"text":{"path":"/query","literalString":"Restaurants near you"}}}},{"id":"list","component":{"List":{"children":{"template":{"componentId":"row","dataBinding":"/items"}}}}},{"id":"row","component":{"Text":{"text":{"path":"/name","literalString":"unnamed"}}}}]}}`
	data := `{"dataModelUpdate":{"surfaceId":"s","path":"/","contents":[{"key":"query","valueString":"Seafood"}]}}`
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		// The template row's literal is not written at the root: rows seed themselves.
		{"literal then data", []string{begin, comps, data}, `{"query":"Seafood"}`},
		{"data then literal", []string{begin, data, comps}, `{"query":"Restaurants near you"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := NewProcessor(Options{})
			applyLines(t, p, c.lines...)
			s, _ := p.Surface("s")
			if got := dataJSON(t, s); got != c.want {
				t.Fatalf("data = %s, want %s", got, c.want)
			}
		})
	}
	// Re-sending the identical component does not overwrite a user edit.
	p := NewProcessor(Options{})
	applyLines(t, p, begin, comps)
	s, _ := p.Surface("s")
	if err := s.Data.Set(MustPointer("/query"), "typed"); err != nil {
		t.Fatal(err)
	}
	applyLines(t, p, comps)
	if got := dataJSON(t, s); got != `{"query":"typed"}` {
		t.Fatalf("re-sent component clobbered input: %s", got)
	}
}
