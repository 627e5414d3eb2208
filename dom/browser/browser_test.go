//go:build js && wasm

package browser

import (
	"os"
	"path/filepath"
	"syscall/js"
	"testing"
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// Run with: GOOS=js GOARCH=wasm PATH=$PATH:$(go env GOROOT)/lib/wasm go test ./dom/browser
// (Node). The runtime runs on dom/testdata/fakedom.js, a minimal DOM.

func setup(t testing.TB) (fake js.Value, host js.Value) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	req := js.Global().Get("require")
	if req.Type() != js.TypeFunction {
		t.Skip("not running under Node")
	}
	fake = req.Invoke(filepath.Join(wd, "..", "testdata", "fakedom.js"))
	js.Global().Set("document", fake.Get("doc"))
	req.Invoke(filepath.Join(wd, "..", "..", "web", "a2ui-runtime.js"))
	host = fake.Get("doc").Call("createElement", "div")
	host.Set("connected", true)
	return fake, host
}

func TestPatchAndEvents(t *testing.T) {
	fake, hostEl := setup(t)
	p, err := NewPatcher()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Attach("s1", safejs.Safe(hostEl)); err != nil {
		t.Fatal(err)
	}
	delivered := make(chan dom.Event, 1)
	evs, err := NewEvents(func(ev dom.Event) { delivered <- ev })
	if err != nil {
		t.Fatal(err)
	}
	defer evs.Close()

	mem := memdom.New()
	mem.Attach("s1")
	tree := dom.NewTree("s1")
	var e dom.Encoder
	serialize := func() string {
		out := ""
		kids := hostEl.Get("childNodes")
		for i := 0; i < kids.Length(); i++ {
			out += fake.Call("ser", kids.Index(i)).String()
		}
		return out
	}
	// A batch bigger than the initial 64 KiB buffer: the Uint8Array grows.
	big := make([]byte, 100<<10)
	for i := range big {
		big[i] = 'x'
	}
	input := dom.El("input").SetProp("value", "hello").Listen("input", 1)
	tree.Render(dom.El("div", input, dom.El("p", dom.T(string(big)))), &e)
	for _, apply := range []func([]byte) error{p.Patch, mem.Apply} {
		if err := apply(e.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := serialize(), mem.Host("s1").HTML(); got != want {
		t.Fatalf("browser DOM differs from memdom:\n%.200s\n%.200s", got, want)
	}
	// A rejected batch reports the runtime's error.
	if err := p.Patch([]byte{0xA2, 1, byte(dom.OpHost), 0, 2, 'n', 'o'}); err == nil || err.Error() != `a2ui: unknown host "no"` {
		t.Fatalf("err = %v", err)
	}
	// Dispatch an input event the way the browser would: the delegated listener on the host
	// calls the Go callback, which hands the event to deliver.
	el := js.Global().Get("__a2uiRuntime").Call("node", "s1", input.ID)
	el.Set("value", "typed it, é ☃")
	ev := js.Global().Get("Object").New()
	ev.Set("type", "input")
	ev.Set("isTrusted", true)
	ev.Set("target", el)
	path := js.Global().Get("Array").New(el, el.Get("parentNode"), hostEl)
	ev.Set("composedPath", js.FuncOf(func(js.Value, []js.Value) any { return path }))
	listeners := hostEl.Get("listeners")
	for i := 0; i < listeners.Length(); i++ {
		if l := listeners.Index(i); l.Index(0).String() == "input" {
			l.Index(1).Invoke(ev)
		}
	}
	select {
	case got := <-delivered:
		want := dom.Event{Surface: "s1", Node: input.ID, Type: "input", Value: "typed it, é ☃"}
		if got != want {
			t.Fatalf("event %+v, want %+v", got, want)
		}
		if tree.Lookup(got.Node) != input {
			t.Fatal("Lookup did not find the input")
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no event delivered")
	}
}

// BenchmarkPatch is one frame's crossing into JS: a small batch (one text change) copied
// and applied.
func BenchmarkPatch(b *testing.B) {
	_, hostEl := setup(b)
	p, err := NewPatcher()
	if err != nil {
		b.Fatal(err)
	}
	if err := p.Attach("s1", safejs.Safe(hostEl)); err != nil {
		b.Fatal(err)
	}
	tree := dom.NewTree("s1")
	var e dom.Encoder
	text := dom.T("0")
	tree.Render(dom.El("p", text), &e)
	if err := p.Patch(e.Bytes()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		e.Reset()
		tree.Render(dom.El("p", dom.T(string(rune('a'+i%26)))), &e)
		if err := p.Patch(e.Bytes()); err != nil {
			b.Fatal(err)
		}
	}
}
