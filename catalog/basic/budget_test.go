package basic

import (
	"strconv"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestBudgetsFailClosed: one row per render budget, each with the exact error code and
// path; over any of them the surface is one notice and no handler stays registered,
// within budget the surface renders with its button.
func TestBudgetsFailClosed(t *testing.T) {
	button := `{"id":"pay","component":"Button","child":"pl","action":{"event":{"name":"pay"}}},{"id":"pl","component":"Text","text":"Pay now"}`
	col := func(kids string, more string) string {
		return `[{"id":"root","component":"Column","children":[` + kids + `,"pay"]},` + button + more + `]`
	}
	var fan strings.Builder
	for i := 0; i < 12; i++ {
		n := strconv.Itoa(i + 1)
		fan.WriteString(`,{"id":"f` + strconv.Itoa(i) + `","component":"Row","children":["f` + n + `","g` + n + `"]},{"id":"g` + n + `","component":"Card","child":"f` + n + `"}`)
	}
	fan.WriteString(`,{"id":"f12","component":"Text","text":"leaf"}`)
	var chain strings.Builder
	for i := 0; i < 10; i++ {
		chain.WriteString(`,{"id":"c` + strconv.Itoa(i) + `","component":"Card","child":"c` + strconv.Itoa(i+1) + `"}`)
	}
	chain.WriteString(`,{"id":"c10","component":"Text","text":"deep"}`)
	cases := []struct {
		name, comps, data string
		lim               engine.Limits
		path              string // of the LIMIT_EXCEEDED error; "" = within budget
	}{
		{"text node within", col(`"t"`, `,{"id":"t","component":"Text","text":"`+strings.Repeat("x", 100)+`"}`), "", engine.Limits{MaxTextBytes: 100}, ""},
		{"text node over", col(`"t"`, `,{"id":"t","component":"Text","text":"`+strings.Repeat("x", 101)+`"}`), "", engine.Limits{MaxTextBytes: 100}, "/components/t"},
		{"surface bytes over", col(`"l"`, `,{"id":"l","component":"List","children":{"componentId":"r","path":"/rows"}},{"id":"r","component":"Text","text":"`+strings.Repeat("y", 90)+`"}`),
			`{"rows":[` + strings.TrimSuffix(strings.Repeat("0,", 50), ",") + `]}`, engine.Limits{MaxSurfaceBytes: 2000}, "/components/r"},
		{"depth over", col(`"c0"`, chain.String()), "", engine.Limits{MaxDepth: 8}, "/components/c7"},
		{"depth within", col(`"c0"`, chain.String()), "", engine.Limits{MaxDepth: 16}, ""},
		{"fan-out over", col(`"f0"`, fan.String()), "", engine.Limits{MaxInstances: 2000}, "/components/root"},
		{"fan-out within", col(`"f0"`, fan.String()), "", engine.Limits{MaxInstances: 20000}, ""},
		{"formatString output over", col(`"t"`, `,{"id":"t","component":"Text","text":{"call":"formatString","args":{"value":"${/s}${/s}${/s}"}}}`),
			`{"s":"` + strings.Repeat("z", 40) + `"}`, engine.Limits{}, "/components/t/text"},
		{"markdown over", col(`"t"`, `,{"id":"t","component":"Text","text":"`+strings.Repeat("> ", 40)+`x"}`), "", engine.Limits{}, "/components/t/text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, s := newSurface(t, c.comps, c.data)
			env := testEnv()
			env.Functions = Functions().Clone()
			env.Functions.SetMaxOutput(100)
			env.Limits = c.lim
			root, errs := buildSurface(s, env)
			var limit []string
			for _, e := range errs {
				if e.Code == protocol.CodeLimit {
					limit = append(limit, e.Path)
				}
			}
			closed := find(root, byClass("a2ui-failed-closed")) != nil
			button := find(root, func(n *dom.Node) bool { return n.Tag == "button" }) != nil
			if c.path == "" {
				if closed || !button || len(limit) > 0 {
					t.Fatalf("within budget: closed %v, button %v, errors %v", closed, button, errs)
				}
				return
			}
			if len(limit) != 1 || limit[0] != c.path {
				t.Errorf("LIMIT_EXCEEDED at %v, want exactly %s (errors %v)", limit, c.path, errs)
			}
			if !closed || button || len(root.Children) != 1 || env.Handlers.Len() != 0 {
				t.Errorf("not failed closed: closed %v, button %v, %d children, %d handlers", closed, button, len(root.Children), env.Handlers.Len())
			}
			// A later build of the same surface stays closed (nothing cached half-built).
			root, _ = buildSurface(s, env)
			if find(root, byClass("a2ui-failed-closed")) == nil || env.Handlers.Len() != 0 {
				t.Errorf("second build not failed closed")
			}
		})
	}
}
