package headless

import (
	"os"
	"path/filepath"
)

// maxScratchLen bounds the length of a scratch directory's path: Chromium puts its
// SingletonSocket at <TMPDIR>/org.chromium.Chromium.XXXXXX/SingletonSocket, and a Unix
// socket's path is at most 107 bytes, or Chromium stops at start ("Socket path too long").
const maxScratchLen = 60

// ScratchDir makes a new directory (os.MkdirTemp with pattern) for a Chromium's profile
// and TMPDIR under dir, or under /tmp when that path would be too long for Chromium's
// socket (a deep checkout's .tmp); dir "" means os.TempDir().
func ScratchDir(dir, pattern string) (string, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	if len(filepath.Join(dir, pattern))+10 > maxScratchLen {
		if st, err := os.Stat("/tmp"); err == nil && st.IsDir() {
			dir = "/tmp"
		}
	}
	return os.MkdirTemp(dir, pattern)
}
