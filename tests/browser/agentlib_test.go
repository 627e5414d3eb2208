//go:build browser

package browser

import (
	"net/http"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/agent"
)

// greeter is an agent written on the agent library: GET ?v=VERSION streams a greeting
// form in that version; the greet action is answered, in the action's version, with
// the greeting (and, for v0.10, an actionResponse the client stores at /echo).
func greeter() http.Handler {
	return &agent.Server{
		Stream: func(w *agent.Writer, r *http.Request) error {
			v, ok := agent.ParseVersion(r.URL.Query().Get("v"))
			if !ok {
				return agent.Errorf(http.StatusBadRequest, "bad version")
			}
			greet := agent.Event("greet", map[string]any{"name": agent.Path("/name")})
			ids := []string{"title", "name", "send", "greeting"}
			if v == agent.V010 {
				greet = greet.WantResponse("/echo")
				ids = append(ids, "echo")
			}
			comps := []agent.Component{
				agent.Column("root", ids...),
				agent.Text("title", "Greeter "+v.String()),
				agent.TextField("name", "Name", agent.Path("/name")),
				agent.Button("send", "send-label", greet).Variant("primary"),
				agent.Text("send-label", "Greet"),
				agent.Text("greeting", agent.Path("/greeting")),
				agent.Text("echo", agent.Path("/echo")),
			}
			s := agent.NewSurface(v, "greeter")
			return w.Send(s.Show(map[string]any{"name": "", "greeting": "Who is there?"}, comps...)...)
		},
		Respond: func(w *agent.Writer, r *http.Request, m agent.ClientMessage) error {
			if m.Action == nil || m.Action.Name != "greet" {
				return nil
			}
			name, _ := m.Action.Context["name"].(string)
			s := agent.NewSurface(m.Version, m.Action.SurfaceID)
			msgs := []agent.Message{s.Data("/greeting", "Hello, "+name+" ("+m.Version.String()+")")}
			if m.Action.WantResponse {
				msgs = append(msgs, agent.ActionResponse(m.Version, m.Action.ActionID, "echo "+name))
			}
			return w.Send(msgs...)
		},
	}
}

// TestAgentLibraryEveryVersion: surfaces built by the agent library in every version
// render in the browser, and the action loop (type, click, POST, answer) works in each.
func TestAgentLibraryEveryVersion(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	versions := []struct{ id, v string }{{"r08", "v0.8"}, {"r09", "v0.9"}, {"r091", "v0.9.1"}, {"r010", "v0.10"}, {"r10", "v1.0"}}
	var body strings.Builder
	for _, x := range versions {
		body.WriteString(`<a2ui-renderer id="` + x.id + `" src="/lib/stream?v=` + x.v + `" action-url="/lib/action"></a2ui-renderer>`)
	}
	base := serve(t, rendererPageWith("/lib.html", body.String()), handle("/lib/", greeter()))
	ctx := newTab(t)
	navigate(ctx, base+"/lib.html")
	for _, x := range versions {
		waitJS(ctx, `T.rr("`+x.id+`") && T.text("`+x.id+`").includes("Who is there?")`)
		flush(ctx, x.id)
		want := "Greeter " + x.v + "NameGreetWho is there?"
		if got := hostText(ctx, x.id); got != want {
			t.Errorf("%s: text = %q, want %q", x.v, got, want)
		}
		typeIn(ctx, x.id, "[data-a2ui-control]", "Ada", false)
		waitJS(ctx, `T.rr("`+x.id+`").dataModel("greeter").name === "Ada"`)
		clickIn(ctx, x.id, "button.a2ui-button")
		waitJS(ctx, `T.text("`+x.id+`").includes("Hello, Ada")`)
		flush(ctx, x.id)
		want = "Greeter " + x.v + "NameGreetHello, Ada (" + x.v + ")"
		if x.v == "v0.10" {
			waitJS(ctx, `T.text("`+x.id+`").includes("echo Ada")`)
			want += "echo Ada"
		}
		if got := hostText(ctx, x.id); got != want {
			t.Errorf("%s: text after the answer = %q, want %q", x.v, got, want)
		}
		if errs := events(ctx, x.id, "a2ui-error"); len(errs) > 0 {
			t.Errorf("%s: a2ui-error events: %s", x.v, errs)
		}
	}
}
