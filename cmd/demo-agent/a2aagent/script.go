package a2aagent

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/a2ui-go/a2ui/agent"
	"github.com/a2ui-go/a2ui/cmd/demo-agent/demoagent"
)

// demoScript adapts the JSONL demo agent: samples are read from its samples
// directory (NAME.jsonl or demo/NAME.jsonl), client messages are parsed by
// agent.ParseClientMessages and answered by demoagent's Respond.
type demoScript struct {
	dir   string
	agent *demoagent.Agent
}

// FromDemo returns the Script of the demo agent serving the samples in dir.
func FromDemo(dir string, agent *demoagent.Agent) Script { return demoScript{dir: dir, agent: agent} }

var sampleName = regexp.MustCompile(`^[a-z0-9_-]+(/[a-z0-9_-]+)*$`)

func (d demoScript) Sample(name string) ([][]byte, error) {
	if !sampleName.MatchString(name) {
		return nil, fmt.Errorf("no sample %q", name)
	}
	for _, cand := range []string{name, "demo/" + name} {
		data, err := os.ReadFile(filepath.Join(d.dir, filepath.FromSlash(cand)+".jsonl"))
		if err != nil {
			continue
		}
		var lines [][]byte
		for l := range bytes.SplitSeq(data, []byte("\n")) {
			if l = bytes.TrimSpace(l); len(l) > 0 {
				lines = append(lines, l)
			}
		}
		return lines, nil
	}
	return nil, fmt.Errorf("no sample %q", name)
}

func (d demoScript) Respond(message []byte) ([][]byte, error) {
	msgs, err := agent.ParseClientMessages(message)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, m := range msgs {
		for _, r := range d.agent.Respond(m) {
			b, err := r.JSON()
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
	}
	return out, nil
}
