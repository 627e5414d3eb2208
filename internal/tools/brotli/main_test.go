package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestRunWritesDecodableFile(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	want := strings.Repeat("a2ui renderer ", 1000)
	if err := os.WriteFile(in, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "in.txt.br")
	if err := run(11, out, false, []string{in}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= len(want)/10 {
		t.Errorf("compressed %d bytes to %d: not compressed", len(want), len(b))
	}
	got, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	if err != nil || string(got) != want {
		t.Fatalf("round trip: %v, equal=%v", err, string(got) == want)
	}
}

func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"a", "b"}} {
		if err := run(11, "", false, args); err == nil || !strings.Contains(err.Error(), "usage") {
			t.Errorf("run(%q) = %v, want a usage error", args, err)
		}
	}
}
