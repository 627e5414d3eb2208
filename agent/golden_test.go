package agent_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/agent"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var versions = []agent.Version{agent.V08, agent.V09, agent.V091, agent.V010, agent.V10}

// TestGolden pins the exact bytes of a whole session in every version
// (testdata/session_<version>.jsonl; go test -update rewrites them).
func TestGolden(t *testing.T) {
	for _, v := range versions {
		t.Run(v.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := agent.NewWriter(&b, agent.JSONL).Send(sampleMessages(v)...); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "session_"+v.String()+".jsonl")
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("session differs from %s:\n%s", path, b.Bytes())
			}
		})
	}
}
