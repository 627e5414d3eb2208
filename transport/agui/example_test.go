package agui_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/transport/agui"
)

// Two cumulative snapshots of one slot, as @ag-ui/a2ui-middleware streams them, then the
// follow-up after an action in a new slot: only what changed reaches the renderer.
func ExampleSlots() {
	s := agui.NewSlots()
	create := `{"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}`
	comps := `{"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":{"path":"/t"}}]}}`
	data := `{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"t":"hi"}}}`
	reply := `{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"t":"thanks"}}}`
	for _, snap := range []struct{ slot, ops string }{
		{"a2ui-surface-call-1", create + "," + comps},
		{"a2ui-surface-call-1", create + "," + comps + "," + data},
		{"a2ui-surface-call-2", create + "," + comps + "," + reply},
	} {
		u := s.Apply(snap.slot, []byte(`{"a2ui_operations":[`+snap.ops+`]}`), true)
		for _, l := range u.Lines {
			fmt.Println(string(l))
		}
		fmt.Println("--", snap.slot, "shows", s.Shows(snap.slot))
	}
	// Output:
	// {"version":"v0.9","createSurface":{"surfaceId":"s1","catalogId":"c"}}
	// {"version":"v0.9","updateComponents":{"surfaceId":"s1","components":[{"id":"root","component":"Text","text":{"path":"/t"}}]}}
	// -- a2ui-surface-call-1 shows [s1]
	// {"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"t":"hi"}}}
	// -- a2ui-surface-call-1 shows [s1]
	// {"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/","value":{"t":"thanks"}}}
	// -- a2ui-surface-call-2 shows [s1]
}
