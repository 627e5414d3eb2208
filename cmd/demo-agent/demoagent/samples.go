package demoagent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/a2ui-go/a2ui/agent"
)

// The custom-component samples (testdata/custom-samples: JSON arrays of messages in the
// shapes of google/A2UI's custom-components example) played by the demo agent, and its
// scripted answers to their actions: the OrgChart's node click and the WebFrame's desk click (chart_node_click, answered from
// clickedNodeName), and the floor plan's close button.

// sampleMessages splits a sample file into messages: a JSON array of messages or JSONL,
// one message a line.
func sampleMessages(data []byte) ([]agent.Message, error) {
	var msgs []agent.Message
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(t, &list); err != nil {
			return nil, err
		}
		for _, m := range list {
			var b bytes.Buffer
			if err := json.Compact(&b, m); err != nil {
				return nil, err
			}
			msgs = append(msgs, agent.Raw(b.Bytes()))
		}
		return msgs, nil
	}
	for l := range bytes.SplitSeq(data, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			msgs = append(msgs, agent.Raw(l))
		}
	}
	return msgs, nil
}

// respondNodeClick answers chart_node_click (an OrgChart node or a WebFrame desk) with
// a "selection" surface, in the action's version, naming the clicked person.
func respondNodeClick(v agent.Version, act *agent.UserAction) []agent.Message {
	name := strings.TrimSpace(contextString(act.Context["clickedNodeName"]))
	if name == "" {
		name = "Unknown"
	}
	detail := contextString(act.Context["clickedNodeTitle"])
	if desk := contextString(act.Context["deskId"]); desk != "" {
		detail = "Desk " + strings.TrimPrefix(desk, "desk-") + " on the floor plan"
	}
	if detail == "" {
		detail = "From the " + act.SourceComponentID
	}
	s := agent.Surface{Version: v, ID: "selection"}
	if v >= agent.V09 {
		s.Catalog = BasicCatalogV09
	}
	return s.Show(map[string]any{"name": name, "detail": detail},
		agent.Card("root", "col"),
		agent.Column("col", "heading", "who", "what"),
		agent.Text("heading", "Selected").Variant("h3"),
		agent.Text("who", agent.Path("/name")),
		agent.Text("what", agent.Path("/detail")).Variant("caption"),
	)
}

// respondClose answers close_modal and dismiss_modal: the surface goes.
func respondClose(v agent.Version, act *agent.UserAction) []agent.Message {
	if act.SurfaceID == "" {
		return nil
	}
	return []agent.Message{agent.Surface{Version: v, ID: act.SurfaceID}.Delete()}
}

// actionVersion is the version to answer m in: its own (a v0.8 userAction gets v0.8).
func actionVersion(m agent.ClientMessage) agent.Version {
	if m.Version == agent.V08 {
		return agent.V08
	}
	return agent.V09
}

// errSample wraps a sample's parse error.
func errSample(name string, err error) error { return fmt.Errorf("sample %s: %v", name, err) }
