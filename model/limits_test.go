package model

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

// TestUpdateCaps: one table row per data-model cap, each with the exact error code and
// message path, and what the model holds afterwards (siblings of a skipped entry apply).
func TestUpdateCaps(t *testing.T) {
	nest := func(n int, leaf string) string {
		return strings.Repeat(`{"a":`, n) + leaf + strings.Repeat(`}`, n)
	}
	v9 := func(path, value string) string {
		return `{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":` + strconv.Quote(path) + `,"value":` + value + `}}`
	}
	big := `"` + strings.Repeat("x", DefaultMaxStringBytes+1) + `"`
	longKey := strings.Repeat("k", DefaultMaxKeyBytes+1)
	manyEntries := func(n int) string {
		var b strings.Builder
		b.WriteString("{")
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strconv.Itoa(i) + `":1`)
		}
		return b.String() + "}"
	}
	v08 := func(contents string) string {
		return `{"dataModelUpdate":{"surfaceId":"s","path":"/d","contents":` + contents + `}}`
	}
	deepMap := `{"key":"leaf","valueString":"x"}`
	for i := 0; i < 32; i++ {
		deepMap = `{"key":"m","valueMap":[` + deepMap + `]}`
	}
	cases := []struct {
		name, line string
		// errs are "code path" of every error reported, in order.
		errs []string
		// want is the JSON of the model at /d afterwards ("" = absent).
		want string
	}{
		{"value at the depth cap", v9("/d", nest(31, `{"ok":1}`)), nil, nest(31, `{"ok":1}`)},
		{"value over the depth cap", v9("/d", nest(32, `{"no":1}`)),
			[]string{"LIMIT_EXCEEDED /updateDataModel/value" + strings.Repeat("/a", 32)}, ""},
		{"over-deep entry skipped, siblings apply", v9("/d", `{"ok":1,"deep":`+nest(31, `[1]`)+`,"s":"y"}`),
			[]string{"LIMIT_EXCEEDED /updateDataModel/value/deep" + strings.Repeat("/a", 31)}, `{"ok":1,"s":"y"}`},
		{"v0.8 valueMap over the depth cap skipped", v08(`[{"key":"ok","valueNumber":1},` + deepMap + `]`),
			[]string{"LIMIT_EXCEEDED /dataModelUpdate/contents/1" + strings.Repeat("/m", 31)}, `{"ok":1}`},
		{"v0.8 valueArray longer than the cap skipped", v08(`[{"key":"l","valueArray":[` + strings.Repeat(`1,`, DefaultMaxArrayLen) + `1]},{"key":"ok","valueBoolean":true}]`),
			[]string{"LIMIT_EXCEEDED /dataModelUpdate/contents/0"}, `{"ok":true}`},
		{"string over the cap", v9("/d", `{"s":`+big+`,"t":"ok"}`),
			[]string{"LIMIT_EXCEEDED /updateDataModel/value/s"}, `{"t":"ok"}`},
		{"scalar string over the cap", v9("/d", big), []string{"LIMIT_EXCEEDED /updateDataModel/value"}, ""},
		{"key over the cap", v9("/d", `{"`+longKey+`":1,"t":2}`),
			[]string{"LIMIT_EXCEEDED /updateDataModel/value/" + longKey}, `{"t":2}`},
		{"nested key over the cap", v9("/d", `{"o":{"`+longKey+`":1},"t":2}`),
			[]string{"LIMIT_EXCEEDED /updateDataModel/value/o/" + longKey}, `{"t":2}`},
		{"entries at the cap", v9("/d", manyEntries(DefaultMaxEntries)), nil, "*"},
		{"entries over the cap", v9("/d", manyEntries(DefaultMaxEntries+1)), []string{"LIMIT_EXCEEDED /updateDataModel/value"}, ""},
		{"array over the cap", v9("/d", `[`+strings.Repeat(`0,`, DefaultMaxArrayLen)+`0]`), []string{"LIMIT_EXCEEDED /updateDataModel/value"}, ""},
		{"path segments at the cap", v9(strings.Repeat("/d", DefaultMaxPathSegments), "1"), nil, "*"},
		{"path segments over the cap", v9(strings.Repeat("/d", DefaultMaxPathSegments+1), "1"), []string{"LIMIT_EXCEEDED /updateDataModel/path"}, ""},
		{"path of thousands of segments", v9(strings.Repeat("/d", 5000), "1"), []string{"LIMIT_EXCEEDED /updateDataModel/path"}, ""},
		{"path bytes over the cap", v9("/d/"+strings.Repeat("p", DefaultMaxPathBytes), "1"), []string{"LIMIT_EXCEEDED /updateDataModel/path"}, ""},
		{"index within the gap", v9("/d/"+strconv.Itoa(DefaultMaxIndexGap), "1"), nil, "*"},
		{"index far past the end", v9("/d/"+strconv.Itoa(DefaultMaxIndexGap+1), "1"), []string{"LIMIT_EXCEEDED /updateDataModel/path"}, ""},
		{"index explosion", v9("/d/999999999", "1"), []string{"LIMIT_EXCEEDED /updateDataModel/path"}, ""},
		{"every entry over a cap", v9("/d", `{"a":`+big+`}`), []string{"LIMIT_EXCEEDED /updateDataModel/value/a"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := NewProcessor(Options{})
			d := protocol.NewDecoder()
			var got []string
			for _, line := range []string{`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}}`, c.line} {
				msgs, errs := d.Decode([]byte(line))
				for _, e := range errs {
					got = append(got, e.Code+" "+e.Path)
				}
				for _, m := range msgs {
					if m.Ver() == protocol.V08 {
						m.(*protocol.UpdateDataModel).Version = protocol.V08
					}
					for _, e := range p.ApplyReport(m) {
						if e.SurfaceID != "s" {
							t.Errorf("error without its surface: %+v", *e)
						}
						got = append(got, e.Code+" "+e.Path)
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.errs, "\n") {
				t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(c.errs, "\n"))
			}
			s, _ := p.Surface("s")
			v, ok := s.Data.Get(MustPointer("/d"))
			switch {
			case c.want == "" && ok:
				t.Errorf("model changed: /d = %v", v)
			case c.want == "*" && !ok:
				t.Errorf("update not applied")
			case c.want != "" && c.want != "*":
				b, _ := json.Marshal(v)
				var w any
				_ = json.Unmarshal([]byte(c.want), &w)
				wb, _ := json.Marshal(w)
				if string(b) != string(wb) {
					t.Errorf("/d = %s, want %s", b, wb)
				}
			}
		})
	}
}

// TestCapsConfigurable: every cap follows its Options field.
func TestCapsConfigurable(t *testing.T) {
	p := NewProcessor(Options{MaxValueDepth: 2, MaxPathSegments: 2, MaxPathBytes: 8, MaxKeyBytes: 3,
		MaxStringBytes: 4, MaxEntries: 2, MaxArrayLen: 3, MaxIndexGap: 1})
	if err := p.Apply(&protocol.CreateSurface{Version: protocol.V09, SurfaceID: "s", CatalogID: "c"}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path, value string
		ok          bool
	}{
		{"/a", `{"b":[1]}`, true}, {"/a", `{"b":[[1]]}`, false},
		{"/a/b", `1`, true}, {"/a/b/c", `1`, false}, {"/abcdefgh", `1`, false},
		{"/a", `{"abc":1}`, true}, {"/a", `{"abcd":1}`, false},
		{"/a", `"abcd"`, true}, {"/a", `"abcde"`, false},
		{"/a", `{"x":1,"y":2}`, true}, {"/a", `{"x":1,"y":2,"z":3}`, false},
		{"/a", `[1,2,3]`, true}, {"/a", `[1,2,3,4]`, false},
		{"/l", `[]`, true}, {"/l/1", `1`, true}, {"/l/3", `1`, false},
	} {
		errs := p.ApplyReport(&protocol.UpdateDataModel{Version: protocol.V09, SurfaceID: "s", Path: c.path, Value: json.RawMessage(c.value)})
		if (len(errs) == 0) != c.ok {
			t.Errorf("%s = %s: errors %v, want ok=%v", c.path, c.value, errs, c.ok)
		}
		for _, e := range errs {
			if e.Code != protocol.CodeLimit {
				t.Errorf("%s = %s: code %s", c.path, c.value, e.Code)
			}
		}
	}
}

// TestDeepPathWrites: writes and subscriptions with agent paths of any length neither
// recurse per segment nor succeed past the cap.
func TestDeepPathWrites(t *testing.T) {
	d := NewDataModel()
	long := make(Pointer, 100000)
	for i := range long {
		long[i] = "a"
	}
	if err := d.Set(long, 1); err == nil || err.(*protocol.Error).Code != protocol.CodeLimit {
		t.Fatalf("Set on a 100000-segment path: %v", err)
	}
	n := 0
	cancel := d.Subscribe(long, func(Pointer) { n++ })
	defer cancel()
	if err := d.Set(MustPointer("/a"), 1); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("deep subscriber notified %d times", n)
	}
}

// FuzzUpdateCaps: whatever path and value an update carries, the model never holds more
// than the caps allow, and every refusal is LIMIT_EXCEEDED or VALIDATION_FAILED.
func FuzzUpdateCaps(f *testing.F) {
	f.Add("/a/b", `{"x":[1,{"y":"z"}]}`)
	f.Add("/l/7", `1`)
	f.Add("/"+strings.Repeat("a/", 20), `[[[[[[[[1]]]]]]]]`)
	f.Add("/", `{"k":"`+strings.Repeat("v", 40)+`","kk":{"kkkkkkkkkkkkkkkkkkkk":1}}`)
	f.Fuzz(func(t *testing.T, path, value string) {
		opts := Options{MaxValueDepth: 4, MaxPathSegments: 4, MaxPathBytes: 32, MaxKeyBytes: 8,
			MaxStringBytes: 32, MaxEntries: 4, MaxArrayLen: 8, MaxIndexGap: 3}
		p := NewProcessor(opts)
		_ = p.Apply(&protocol.CreateSurface{Version: protocol.V09, SurfaceID: "s", CatalogID: "c"})
		for i := 0; i < 3; i++ {
			for _, e := range p.ApplyReport(&protocol.UpdateDataModel{Version: protocol.V09, SurfaceID: "s", Path: path, Value: json.RawMessage(value)}) {
				if e.Code != protocol.CodeLimit && e.Code != protocol.CodeValidationFailed {
					t.Fatalf("code %s: %v", e.Code, e)
				}
			}
			path += "/0"
		}
		s, _ := p.Surface("s")
		// Depth: a path of at most 4 segments plus a value of at most depth 4 (the root
		// object is depth 1).
		var check func(v any, depth int)
		check = func(v any, depth int) {
			if depth > 1+opts.MaxPathSegments+opts.MaxValueDepth {
				t.Fatalf("model deeper than the caps allow")
			}
			switch x := v.(type) {
			case string:
				if len(x) > opts.MaxStringBytes {
					t.Fatalf("string of %d bytes", len(x))
				}
			case []any:
				if len(x) > opts.MaxArrayLen {
					t.Fatalf("array of %d", len(x))
				}
				for _, e := range x {
					check(e, depth+1)
				}
			case map[string]any:
				for _, e := range x {
					check(e, depth+1)
				}
			}
		}
		check(s.Data.Snapshot(), 1)
	})
}
