package dom

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func collect(t *testing.T, b []byte) []Op {
	t.Helper()
	var ops []Op
	if err := Decode(b, func(op *Op) error {
		c := *op
		c.Events = append([]string(nil), op.Events...)
		ops = append(ops, c)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ops
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	long := strings.Repeat("é", 1<<20) // 2 MiB of text: the buffer grows, no cap
	var e Encoder
	e.Host("surface-1")
	e.Elem(1, NSHTML, "div")
	e.Elem(300, NSSVG, "svg")
	e.Text(2, long)
	e.Attr(1, "class", "a2ui-row")
	e.Attr(300, "class", "a2ui-row")
	e.DelAttr(1, "title")
	e.Prop(1, "value", "x")
	e.SetText(2, "")
	e.Insert(1, 2, 0)
	e.Insert(1<<31, 1<<32-1, 7)
	e.Remove(300)
	e.Listen(1, []Listener{{"click", 9}, {"input", 1}})
	e.Listen(1, nil)
	e.Mount(1)
	want := []Op{
		{Code: OpHost, Name: "surface-1"},
		{Code: OpElem, ID: 1, Name: "div"},
		{Code: OpElem, ID: 300, NS: NSSVG, Name: "svg"},
		{Code: OpText, ID: 2, Value: long},
		{Code: OpAttr, ID: 1, Name: "class", Value: "a2ui-row"},
		{Code: OpAttr, ID: 300, Name: "class", Value: "a2ui-row"},
		{Code: OpDelAttr, ID: 1, Name: "title"},
		{Code: OpProp, ID: 1, Name: "value", Value: "x"},
		{Code: OpSetText, ID: 2},
		{Code: OpInsert, Parent: 1, ID: 2},
		{Code: OpInsert, Parent: 1 << 31, ID: 1<<32 - 1, Before: 7},
		{Code: OpRemove, ID: 300},
		{Code: OpListen, ID: 1, Events: []string{"click", "input"}},
		{Code: OpListen, ID: 1, Events: []string{}},
		{Code: OpMount, ID: 1},
	}
	got := collect(t, e.Bytes())
	if len(got) != len(want) || e.Ops() != len(want) {
		t.Fatalf("got %d ops (Ops()=%d), want %d", len(got), e.Ops(), len(want))
	}
	for i := range want {
		if want[i].Events == nil {
			want[i].Events = []string{}
		}
		if got[i].Events == nil {
			got[i].Events = []string{}
		}
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("op %d: got %+v want %+v", i, got[i].Code, want[i].Code)
		}
	}
	// "class" and "a2ui-row" are written once, then referenced.
	if n := strings.Count(string(e.Bytes()), "a2ui-row"); n != 1 {
		t.Errorf("interned value written %d times", n)
	}
	e.Reset()
	if e.Bytes() != nil || e.Ops() != 0 {
		t.Fatal("Reset did not empty the batch")
	}
	// The string table is per batch: after Reset "class" is written again.
	e.Attr(1, "class", "x")
	if !strings.Contains(string(e.Bytes()), "class") {
		t.Fatal("string table leaked across batches")
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name string
		b    []byte
		want string
	}{
		{"bad magic", []byte{0x00, 1}, "bad magic"},
		{"short", []byte{0xA2}, "bad magic"},
		{"version", []byte{0xA2, 9}, "unsupported version 9"},
		{"unknown op", []byte{0xA2, 1, 99}, "unknown op 99"},
		{"truncated varint", []byte{0xA2, 1, byte(OpRemove), 0x80}, "truncated varint"},
		{"varint overflow", []byte{0xA2, 1, byte(OpRemove), 0xff, 0xff, 0xff, 0xff, 0x7f}, "overflows"},
		{"string too long", []byte{0xA2, 1, byte(OpHost), 1, 50, 'a'}, "string length out of range"},
		{"bad string ref", []byte{0xA2, 1, byte(OpHost), 5}, "string ref out of range"},
		{"bad namespace", []byte{0xA2, 1, byte(OpElem), 1, 7, 1, 1, 'p'}, "bad namespace"},
		{"listener count", []byte{0xA2, 1, byte(OpListen), 1, 100}, "listener count out of range"},
		{"truncated insert", []byte{0xA2, 1, byte(OpInsert), 1, 2}, "truncated"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Decode(tc.b, func(*Op) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrBadBatch) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
	if err := Decode(nil, nil); err != nil {
		t.Fatal("empty batch must decode")
	}
}

func FuzzDecode(f *testing.F) {
	var e Encoder
	e.Host("h")
	e.Elem(1, NSHTML, "div")
	e.Listen(1, []Listener{{"click", 1}})
	f.Add(e.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = Decode(b, func(*Op) error { return nil }) // must not panic
	})
}

func TestRewindDropsEmptyHost(t *testing.T) {
	var e Encoder
	tr := NewTree("a")
	tr.Render(El("p"), &e)
	n := e.Len()
	tr.Render(El("p"), &e) // no change: the HOST op is dropped again
	if e.Len() != n {
		t.Fatalf("unchanged render grew the batch from %d to %d bytes", n, e.Len())
	}
	tr2 := NewTree("new-host-name")
	tr2.Render(nil, &e)
	if e.Len() != n {
		t.Fatal("empty render of a new host left bytes")
	}
	// A string interned by a dropped HOST op must not be referenced later.
	tr2.Render(El("p"), &e)
	var hosts []string
	if err := Decode(e.Bytes(), func(op *Op) error {
		if op.Code == OpHost {
			hosts = append(hosts, op.Name)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(hosts, ",") != "a,new-host-name" {
		t.Fatalf("hosts %v", hosts)
	}
}
