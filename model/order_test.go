package model

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

// TestKeyOrder: objects keep their keys in stream order through the model, the way a
// JavaScript object does (JSON.stringify in web_core): added keys go last, replaced ones
// keep their place, deleted and re-added ones go last, array-index keys come first.
func TestKeyOrder(t *testing.T) {
	type op struct {
		path, value string // value "" deletes
	}
	tests := []struct {
		name string
		init string // createSurface dataModel ("" for none)
		ops  []op
		want string
	}{
		{"createSurface dataModel", `{"z":1,"a":{"y":1,"b":[{"k2":1,"k1":2}]},"m":true}`, nil,
			`{"z":1,"a":{"y":1,"b":[{"k2":1,"k1":2}]},"m":true}`},
		{"update value", "", []op{{"/u", `{"name":"Ada","age":36,"city":"London"}`}},
			`{"u":{"name":"Ada","age":36,"city":"London"}}`},
		{"added keys go last", `{"z":1,"a":2}`, []op{{"/m", `3`}, {"/b", `4`}},
			`{"z":1,"a":2,"m":3,"b":4}`},
		{"replaced keys keep their place", `{"z":1,"a":2}`, []op{{"/z", `{"y":0,"x":0}`}},
			`{"z":{"y":0,"x":0},"a":2}`},
		{"deleted then re-added goes last", `{"z":1,"a":2,"c":3}`, []op{{"/z", ""}, {"/z", `9`}},
			`{"a":2,"c":3,"z":9}`},
		{"key added deep in an existing object", `{"o":{"y":1,"b":2}}`, []op{{"/o/a", `3`}},
			`{"o":{"y":1,"b":2,"a":3}}`},
		{"auto-created objects", `{"o":{"y":1}}`, []op{{"/o/p/q", `1`}, {"/o/p/a", `2`}},
			`{"o":{"y":1,"p":{"q":1,"a":2}}}`},
		// "01" is not an array index: it keeps its insertion place among the other keys.
		{"array-index keys first, ascending", "", []op{{"/o", `{"b":1,"10":2,"a":3,"2":4,"01":5}`}},
			`{"o":{"2":4,"10":2,"b":1,"a":3,"01":5}}`},
		{"root replace", `{"z":1}`, []op{{"", `{"q":1,"p":2}`}},
			`{"q":1,"p":2}`},
		{"root delete then writes", `{"z":1,"a":1}`, []op{{"", ""}, {"/y", `1`}, {"/x", `1`}},
			`{"y":1,"x":1}`},
		{"objects in arrays", "", []op{{"/l", `[{"b":1,"a":2}]`}, {"/l/1", `{"d":1,"c":2}`}, {"/l/0/0", `true`}},
			`{"l":[{"0":true,"b":1,"a":2},{"d":1,"c":2}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := NewProcessor(Options{})
			c := create(protocol.V10, "s")
			if tt.init != "" {
				c.DataModel = json.RawMessage(tt.init)
			}
			mustApply(t, p, c)
			for _, o := range tt.ops {
				mustApply(t, p, data(protocol.V10, "s", o.path, o.value))
			}
			s, _ := p.Surface("s")
			got := string(s.Data.AppendJSON(nil, s.Data.root))
			if got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestKeyOrderGoAPI: objects written through the Go API have no stream order: their keys
// are sorted, and keys added later follow them.
func TestKeyOrderGoAPI(t *testing.T) {
	d := NewDataModel()
	if err := d.Set(MustPointer("/o"), map[string]any{"b": 1.0, "a": 2.0}); err != nil {
		t.Fatal(err)
	}
	if err := d.Set(MustPointer("/o/0"), "x"); err != nil {
		t.Fatal(err)
	}
	if err := d.Set(MustPointer("/o/c"), 3.0); err != nil {
		t.Fatal(err)
	}
	if got := string(d.AppendJSON(nil, d.root)); got != `{"o":{"0":"x","a":2,"b":1,"c":3}}` {
		t.Fatalf("got %s", got)
	}
	if err := d.SetJSON(MustPointer("/j"), []byte(`{"z":1,"y":2}`)); err != nil {
		t.Fatal(err)
	}
	if got := string(d.AppendJSON(nil, d.root)); got != `{"o":{"0":"x","a":2,"b":1,"c":3},"j":{"z":1,"y":2}}` {
		t.Fatalf("SetJSON: got %s", got)
	}
}

// TestKeyOrderPrune: records of replaced objects do not pile up.
func TestKeyOrderPrune(t *testing.T) {
	p := NewProcessor(Options{})
	mustApply(t, p, create(protocol.V10, "s"))
	s, _ := p.Surface("s")
	for i := 0; i < 5000; i++ {
		mustApply(t, p, data(protocol.V10, "s", "/row", `{"b":`+strconv.Itoa(i)+`,"a":{"d":1,"c":2}}`))
		if n := len(s.Data.order); n > s.Data.nodes+orderSlack+2 {
			t.Fatalf("after %d updates %d records for %d nodes", i, n, s.Data.nodes)
		}
	}
	if got := string(s.Data.AppendJSON(nil, s.Data.root)); got != `{"row":{"b":4999,"a":{"d":1,"c":2}}}` {
		t.Fatalf("got %s", got)
	}
}

func TestNeedsRecord(t *testing.T) {
	for _, tt := range []struct {
		keys []string
		want bool
	}{
		{nil, false}, {[]string{"b"}, false}, {[]string{"0"}, false},
		{[]string{"name", "qty"}, false}, {[]string{"qty", "name"}, true},
		{[]string{"10", "2"}, true}, {[]string{"0", "a"}, true}, {[]string{"01", "a"}, false},
	} {
		if got := needsRecord(tt.keys); got != tt.want {
			t.Errorf("needsRecord(%q) = %v", tt.keys, got)
		}
	}
}

// TestKeyOrderSkippedEntry: an entry the processor skips (over a cap) leaves no trace in
// the order: written again later, it goes last, once.
func TestKeyOrderSkippedEntry(t *testing.T) {
	p := NewProcessor(Options{MaxStringBytes: 8})
	mustApply(t, p, create(protocol.V10, "s"))
	errs := p.ApplyReport(data(protocol.V10, "s", "/o", `{"z":1,"long":"0123456789abc","a":2}`))
	if len(errs) != 1 || errs[0].Code != protocol.CodeLimit {
		t.Fatalf("errors %v", errs)
	}
	mustApply(t, p, data(protocol.V10, "s", "/o/long", `"short"`))
	s, _ := p.Surface("s")
	if got := string(s.Data.AppendJSON(nil, s.Data.root)); got != `{"o":{"z":1,"a":2,"long":"short"}}` {
		t.Fatalf("got %s", got)
	}
}

// TestInsertionKeys: the keys as they were added, array-index keys included (a JavaScript
// Map's order, which v0.8 templates iterate); nil for an object with no record.
func TestInsertionKeys(t *testing.T) {
	p := NewProcessor(Options{})
	mustApply(t, p, create(protocol.V10, "s"))
	mustApply(t, p, data(protocol.V10, "s", "/rows", `{"1":"b","0":"a","x":"c"}`))
	mustApply(t, p, data(protocol.V10, "s", "/rows/10", `"d"`))
	mustApply(t, p, data(protocol.V10, "s", "/plain", `{"a":1,"b":2}`))
	s, _ := p.Surface("s")
	rows, _ := s.Data.Get(MustPointer("/rows"))
	if got := s.Data.InsertionKeys(rows.(map[string]any)); !slices.Equal(got, []string{"1", "0", "x", "10"}) {
		t.Errorf("InsertionKeys = %q", got)
	}
	if got := s.Data.Keys(rows.(map[string]any)); !slices.Equal(got, []string{"0", "1", "10", "x"}) {
		t.Errorf("Keys = %q", got)
	}
	plain, _ := s.Data.Get(MustPointer("/plain"))
	if got := s.Data.InsertionKeys(plain.(map[string]any)); got != nil {
		t.Errorf("no record: %q", got)
	}
}
