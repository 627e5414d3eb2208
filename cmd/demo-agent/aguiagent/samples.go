package aguiagent

import (
	"encoding/json"
	"time"

	"github.com/ag-ui-protocol/ag-ui/sdks/community/go/pkg/core/events"
)

// scripted plays the run from the Script when it is one (a sample named by the user's
// text, or an action on a sample's surface) and reports whether it did. A sample streams
// as @ag-ui/a2ui-middleware streams a render_a2ui call: a text, the "building" lifecycle
// (then with progressTokens), the sample's messages as cumulative a2ui-surface snapshots
// (one more message each), the synthetic {"status":"rendered"} tool result, RUN_FINISHED.
func (s *stream) scripted(in Received, mode string, action map[string]any) bool {
	sc := s.a.opts.Script
	switch {
	case sc == nil:
		return false
	case action != nil:
		if str(action["surfaceId"]) == SurfaceID {
			return false
		}
		s.answer(in, action)
		return true
	case mode == ModeSurface || mode == ModeFail:
		return false
	}
	lines, err := sc.Sample(mode)
	if err != nil {
		return false
	}
	call := s.a.callID()
	slot, msg := "a2ui-surface-"+call, "msg-"+call
	s.text(msg, "Here is "+mode+".")
	s.activity(slot, map[string]any{"status": "building"}, "building")
	s.send(events.NewToolCallStartEvent(call, "render_a2ui", events.WithParentMessageID(msg)), "")
	args, _ := json.Marshal(map[string]any{"sample": mode})
	s.send(events.NewToolCallArgsEvent(call, string(args)), "")
	ops := raws(lines)
	size := 0
	for _, l := range lines {
		size += len(l)
	}
	s.activity(slot, map[string]any{"status": "building", "progressTokens": (size + 2) / 4}, "building")
	for k := 1; k <= len(ops); k++ {
		s.activity(slot, map[string]any{OperationsKey: ops[:k]}, "painted")
	}
	s.send(events.NewToolCallEndEvent(call), "")
	s.send(events.NewToolCallResultEvent("result-"+call, call, `{"status":"rendered"}`), "")
	s.send(events.NewRunFinishedEvent(in.ThreadID, in.RunID), "")
	return true
}

// answer plays the run of an action on a sample's surface: the action goes to
// Script.Respond as a v0.9 action message, and its follow-ups paint in a new slot
// (building, the tool result, one snapshot); without any, a text says nothing changes.
func (s *stream) answer(in Received, action map[string]any) {
	name := str(action["name"])
	body := map[string]any{"name": name, "surfaceId": action["surfaceId"], "sourceComponentId": action["sourceComponentId"],
		"timestamp": action["timestamp"], "context": action["context"]}
	if body["timestamp"] == nil {
		body["timestamp"] = time.Now().UTC().Format(time.RFC3339Nano)
	}
	if body["context"] == nil {
		body["context"] = map[string]any{}
	}
	msgJSON, _ := json.Marshal(map[string]any{"version": "v0.9", "action": body})
	out, err := s.a.opts.Script.Respond(msgJSON)
	call := s.a.callID()
	slot, msg := "a2ui-surface-"+call, "msg-"+call
	switch {
	case err != nil:
		s.text(msg, "The action "+name+" was not understood: "+err.Error())
	case len(out) == 0:
		s.text(msg, "Nothing changes for "+name+".")
	default:
		s.text(msg, "Thanks, I got your "+name+".")
		s.activity(slot, map[string]any{"status": "building"}, "building")
		s.send(events.NewToolCallStartEvent(call, "render_a2ui", events.WithParentMessageID(msg)), "")
		s.send(events.NewToolCallEndEvent(call), "")
		ops := raws(out)
		res, _ := json.Marshal(map[string]any{OperationsKey: ops})
		s.send(events.NewToolCallResultEvent("result-"+call, call, string(res)), "")
		s.activity(slot, map[string]any{OperationsKey: ops}, "painted")
	}
	s.send(events.NewRunFinishedEvent(in.ThreadID, in.RunID), "")
}

// raws holds JSON documents as json.RawMessage, so they are written as they are.
func raws(lines [][]byte) []any {
	out := make([]any, len(lines))
	for i, l := range lines {
		out[i] = json.RawMessage(l)
	}
	return out
}
