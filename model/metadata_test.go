package model

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

// TestCreateSurfaceMetadata follows upstream's v1.0 conformance cases
// (message_processor_v1_0.yaml): metadata holds only "extensions", whose keys are Unicode
// identifiers. A bad one is reported at its pointer; the surface is created without it.
func TestCreateSurfaceMetadata(t *testing.T) {
	cases := []struct {
		name, meta string
		err        string // "" or "CODE path"
		kept       bool
	}{
		{"extensions", `{"extensions":{"a2ui_experimental":{"streaming":true}}}`, "", true},
		{"empty", `{}`, "", true},
		{"unicode identifier keys", `{"extensions":{"_x":1,"café":2,"Ωmega9":3,"名前":4}}`, "", true},
		{"other member", `{"owner":"me"}`, "VALIDATION_FAILED /createSurface/metadata/owner", false},
		{"first bad member in stream order", `{"extensions":{},"z":1,"a":2}`, "VALIDATION_FAILED /createSurface/metadata/z", false},
		{"key with a colon", `{"extensions":{"a2ui:experimental":{"streaming":true}}}`, "VALIDATION_FAILED /createSurface/metadata/extensions/a2ui:experimental", false},
		{"key starting with a digit", `{"extensions":{"1a":true}}`, "VALIDATION_FAILED /createSurface/metadata/extensions/1a", false},
		{"empty key", `{"extensions":{"":true}}`, "VALIDATION_FAILED /createSurface/metadata/extensions/", false},
		{"key with a slash is escaped", `{"extensions":{"a/b":true}}`, "VALIDATION_FAILED /createSurface/metadata/extensions/a~1b", false},
		{"extensions not an object", `{"extensions":[1]}`, "VALIDATION_FAILED /createSurface/metadata/extensions", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := NewProcessor(Options{})
			m := create(protocol.V10, "s")
			m.Metadata = json.RawMessage(c.meta)
			errs := p.ApplyReport(m)
			got := ""
			if len(errs) > 0 {
				got = errs[0].Code + " " + errs[0].Path
				if errs[0].SurfaceID != "s" {
					t.Errorf("SurfaceID %q", errs[0].SurfaceID)
				}
			}
			if got != c.err || len(errs) > 1 {
				t.Fatalf("errors %v, want %q", errs, c.err)
			}
			s, ok := p.Surface("s")
			if !ok {
				t.Fatal("surface not created")
			}
			if kept := s.Metadata != nil; kept != c.kept {
				t.Fatalf("metadata kept %v, want %v", kept, c.kept)
			}
		})
	}
}
