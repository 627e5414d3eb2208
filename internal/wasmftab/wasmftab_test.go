package wasmftab

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/wasmbin"
)

// fakeGo lays out what Pack looks for, the way the Go linker does: a pcHeader, a
// moduledata pointing at it and a findfunctab whose records repeat per function.
type fakeGo struct {
	mem                []byte // from address base
	base, pch, md, tab uint64
	table              []byte
}

const fakeBase = 0x1000

func newFakeGo(nfunc, bucketsPerFunc int, sub func(bucket int) [16]byte) *fakeGo {
	f := &fakeGo{base: fakeBase}
	f.pch, f.md, f.tab = fakeBase+0x100, fakeBase+0x400, fakeBase+0x800
	buckets := nfunc * bucketsPerFunc
	f.mem = make([]byte, int(f.tab-fakeBase)+buckets*recordSize+0x200)
	put64 := func(a, v uint64) { binary.LittleEndian.PutUint64(f.mem[a-fakeBase:], v) }
	put32 := func(a uint64, v uint32) { binary.LittleEndian.PutUint32(f.mem[a-fakeBase:], v) }
	put32(f.pch, magic)
	put32(f.pch+4, 0x08010000)
	put64(f.pch+8, uint64(nfunc))
	put64(f.pch+32, 0x40) // funcnameOffset
	put64(f.md, f.pch)
	put64(f.md+8, f.pch+0x40)
	put64(f.md+136, uint64(nfunc+1))
	put64(f.md+152, f.tab)
	put64(f.md+160, 0x1000<<16)
	put64(f.md+168, 0x1000<<16+uint64(buckets)*bucketSize)
	for b := 0; b < buckets; b++ {
		a := f.tab + uint64(b*recordSize)
		put32(a, uint32(b/bucketsPerFunc))
		if sub != nil {
			s := sub(b)
			copy(f.mem[a+4-fakeBase:], s[:])
		}
	}
	// Data right after the table, closer than a segment split: a straddling segment.
	copy(f.mem[int(f.tab-fakeBase)+buckets*recordSize+3:], "after the table")
	f.table = append([]byte{}, f.mem[f.tab-fakeBase:int(f.tab-fakeBase)+buckets*recordSize]...)
	return f
}

// module writes f's memory as the Go linker does: a segment per run of bytes, split
// where more than 8 zero bytes would be written.
func (f *fakeGo) module(extra ...[]byte) []byte {
	var segs []segment
	for i := 0; i < len(f.mem); {
		if f.mem[i] == 0 {
			i++
			continue
		}
		j, zeros := i, 0
		for j < len(f.mem) && zeros <= 8 {
			if f.mem[j] == 0 {
				zeros++
			} else {
				zeros = 0
			}
			j++
		}
		end := j - zeros
		segs = append(segs, segment{off: f.base + uint64(i), data: f.mem[i:end]})
		i = j
	}
	out := []byte("\x00asm\x01\x00\x00\x00")
	out = wasmbin.AppendSection(out, 1, []byte{0}) // an empty type section
	out = wasmbin.AppendSection(out, 11, encodeSegments(segs))
	for _, e := range extra {
		out = append(out, e...)
	}
	return out
}

func customSection(t *testing.T, wasm []byte, name string) []byte {
	t.Helper()
	secs, err := wasmbin.Sections(wasm)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secs {
		if s.ID == 0 && s.Name == name {
			return s.Body[len(wasmbin.AppendU32(nil, uint32(len(name))))+len(name):]
		}
	}
	t.Fatalf("no custom section %q", name)
	return nil
}

func memoryOf(t *testing.T, wasm []byte) *memory {
	t.Helper()
	secs, err := wasmbin.Sections(wasm)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secs {
		if s.ID == 11 {
			segs, err := dataSegments(s.Body)
			if err != nil {
				t.Fatal(err)
			}
			return image(segs)
		}
	}
	t.Fatal("no data section")
	return nil
}

func TestPack(t *testing.T) {
	for _, tc := range []struct {
		name            string
		nfunc, perFunc  int
		sub             func(int) [16]byte
		wantRuns        int
		wantSegmentsMin int
	}{
		{"one function per 16 buckets (wasm)", 50, 16, nil, 50, 49},
		{"subbucket offsets", 20, 3, func(b int) [16]byte {
			var s [16]byte
			if b%3 == 2 {
				s[7], s[15] = 1, 2
			}
			return s
		}, 40, 19},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeGo(tc.nfunc, tc.perFunc, tc.sub)
			in := f.module()
			out, st, err := Pack(in)
			if err != nil {
				t.Fatal(err)
			}
			if st.Buckets != tc.nfunc*tc.perFunc || st.Runs != tc.wantRuns || st.Segments < tc.wantSegmentsMin {
				t.Errorf("stats = %+v, want %d buckets, %d runs, >= %d segments", st, tc.nfunc*tc.perFunc, tc.wantRuns, tc.wantSegmentsMin)
			}
			got, err := Expand(customSection(t, out, SectionName))
			if err != nil {
				t.Fatal(err)
			}
			if got.Addr != f.tab || !bytes.Equal(got.Table, f.table) {
				t.Fatalf("Expand: addr %#x, table equal %v", got.Addr, bytes.Equal(got.Table, f.table))
			}
			// The data left in the module has zeros where the table was, and the
			// rest of memory as it was.
			m := memoryOf(t, out)
			img := m.read(f.base, uint64(len(f.mem)))
			if !bytes.Equal(img[f.tab-f.base:int(f.tab-f.base)+len(f.table)], make([]byte, len(f.table))) {
				t.Error("table bytes left in the data section")
			}
			copy(img[f.tab-f.base:], got.Table)
			if !bytes.Equal(img, f.mem) {
				t.Error("memory image changed outside the table")
			}
			if len(out) >= len(in) {
				t.Errorf("packed %d bytes, unpacked %d", len(out), len(in))
			}
		})
	}
}

func TestPackErrors(t *testing.T) {
	f := newFakeGo(4, 16, nil)
	packed, _, err := Pack(f.module())
	if err != nil {
		t.Fatal(err)
	}
	noGo := &fakeGo{base: fakeBase, mem: []byte("plain data, no Go runtime here")}
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"not wasm", []byte("\x7fELF...."), "not a wasm module"},
		{"truncated section", append(f.module(), 11, 0x80, 0x80, 0x01), "truncated"},
		{"packed twice", packed, "already packed"},
		{"no runtime tables", noGo.module(), "no Go 1.20+ pcHeader/moduledata"},
		{"no data section", []byte("\x00asm\x01\x00\x00\x00"), "no data section"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Pack(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestExpandErrors(t *testing.T) {
	f := newFakeGo(4, 16, nil)
	out, _, err := Pack(f.module())
	if err != nil {
		t.Fatal(err)
	}
	sec := customSection(t, out, SectionName)
	for _, tc := range []struct {
		name string
		sec  []byte
	}{
		{"empty", nil},
		{"version", append([]byte{9}, sec[1:]...)},
		{"truncated", sec[:len(sec)-1]},
		{"trailing bytes", append(append([]byte{}, sec...), 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Expand(tc.sec); err == nil {
				t.Fatal("no error")
			}
		})
	}
}
