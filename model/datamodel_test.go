package model

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/protocol"
)

func mustJSON(t *testing.T, d *DataModel) string {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func fromJSON(t *testing.T, s string) *DataModel {
	t.Helper()
	d := NewDataModel()
	if err := d.SetJSON(nil, []byte(s)); err != nil {
		t.Fatal(err)
	}
	return d
}

func errCode(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	if err != nil {
		return "?" + err.Error()
	}
	return ""
}

func TestDataModelSet(t *testing.T) {
	tests := []struct {
		name  string
		start string
		path  string
		value any
		want  string
		code  string // expected error code ("" = success; the model must then equal want)
	}{
		{"set key", `{}`, "/a", "x", `{"a":"x"}`, ""},
		{"replace key", `{"a":{"b":1}}`, "/a", 2.0, `{"a":2}`, ""},
		{"vivify object", `{}`, "/a/b/c", true, `{"a":{"b":{"c":true}}}`, ""},
		{"vivify array on numeric next", `{}`, "/a/0/b", "x", `{"a":[{"b":"x"}]}`, ""},
		{"vivify array with padding", `{}`, "/a/b/2", 1.0, `{"a":{"b":[null,null,1]}}`, ""},
		{"leading zero is an object key", `{}`, "/a/01", 1.0, `{"a":{"01":1}}`, ""},
		{"dash is an object key", `{}`, "/a/-", 1.0, `{"a":{"-":1}}`, ""},
		{"append at length", `{"l":[1,2]}`, "/l/2", 3.0, `{"l":[1,2,3]}`, ""},
		{"extend with nulls", `{"l":[1,2]}`, "/l/5", 6.0, `{"l":[1,2,null,null,null,6]}`, ""},
		{"replace slot", `{"l":[1,2]}`, "/l/0", "a", `{"l":["a",2]}`, ""},
		{"null intermediate vivified", `{"a":null}`, "/a/0", 1.0, `{"a":[1]}`, ""},
		{"null slot vivified", `{"l":[null]}`, "/l/0/k", 1.0, `{"l":[{"k":1}]}`, ""},
		{"__proto__ is a plain key", `{}`, "/__proto__/polluted", true, `{"__proto__":{"polluted":true}}`, ""},
		{"constructor is a plain key", `{}`, "/constructor/prototype", 1.0, `{"constructor":{"prototype":1}}`, ""},
		{"escaped key", `{}`, "/a~1b/m~0n", 1.0, `{"a/b":{"m~n":1}}`, ""},
		{"empty key", `{}`, "/a//b", 1.0, `{"a":{"":{"b":1}}}`, ""},
		{"set null", `{"a":1}`, "/a", nil, `{"a":null}`, ""},
		{"non-numeric on array", `{"l":[1]}`, "/l/x", 1.0, `{"l":[1]}`, protocol.CodeValidationFailed},
		{"non-numeric deep on array", `{"l":[{"a":1}]}`, "/l/first/a", 1.0, `{"l":[{"a":1}]}`, protocol.CodeValidationFailed},
		{"through a string", `{"s":"x"}`, "/s/k", 1.0, `{"s":"x"}`, protocol.CodeValidationFailed},
		{"through a number in array", `{"l":[5]}`, "/l/0/k", 1.0, `{"l":[5]}`, protocol.CodeValidationFailed},
		{"through a bool", `{"b":true}`, "/b/0", 1.0, `{"b":true}`, protocol.CodeValidationFailed},
		{"NaN rejected", `{}`, "/n", math.NaN(), `{}`, protocol.CodeValidationFailed},
		{"Inf rejected", `{}`, "/n", math.Inf(1), `{}`, protocol.CodeValidationFailed},
		{"unsupported type", `{}`, "/n", struct{}{}, `{}`, protocol.CodeValidationFailed},
		{"root object", `{"a":1}`, "", map[string]any{"b": 2.0}, `{"b":2}`, ""},
		{"root slash", `{"a":1}`, "/", map[string]any{}, `{}`, ""},
		{"root null empties", `{"a":1}`, "", nil, `{}`, ""},
		{"root array refused", `{"a":1}`, "", []any{1.0}, `{"a":1}`, protocol.CodeValidationFailed},
		{"root string refused", `{"a":1}`, "", "x", `{"a":1}`, protocol.CodeValidationFailed},
		{"normalized []string", `{}`, "/sel", []string{"a", "b"}, `{"sel":["a","b"]}`, ""},
		{"normalized int", `{}`, "/n", 3, `{"n":3}`, ""},
		{"normalized json.Number", `{}`, "/n", json.Number("2.5"), `{"n":2.5}`, ""},
		{"normalized RawMessage", `{}`, "/r", json.RawMessage(`{"x":[1,true]}`), `{"r":{"x":[1,true]}}`, ""},
		{"bad RawMessage", `{}`, "/r", json.RawMessage(`{`), `{}`, protocol.CodeValidationFailed},
		{"normalized map[string]string", `{}`, "/m", map[string]string{"k": "v"}, `{"m":{"k":"v"}}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fromJSON(t, tt.start)
			v0 := d.Version()
			err := d.Set(MustPointer(tt.path), tt.value)
			if got := errCode(err); got != tt.code {
				t.Fatalf("Set error = %v (code %q), want code %q", err, got, tt.code)
			}
			if got := mustJSON(t, d); got != tt.want {
				t.Fatalf("model = %s, want %s", got, tt.want)
			}
			if tt.code == "" && d.Version() != v0+1 {
				t.Fatalf("version %d → %d, want +1", v0, d.Version())
			}
			if tt.code != "" && d.Version() != v0 {
				t.Fatalf("failed Set changed the version")
			}
			if got, want := d.Nodes(), countNodes(d.root)-1; got != want {
				t.Fatalf("Nodes() = %d, recount = %d", got, want)
			}
		})
	}
}

func TestDataModelSetErrorMessages(t *testing.T) {
	d := fromJSON(t, `{"l":[1],"s":"x"}`)
	err := d.Set(MustPointer("/l/x"), 1.0)
	if got, want := err.Error(), `VALIDATION_FAILED: non-numeric token "x" on an array in "/l/x"`; got != want {
		t.Errorf("got %q want %q", got, want)
	}
	err = d.Set(MustPointer("/s/k/z"), 1.0)
	if got, want := err.Error(), `VALIDATION_FAILED: cannot write "/s/k/z": "/s" is a string`; got != want {
		t.Errorf("got %q want %q", got, want)
	}
}

func TestDataModelSetCopiesValue(t *testing.T) {
	d := NewDataModel()
	in := map[string]any{"list": []any{"a"}}
	if err := d.Set(MustPointer("/x"), in); err != nil {
		t.Fatal(err)
	}
	in["list"].([]any)[0] = "changed"
	in["new"] = true
	if got := mustJSON(t, d); got != `{"x":{"list":["a"]}}` {
		t.Fatalf("caller mutation leaked into the model: %s", got)
	}
}

func TestDataModelGet(t *testing.T) {
	d := fromJSON(t, `{"a":{"b":[10,null,{"c":"x"}]},"s":"str"}`)
	tests := []struct {
		path string
		want any
		ok   bool
	}{
		{"/a/b/0", 10.0, true},
		{"/a/b/1", nil, true}, // a hole exists with value null
		{"/a/b/2/c", "x", true},
		{"/a/b/3", nil, false},
		{"/a/b/01", nil, false},
		{"/a/b/x", nil, false},
		{"/a/missing", nil, false},
		{"/s/0", nil, false}, // through a primitive
		{"/s", "str", true},
	}
	for _, tt := range tests {
		got, ok := d.Get(MustPointer(tt.path))
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Get(%s) = %#v, %v; want %#v, %v", tt.path, got, ok, tt.want, tt.ok)
		}
	}
	root, ok := d.Get(nil)
	if !ok || len(root.(map[string]any)) != 2 {
		t.Errorf("Get(root) = %#v, %v", root, ok)
	}
}

func TestDataModelDelete(t *testing.T) {
	tests := []struct {
		name    string
		start   string
		path    string
		want    string
		changed bool
		code    string
	}{
		{"object key removed", `{"a":1,"b":2}`, "/a", `{"b":2}`, true, ""},
		{"nested key removed", `{"a":{"b":1,"c":2}}`, "/a/b", `{"a":{"c":2}}`, true, ""},
		{"array slot becomes null, length kept", `{"l":[1,2,3]}`, "/l/1", `{"l":[1,null,3]}`, true, ""},
		{"last array slot keeps length", `{"l":[1,2]}`, "/l/1", `{"l":[1,null]}`, true, ""},
		{"subtree removed", `{"a":{"b":{"c":[1,2]}},"z":0}`, "/a", `{"z":0}`, true, ""},
		{"missing key is a no-op", `{"a":1}`, "/x", `{"a":1}`, false, ""},
		{"missing deep is a no-op", `{"a":1}`, "/x/y/z", `{"a":1}`, false, ""},
		{"index out of range is a no-op", `{"l":[1]}`, "/l/5", `{"l":[1]}`, false, ""},
		{"through a primitive is a no-op", `{"s":"x"}`, "/s/0", `{"s":"x"}`, false, ""},
		{"non-numeric on array is an error", `{"l":[1]}`, "/l/x", `{"l":[1]}`, false, protocol.CodeValidationFailed},
		{"root empties the model", `{"a":1,"b":[1]}`, "", `{}`, true, ""},
		{"__proto__ key", `{"__proto__":1,"a":2}`, "/__proto__", `{"a":2}`, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fromJSON(t, tt.start)
			v0 := d.Version()
			var notified []string
			d.Subscribe(nil, func(c Pointer) { notified = append(notified, c.String()) })
			err := d.Delete(MustPointer(tt.path))
			if got := errCode(err); got != tt.code {
				t.Fatalf("Delete error = %v, want code %q", err, tt.code)
			}
			if got := mustJSON(t, d); got != tt.want {
				t.Fatalf("model = %s, want %s", got, tt.want)
			}
			if changed := d.Version() != v0; changed != tt.changed {
				t.Fatalf("changed = %v, want %v", changed, tt.changed)
			}
			if tt.changed && (len(notified) != 1 || notified[0] != MustPointer(tt.path).String()) {
				t.Fatalf("notified %v", notified)
			}
			if !tt.changed && len(notified) != 0 {
				t.Fatalf("no-op notified %v", notified)
			}
			if got, want := d.Nodes(), countNodes(d.root)-1; got != want {
				t.Fatalf("Nodes() = %d, recount = %d", got, want)
			}
		})
	}
}

func TestDataModelSubscribe(t *testing.T) {
	subPaths := []string{"", "/user", "/user/name", "/user/name/first", "/user/age", "/users", "/other", "/list/0", "/list"}
	tests := []struct {
		name   string
		op     func(d *DataModel) error
		notify []string // subscriptions notified, in subscription order
	}{
		{"exact leaf", func(d *DataModel) error { return d.Set(MustPointer("/user/age"), 3.0) },
			[]string{"", "/user", "/user/age"}},
		{"exact with descendants", func(d *DataModel) error { return d.Set(MustPointer("/user/name"), "x") },
			[]string{"", "/user", "/user/name", "/user/name/first"}},
		{"parent write cascades to all descendants", func(d *DataModel) error { return d.Set(MustPointer("/user"), map[string]any{}) },
			[]string{"", "/user", "/user/name", "/user/name/first", "/user/age"}},
		{"deep write bubbles to ancestors", func(d *DataModel) error { return d.Set(MustPointer("/user/name/first/x"), 1.0) },
			[]string{"", "/user", "/user/name", "/user/name/first"}},
		{"prefix-named sibling is not notified", func(d *DataModel) error { return d.Set(MustPointer("/users/0"), 1.0) },
			[]string{"", "/users"}},
		{"array slot", func(d *DataModel) error { return d.Set(MustPointer("/list/1"), 1.0) },
			[]string{"", "/list"}},
		{"array delete", func(d *DataModel) error { return d.Delete(MustPointer("/list/0")) },
			[]string{"", "/list/0", "/list"}},
		{"root replace notifies everyone", func(d *DataModel) error { return d.Set(nil, map[string]any{"a": 1.0}) },
			subPaths},
		{"unrelated key notifies only the root", func(d *DataModel) error { return d.Set(MustPointer("/s"), "x") },
			[]string{""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := fromJSON(t, `{"list":[{"a":1}]}`)
			var got []string
			for _, sp := range subPaths {
				sp := sp
				d.Subscribe(MustPointer(sp), func(Pointer) { got = append(got, sp) })
			}
			if err := tt.op(d); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.notify) {
				t.Fatalf("notified %q, want %q", got, tt.notify)
			}
		})
	}
}

func TestDataModelSubscribeChangedPathAndFailure(t *testing.T) {
	d := fromJSON(t, `{"s":"x"}`)
	var got []string
	d.Subscribe(MustPointer("/s"), func(c Pointer) { got = append(got, c.String()) })
	if err := d.Set(MustPointer("/s/k"), 1.0); err == nil {
		t.Fatal("want error")
	}
	if len(got) != 0 {
		t.Fatalf("failed write notified %v", got)
	}
	if err := d.Set(MustPointer("/s"), "y"); err != nil {
		t.Fatal(err)
	}
	if err := d.Set(nil, map[string]any{"s": "z"}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"/s", ""}; !reflect.DeepEqual(got, want) {
		t.Fatalf("changed paths %q, want %q", got, want)
	}
}

func TestDataModelUnsubscribe(t *testing.T) {
	d := NewDataModel()
	var a, b, c int
	cancelA := d.Subscribe(MustPointer("/x"), func(Pointer) { a++ })
	cancelB := d.Subscribe(MustPointer("/x/y"), func(Pointer) { b++ })
	var cancelC func()
	cancelC = d.Subscribe(MustPointer("/x"), func(Pointer) { c++; cancelC() }) // cancels itself
	if d.Subscribers() != 3 {
		t.Fatalf("Subscribers = %d", d.Subscribers())
	}
	d.Set(MustPointer("/x/y"), 1.0)
	cancelA()
	cancelA() // idempotent
	d.Set(MustPointer("/x/y"), 2.0)
	cancelB()
	d.Set(MustPointer("/x/y"), 3.0)
	if a != 1 || b != 2 || c != 1 {
		t.Fatalf("calls a=%d b=%d c=%d, want 1 2 1", a, b, c)
	}
	if d.Subscribers() != 0 {
		t.Fatalf("Subscribers = %d after cancelling all", d.Subscribers())
	}
	if len(d.subs.kids) != 0 {
		t.Fatalf("subscription trie not pruned: %v", d.subs.kids)
	}
}

func TestDataModelCancelOtherDuringNotify(t *testing.T) {
	d := NewDataModel()
	var cancel2 func()
	called2 := false
	d.Subscribe(MustPointer("/a"), func(Pointer) { cancel2() })
	cancel2 = d.Subscribe(MustPointer("/a"), func(Pointer) { called2 = true })
	d.Set(MustPointer("/a"), 1.0)
	if called2 {
		t.Fatal("a subscription cancelled earlier in the same round was still called")
	}
}

func TestDataModelWriteFromSubscriber(t *testing.T) {
	d := NewDataModel()
	var order []string
	d.Subscribe(MustPointer("/in"), func(c Pointer) {
		order = append(order, "in:"+c.String())
		v, _ := d.Get(MustPointer("/in"))
		d.Set(MustPointer("/out"), strings.ToUpper(v.(string)))
	})
	d.Subscribe(MustPointer("/out"), func(c Pointer) { order = append(order, "out:"+c.String()) })
	d.Subscribe(MustPointer("/in"), func(c Pointer) { order = append(order, "in2:"+c.String()) })
	if err := d.Set(MustPointer("/in"), "abc"); err != nil {
		t.Fatal(err)
	}
	// The derived write is delivered after the current round, before Set returns.
	if want := []string{"in:/in", "in2:/in", "out:/out"}; !reflect.DeepEqual(order, want) {
		t.Fatalf("order %q, want %q", order, want)
	}
	if got := mustJSON(t, d); got != `{"in":"abc","out":"ABC"}` {
		t.Fatal(got)
	}
}

func TestDataModelRunawaySubscriberTerminates(t *testing.T) {
	d := NewDataModel()
	n := 0.0
	d.Subscribe(MustPointer("/x"), func(Pointer) { n++; d.Set(MustPointer("/x"), n) })
	if err := d.Set(MustPointer("/x"), 0.0); err != nil {
		t.Fatal(err)
	}
	if n != maxDeliveries {
		t.Fatalf("deliveries = %v, want cap %d", n, maxDeliveries)
	}
	// The model is still usable afterwards.
	got := 0
	d.Subscribe(MustPointer("/y"), func(Pointer) { got++ })
	d.Set(MustPointer("/y"), 1.0)
	if got != 1 {
		t.Fatalf("notifications stopped after the cap: %d", got)
	}
}

func TestDataModelLimits(t *testing.T) {
	d := NewDataModel()
	d.SetLimits(5)
	if err := d.Set(MustPointer("/a"), []any{1.0, 2.0, 3.0}); err != nil { // 4 nodes
		t.Fatal(err)
	}
	if err := d.Set(MustPointer("/b"), 1.0); err != nil { // 5
		t.Fatal(err)
	}
	err := d.Set(MustPointer("/c"), 1.0)
	var pe *protocol.Error
	if !errors.As(err, &pe) || pe.Code != protocol.CodeLimit || pe.Message != "data model node limit exceeded (max 5 nodes)" {
		t.Fatalf("err = %#v", err)
	}
	if got := mustJSON(t, d); got != `{"a":[1,2,3],"b":1}` {
		t.Fatalf("model changed by a refused write: %s", got)
	}
	// Replacing a subtree frees its nodes first.
	if err := d.Set(MustPointer("/a"), map[string]any{"x": 1.0, "y": 2.0, "z": 3.0}); err != nil {
		t.Fatalf("same-size replace refused: %v", err)
	}
	if err := d.Delete(MustPointer("/a")); err != nil {
		t.Fatal(err)
	}
	if d.Nodes() != 1 {
		t.Fatalf("Nodes = %d", d.Nodes())
	}
	// Array padding counts: /l/10 needs 1 + 10 nulls + 1.
	if err := d.Set(MustPointer("/l/10"), 1.0); errCode(err) != protocol.CodeLimit {
		t.Fatalf("padding not counted: %v", err)
	}
	// A huge index is refused before any allocation.
	d.SetLimits(0)
	if err := d.Set(MustPointer("/l/999999999"), 1.0); errCode(err) != protocol.CodeLimit {
		t.Fatalf("huge index: %v", err)
	}
	if err := d.Set(MustPointer("/v/999999999/x"), 1.0); errCode(err) != protocol.CodeLimit {
		t.Fatalf("huge vivified index: %v", err)
	}
	// Root replacement is limited too.
	d.SetLimits(2)
	if err := d.Set(nil, map[string]any{"a": 1.0, "b": 1.0}); err != nil {
		t.Fatalf("root with 2 nodes refused: %v", err)
	}
	if err := d.Set(nil, map[string]any{"a": 1.0, "b": 1.0, "c": 1.0}); errCode(err) != protocol.CodeLimit {
		t.Fatalf("root with 3 nodes: %v", err)
	}
	if d.Nodes() != 2 {
		t.Fatalf("Nodes = %d", d.Nodes())
	}
}

func TestDataModelSnapshotAndJSON(t *testing.T) {
	d := fromJSON(t, `{"z":1,"a":{"y":[1,{"k":"v"}],"b":"<&>"},"m":null}`)
	snap := d.Snapshot()
	snap["a"].(map[string]any)["y"].([]any)[1].(map[string]any)["k"] = "changed"
	snap["new"] = 1
	want := `{"a":{"b":"\u003c\u0026\u003e","y":[1,{"k":"v"}]},"m":null,"z":1}`
	for i := 0; i < 3; i++ {
		if got := mustJSON(t, d); got != want {
			t.Fatalf("JSON = %s, want %s", got, want)
		}
	}
	var nilModel *DataModel
	if b, _ := nilModel.MarshalJSON(); string(b) != "null" {
		t.Fatalf("nil model JSON = %s", b)
	}
}

func TestDataModelClose(t *testing.T) {
	d := NewDataModel()
	calls := 0
	for _, p := range []string{"", "/a", "/a/b", "/c"} {
		d.Subscribe(MustPointer(p), func(Pointer) { calls++ })
	}
	d.Close()
	if d.Subscribers() != 0 || !d.Closed() {
		t.Fatalf("Subscribers = %d closed=%v", d.Subscribers(), d.Closed())
	}
	if err := d.Set(MustPointer("/a"), 1.0); errCode(err) != protocol.CodeUnknownSurface {
		t.Fatalf("Set after Close: %v", err)
	}
	if err := d.Delete(MustPointer("/a")); errCode(err) != protocol.CodeUnknownSurface {
		t.Fatalf("Delete after Close: %v", err)
	}
	cancel := d.Subscribe(nil, func(Pointer) { calls++ })
	cancel()
	if calls != 0 || d.Subscribers() != 0 {
		t.Fatalf("calls=%d subs=%d", calls, d.Subscribers())
	}
}

// FuzzDataModel applies a write and a delete at fuzzed paths to a populated model and checks
// the invariants: no panic, the node count matches a recount, a failed write changes nothing.
func FuzzDataModel(f *testing.F) {
	f.Add("/a/0/b", []byte(`{"x":[1,2]}`), "/a/0")
	f.Add("/l/x", []byte(`1`), "/l/1")
	f.Add("", []byte(`{"k":null}`), "")
	f.Add("/s/0", []byte(`"v"`), "/s")
	f.Add("/l/99", []byte(`[[[]]]`), "/l/0/a")
	f.Fuzz(func(t *testing.T, setPath string, value []byte, delPath string) {
		d := NewDataModel()
		d.SetLimits(200)
		if err := d.SetJSON(nil, []byte(`{"a":[{"b":1}],"l":[1,2,3],"s":"str","o":{"p":{"q":true}}}`)); err != nil {
			t.Fatal(err)
		}
		calls := 0
		d.Subscribe(MustPointer("/a"), func(Pointer) { calls++ })
		if p, err := ParsePointer(setPath); err == nil {
			before, _ := json.Marshal(d)
			v0 := d.Version()
			if err := d.SetJSON(p, value); err != nil {
				after, _ := json.Marshal(d)
				if string(before) != string(after) || d.Version() != v0 {
					t.Fatalf("failed Set(%q) changed the model: %s → %s", setPath, before, after)
				}
			} else if got, ok := d.Get(p); !ok && len(p) > 0 {
				t.Fatalf("Set(%q) succeeded but Get finds nothing (%v)", setPath, got)
			}
		}
		if p, err := ParsePointer(delPath); err == nil {
			_ = d.Delete(p)
		}
		if got, want := d.Nodes(), countNodes(d.root)-1; got != want || got > 200 {
			t.Fatalf("Nodes() = %d, recount = %d", got, want)
		}
	})
}
