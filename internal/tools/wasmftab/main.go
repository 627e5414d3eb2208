// Command wasmftab rewrites a GOOS=js wasm with the Go runtime's findfunctab moved into
// a custom section (package internal/wasmftab); make build runs it on a2ui.wasm.
//
//	wasmftab IN.wasm OUT.wasm
package main

import (
	"fmt"
	"os"

	"github.com/a2ui-go/a2ui/internal/wasmftab"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: wasmftab IN.wasm OUT.wasm")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err == nil {
		var out []byte
		var st wasmftab.Stats
		out, st, err = wasmftab.Pack(in)
		if err == nil {
			err = os.WriteFile(os.Args[2], out, 0o644)
		}
		if err == nil {
			fmt.Printf("wasmftab: findfunctab (%d buckets, %d data segments, %d bytes) -> %d runs in %d bytes; %d -> %d bytes\n",
				st.Buckets, st.Segments, st.SegmentBytes, st.Runs, st.SectionBytes, len(in), len(out))
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmftab:", err)
		os.Exit(1)
	}
}
