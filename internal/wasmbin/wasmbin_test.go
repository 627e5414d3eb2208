package wasmbin

import (
	"bytes"
	"strings"
	"testing"
)

func TestLEB128(t *testing.T) {
	for _, tc := range []struct {
		v        int32
		u32, s32 []byte
	}{
		{0, []byte{0}, []byte{0}},
		{63, []byte{63}, []byte{63}},
		{64, []byte{64}, []byte{0xc0, 0}}, // signed: bit 6 would read as the sign
		{127, []byte{127}, []byte{0xff, 0}},
		{128, []byte{0x80, 1}, []byte{0x80, 1}},
		{0x7fffffff, []byte{0xff, 0xff, 0xff, 0xff, 7}, []byte{0xff, 0xff, 0xff, 0xff, 7}},
	} {
		if got := AppendU32(nil, uint32(tc.v)); !bytes.Equal(got, tc.u32) {
			t.Errorf("AppendU32(%d) = %x, want %x", tc.v, got, tc.u32)
		}
		if got := AppendS32(nil, tc.v); !bytes.Equal(got, tc.s32) {
			t.Errorf("AppendS32(%d) = %x, want %x", tc.v, got, tc.s32)
		}
		// A non-negative signed LEB128 reads the same as an unsigned one.
		for _, b := range [][]byte{tc.u32, tc.s32} {
			r := &Reader{B: b}
			if got := r.U32(); got != uint32(tc.v) || r.Err != nil || r.Off != len(b) {
				t.Errorf("U32(%x) = %d, %v", b, got, r.Err)
			}
		}
	}
	r := &Reader{B: []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0}}
	if r.U32(); r.Err == nil {
		t.Error("a 6-byte LEB128 read without error")
	}
}

func TestSections(t *testing.T) {
	b := []byte("\x00asm\x01\x00\x00\x00")
	b = AppendSection(b, 1, []byte{0})
	b = AppendSection(b, 0, append(AppendU32(nil, 4), "name.."...))
	secs, err := Sections(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 2 || secs[0].ID != 1 || !bytes.Equal(secs[0].Raw, []byte{1, 1, 0}) || secs[1].Name != "name" || len(secs[1].Body) != 7 {
		t.Fatalf("sections = %+v", secs)
	}
	for name, tc := range map[string]struct {
		b    []byte
		want string
	}{
		"not wasm": {[]byte("\x7fELF\x01\x00\x00\x00"), "not a wasm module"},
		"past end": {append(append([]byte{}, b[:8]...), 10, 100, 1), "truncated"},
		"size cut": {append(append([]byte{}, b[:8]...), 10, 0x80), "truncated"},
	} {
		if _, err := Sections(tc.b); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
	}
}
