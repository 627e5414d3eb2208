package archtest

import (
	"os"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/internal/wasmftab"
)

// TestFuncTabPacks runs make build's post-link step on this Go's cmd/wasm: if a Go
// release moves the runtime's pcHeader, moduledata or findfunctab, it fails here
// (make build would fail too) rather than shipping the unpacked table.
func TestFuncTabPacks(t *testing.T) {
	path, _ := buildWasm(t)
	in, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, st, err := wasmftab.Pack(in)
	if err != nil {
		t.Fatal(err)
	}
	// A bucket is 4,096 PCs and a function 65,536: about 16 buckets a function.
	if st.Runs < 3000 || st.Buckets < 15*st.Runs || st.Buckets > 17*st.Runs {
		t.Errorf("%d buckets in %d runs: not the wasm layout (16 buckets a function)", st.Buckets, st.Runs)
	}
	if saved := len(in) - len(out); saved < 500_000 || st.SectionBytes > st.SegmentBytes/20 {
		t.Errorf("packing saved %d bytes (%+v)", saved, st)
	}
	if _, _, err := wasmftab.Pack(out); err == nil || !strings.Contains(err.Error(), "already packed") {
		t.Errorf("packing twice: %v", err)
	}
}
