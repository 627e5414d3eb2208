package agui

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

const (
	createS1  = `{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}`
	createS1b = `{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"other"}}`
	createS2  = `{"version":"v0.9","createSurface":{"surfaceId":"s2","catalogId":"c"}}`
	compsAB   = `{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"Text","text":"A"}]}}`
	compsAB2  = `{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Column","children":["a"]},{"id":"a","component":"Text","text":"A2"}]}}`
	compsS2   = `{"version":"v0.9","updateComponents":{"surfaceId":"s2","components":[{"id":"root","component":"Text","text":"x"}]}}`
	dataX     = `{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"name":""}}}`
	dataY     = `{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/more","value":1}}`
	dataZ     = `{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"name":"Z"}}}`
	deleteS1  = `{"version":"v0.9","deleteSurface":{"surfaceId":"s1"}}`
	deleteS2  = `{"version":"v0.9","deleteSurface":{"surfaceId":"s2"}}`
)

func ops(list ...string) string { return `{"a2ui_operations":[` + strings.Join(list, ",") + `]}` }

type snap struct {
	slot, content string
	keep          bool // replace:false
}

// TestSlots: each snapshot yields only the A2UI messages that change what is shown.
func TestSlots(t *testing.T) {
	for _, tc := range []struct {
		name  string
		snaps []snap
		// want are the lines of the last snapshot ("" entries: none).
		want    []string
		ignored bool
		owner   string // the owner of s1 at the end
	}{
		{"first snapshot passes as it is", []snap{{"m1", ops(createS1, compsAB, dataX), false}},
			[]string{createS1, compsAB, dataX}, false, "m1"},
		{"cumulative: only the new data", []snap{{"m1", ops(createS1, compsAB), false}, {"m1", ops(createS1, compsAB, dataX), false}},
			[]string{dataX}, false, "m1"},
		{"same content: ignored", []snap{{"m1", ops(createS1, compsAB), false}, {"m1", ops(createS1, compsAB), false}},
			nil, true, "m1"},
		{"same content reformatted: ignored", []snap{{"m1", ops(createS1, compsAB), false}, {"m1", strings.ReplaceAll(ops(createS1, compsAB), ",", " ,\n "), false}},
			nil, true, "m1"},
		{"replace false on a known slot: ignored", []snap{{"m1", ops(createS1, compsAB), false}, {"m1", ops(createS1, compsAB2), true}},
			nil, true, "m1"},
		{"replace false on a new slot: applied", []snap{{"m1", ops(createS1, compsAB), true}},
			[]string{createS1, compsAB}, false, "m1"},
		{"a changed component only", []snap{{"m1", ops(createS1, compsAB, dataX), false}, {"m1", ops(createS1, compsAB2, dataX), false}},
			[]string{`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"a","component":"Text","text":"A2"}]}}`}, false, "m1"},
		{"repeated data then more: the more only", []snap{{"m1", ops(createS1, dataX), false}, {"m1", ops(createS1, dataX, dataY), false}},
			[]string{dataY}, false, "m1"},
		{"changed data: all of it again", []snap{{"m1", ops(createS1, dataX, dataY), false}, {"m1", ops(createS1, dataZ, dataY), false}},
			[]string{dataZ, dataY}, false, "m1"},
		{"fewer data messages: all of them again", []snap{{"m1", ops(createS1, dataX, dataY), false}, {"m1", ops(createS1, dataX), false}},
			[]string{dataX}, false, "m1"},
		{"a surface leaving the slot is deleted", []snap{{"m1", ops(createS1, createS2, compsS2), false}, {"m1", ops(createS2, compsS2, `{"x":1}`), false}},
			[]string{`{"x":1}`, deleteS1}, false, ""},
		{"a changed createSurface starts the surface again", []snap{{"m1", ops(createS1, compsAB, dataX), false}, {"m1", ops(createS1b, compsAB, dataX), false}},
			[]string{deleteS1, createS1b, compsAB, dataX}, false, "m1"},
		{"a new slot takes the surface over", []snap{{"m1", ops(createS1, compsAB, dataX), false}, {"m2", ops(createS1, compsAB2, dataZ), false}},
			[]string{`{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"a","component":"Text","text":"A2"}]}}`, dataZ}, false, "m2"},
		{"a takeover repeating the data keeps it", []snap{{"m1", ops(createS1, compsAB, dataX), false}, {"m2", ops(createS1, compsAB, dataX), false}},
			nil, false, "m2"},
		{"the old slot's next snapshot no longer deletes a taken surface", []snap{{"m1", ops(createS1, createS2, compsS2), false}, {"m2", ops(createS1), false}, {"m1", ops(createS2, compsS2, `{"y":1}`), false}},
			[]string{`{"y":1}`}, false, "m2"},
		{"deleteSurface passes and is forgotten", []snap{{"m1", ops(createS1, compsAB), false}, {"m1", ops(createS1, compsAB, deleteS1), false}},
			[]string{deleteS1}, false, ""},
		{"deleted and created again gets everything", []snap{{"m1", ops(createS1, compsAB, dataX), false}, {"m1", ops(deleteS1, createS1, compsAB, dataX), false}},
			[]string{deleteS1, createS1, compsAB, dataX}, false, "m1"},
		{"v0.8 messages", []snap{
			{"m1", ops(`{"surfaceUpdate":{"surfaceId":"s1","components":[{"id":"root","component":{"Text":{"text":{"literalString":"a"}}}}]}}`, `{"beginRendering":{"surfaceId":"s1","root":"root"}}`), false},
			{"m1", ops(`{"surfaceUpdate":{"surfaceId":"s1","components":[{"id":"root","component":{"Text":{"text":{"literalString":"a"}}}}]}}`, `{"beginRendering":{"surfaceId":"s1","root":"root"}}`, `{"dataModelUpdate":{"surfaceId":"s1","contents":[]}}`), false}},
			[]string{`{"dataModelUpdate":{"surfaceId":"s1","contents":[]}}`}, false, "m1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSlots()
			var u Update
			for _, sn := range tc.snaps {
				u = s.Apply(sn.slot, []byte(sn.content), !sn.keep)
			}
			var got []string
			for _, l := range u.Lines {
				got = append(got, string(l))
			}
			want := make([]string, len(tc.want))
			for i, w := range tc.want {
				want[i] = string(compact(w))
			}
			if !slices.Equal(got, want) {
				t.Errorf("lines:\n got  %q\n want %q", got, want)
			}
			if u.Ignored != tc.ignored {
				t.Errorf("Ignored = %v, want %v", u.Ignored, tc.ignored)
			}
			if got := s.Owner("s1"); got != tc.owner {
				t.Errorf("owner of s1 = %q, want %q", got, tc.owner)
			}
		})
	}
}

func compact(s string) []byte {
	u := NewSlots().Apply("x", []byte(ops(s)), true)
	if len(u.Lines) != 1 {
		panic("compact: " + s)
	}
	return u.Lines[0]
}

// TestSlotsTakeoverMovesOwnership: after a takeover the old slot shows nothing and the
// new one shows the surface.
func TestSlotsTakeoverMovesOwnership(t *testing.T) {
	s := NewSlots()
	s.Apply("m1", []byte(ops(createS1, compsAB)), true)
	s.Apply("m2", []byte(ops(createS1, compsAB)), true)
	if got := s.Shows("m1"); len(got) != 0 {
		t.Errorf("m1 shows %q", got)
	}
	if got := s.Shows("m2"); !slices.Equal(got, []string{"s1"}) {
		t.Errorf("m2 shows %q", got)
	}
}

// TestSlotsLifecycle: content without a2ui_operations is the generation state; the
// snapshot that paints says so; malformed items are reported and skipped.
func TestSlotsLifecycle(t *testing.T) {
	s := NewSlots()
	u := s.Apply("m1", []byte(`{"status":"building","progressTokens":20}`), true)
	if u.Lifecycle == nil || u.Lifecycle.Text != "Building the interface… (20 tokens)" || u.Painted || len(u.Lines) != 0 {
		t.Fatalf("building: %+v %+v", u, u.Lifecycle)
	}
	u = s.Apply("m1", []byte(ops(createS1, `3`)), true)
	if !u.Painted || u.Lifecycle != nil || len(u.Lines) != 1 || !slices.Equal(u.Problems, []string{"an a2ui_operations item is not an object"}) {
		t.Fatalf("painted: %+v", u)
	}
	u = s.Apply("m1", []byte(`[1]`), true)
	if len(u.Problems) != 1 || u.Painted {
		t.Errorf("not an object: %+v", u)
	}
}

func TestParseLifecycle(t *testing.T) {
	for _, tc := range []struct {
		content, want string
	}{
		{`{"status":"building"}`, `{"status":"building","text":"Building the interface…","exposure":"collapsed","alert":false}`},
		{`{"status":"building","progressTokens":80,"debugExposure":"verbose"}`, `{"status":"building","text":"Building the interface… (80 tokens)","exposure":"verbose","alert":false}`},
		{`{"status":"retrying","attempt":2,"maxAttempts":3,"errors":[{"code":"no_root","path":"components","message":"No component has id 'root'"}]}`,
			`{"status":"retrying","text":"Retrying: attempt 2 of 3…","detail":"No component has id 'root' (components)","exposure":"collapsed","alert":false}`},
		{`{"status":"retrying","attempt":2,"errors":[{"code":"no_root","message":"No component has id 'root'"}],"debugExposure":"hidden"}`,
			`{"status":"retrying","text":"Retrying: attempt 2…","exposure":"hidden","alert":false}`},
		{`{"status":"retrying","attempt":2,"maxAttempts":3,"errors":[{"code":"no_root","path":"components","message":"No component has id 'root'"},{"code":"duplicate_id"}],"debugExposure":"verbose"}`,
			`{"status":"retrying","text":"Retrying: attempt 2 of 3…","detail":"No component has id 'root' (components)\nduplicate_id","exposure":"verbose","alert":false}`},
		// No debugExposure (or an unknown one): CopilotKit's default, "collapsed".
		{`{"status":"failed","error":"boom","attempts":[],"maxAttempts":3}`, `{"status":"failed","text":"The interface could not be built.","detail":"boom","exposure":"collapsed","alert":true}`},
		{`{"status":"failed","error":"boom","debugExposure":"loud"}`, `{"status":"failed","text":"The interface could not be built.","detail":"boom","exposure":"collapsed","alert":true}`},
		{`{"status":"failed","error":"boom","debugExposure":"hidden"}`, `{"status":"failed","text":"The interface could not be built.","exposure":"hidden","alert":true}`},
		{`{"status":"failed","error":"boom","debugExposure":"collapsed"}`, `{"status":"failed","text":"The interface could not be built.","detail":"boom","exposure":"collapsed","alert":true}`},
		{`{"status":"failed","debugExposure":"verbose"}`, `{"status":"failed","text":"The interface could not be built.","detail":"A2UI generation failed","exposure":"verbose","alert":true}`},
		{`{"status":"done"}`, ``},
		{`{}`, ``},
	} {
		u := NewSlots().Apply("m", []byte(tc.content), true)
		got := ""
		if u.Lifecycle != nil {
			got = string(u.Lifecycle.JSON())
		}
		if got != tc.want {
			t.Errorf("%s:\n got  %s\n want %s", tc.content, got, tc.want)
		}
	}
}

// TestSlotsCap: a thread cannot open slots without end; the one past the cap is reported
// and ignored, the known ones still apply.
func TestSlotsCap(t *testing.T) {
	s := NewSlots()
	for i := 0; i < MaxSlots; i++ {
		s.Apply("m"+strconv.Itoa(i), []byte(`{"status":"building"}`), true)
	}
	u := s.Apply("over", []byte(ops(createS1)), true)
	if !u.Ignored || len(u.Problems) != 1 || len(u.Lines) != 0 {
		t.Errorf("past the cap: %+v", u)
	}
	if u := s.Apply("m0", []byte(ops(createS1)), true); len(u.Lines) != 1 {
		t.Errorf("a known slot: %+v", u)
	}
}
