package headless

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScratchDir(t *testing.T) {
	short := t.TempDir()
	deep := filepath.Join(short, strings.Repeat("d", 80))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, base string
		under      string // want the directory under this one
	}{
		{"short base kept", "/tmp", "/tmp"},
		{"deep base moved to /tmp", deep, "/tmp"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := ScratchDir(c.base, "a2ui-chromium-")
			if err != nil {
				t.Fatal(err)
			}
			defer os.RemoveAll(d)
			if filepath.Dir(d) != c.under {
				t.Errorf("ScratchDir(%q) = %q, want a directory in %q", c.base, d, c.under)
			}
			// Chromium's socket: <d>/tmp/org.chromium.Chromium.XXXXXX/SingletonSocket.
			if n := len(filepath.Join(d, "tmp", "org.chromium.Chromium.XXXXXX", "SingletonSocket")); n > 107 {
				t.Errorf("socket path of %d bytes", n)
			}
		})
	}
}
