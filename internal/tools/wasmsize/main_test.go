package main

import (
	"bytes"
	"strings"
	"testing"
)

// tinyWasm is a hand-assembled module: one imported function, two defined ones
// (bodies of 4 and 6 bytes), one active data segment of 5 bytes, and a name section.
func tinyWasm(withNames bool) []byte {
	sec := func(id byte, payload ...byte) []byte { return append([]byte{id, byte(len(payload))}, payload...) }
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	b := cat(
		[]byte("\x00asm\x01\x00\x00\x00"),
		sec(1, 1, 0x60, 0, 0),                                            // type: () -> ()
		sec(2, cat([]byte{1}, str("go"), str("debug"), []byte{0, 0})...), // import func 0
		sec(3, 2, 0, 0),                                                  // two functions of type 0
		sec(5, 1, 0, 1),                                                  // memory min 1
		sec(10, cat([]byte{2},
			[]byte{3, 0, 0x01, 0x0b},                  // size 3: no locals, nop, end
			[]byte{5, 0, 0x01, 0x01, 0x01, 0x0b})...), // size 5
		sec(11, cat([]byte{1, 0, 0x41, 0x80, 0x01, 0x0b}, str("hello"))...), // i32.const 128
	)
	if withNames {
		names := cat([]byte{2}, []byte{1}, str("github.com_x_y.__T_.M"), []byte{2}, str("main.main"))
		b = cat(b, sec(0, cat(str("name"), []byte{1, byte(len(names))}, names)...))
	}
	return b
}

func TestParse(t *testing.T) {
	m, err := Parse(tinyWasm(true))
	if err != nil {
		t.Fatal(err)
	}
	want := []Func{{1, "github.com_x_y.__T_.M", 4}, {2, "main.main", 6}}
	if len(m.Funcs) != len(want) {
		t.Fatalf("funcs = %+v, want %+v", m.Funcs, want)
	}
	for i := range want {
		if m.Funcs[i] != want[i] {
			t.Errorf("func %d = %+v, want %+v", i, m.Funcs[i], want[i])
		}
	}
	if m.Imports != 1 || len(m.Data) != 1 || m.Data[0] != 5 {
		t.Errorf("imports %d, data %v; want 1, [5]", m.Imports, m.Data)
	}
	if m.Sections["code"] != 11 || m.Sections["custom:name"] == 0 {
		t.Errorf("sections = %v", m.Sections)
	}
}

func TestParseErrors(t *testing.T) {
	good := tinyWasm(false)
	for name, b := range map[string][]byte{
		"empty":            nil,
		"magic":            []byte("\x00wasm\x01\x00\x00\x00"),
		"truncated":        good[:len(good)-3],
		"section past end": append(append([]byte{}, good[:8]...), 10, 100, 1),
	} {
		if _, err := Parse(b); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestPackagesOf(t *testing.T) {
	p := NewPackages([]string{"runtime", "internal/runtime/maps", "github.com/x/y", "github.com/x/y/z", "encoding/json"})
	for name, want := range map[string]string{
		"runtime.mallocgc":                        "runtime",
		"internal_runtime_maps.__Map_.getWithKey": "internal/runtime/maps",
		"github.com_x_y.__T_.M":                   "github.com/x/y",
		"github.com_x_y_z.F":                      "github.com/x/y/z",
		"encoding_json.Marshal":                   "encoding/json",
		"type_.eq.main.T":                         "type_",
		"wasm_pc_f_loop":                          "(runtime asm)",
	} {
		if got := p.Of(name); got != want {
			t.Errorf("Of(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestReport(t *testing.T) {
	m, _ := Parse(tinyWasm(true))
	var out strings.Builder
	if err := report(&out, m, nil, NewPackages([]string{"github.com/x/y", "main"}), 15); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"code 10 (2 functions), data 5 (1 segments)",
		"         6  60.0%  main\n",
		"         4  40.0%  github.com/x/y\n",
		"         6  60.0%  main.main\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	stripped, _ := Parse(tinyWasm(false))
	if err := report(&out, stripped, nil, NewPackages(nil), 15); err == nil || !strings.Contains(err.Error(), "name section") {
		t.Errorf("stripped wasm: err = %v, want a name-section error", err)
	}
}
