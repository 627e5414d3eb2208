//go:build browser

package browser

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// lifecycleAgent answers every run with RUN_STARTED and one a2ui-surface
// ACTIVITY_SNAPSHOT whose content is the query's content, then, by the query's end:
// "finish" RUN_FINISHED, "cut" nothing more (the stream ends), "hold" nothing until the
// test is over (the run stays in flight, its placeholder on the page).
type lifecycleAgent struct{ done chan struct{} }

func newLifecycleAgent(t *testing.T) *lifecycleAgent {
	a := &lifecycleAgent{done: make(chan struct{})}
	t.Cleanup(func() { close(a.done) })
	return a
}

func (a *lifecycleAgent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "text/event-stream")
	content, end := r.URL.Query().Get("content"), r.URL.Query().Get("end")
	frame := func(ev string) {
		io.WriteString(w, "data: "+ev+"\n\n")
		w.(http.Flusher).Flush()
	}
	frame(`{"type":"RUN_STARTED","threadId":"t","runId":"r"}`)
	frame(`{"type":"ACTIVITY_SNAPSHOT","messageId":"a2ui-surface-call-1","activityType":"a2ui-surface","content":` + content + `}`)
	switch end {
	case "finish":
		frame(`{"type":"RUN_FINISHED","threadId":"t","runId":"r"}`)
	case "hold":
		select {
		case <-a.done:
		case <-r.Context().Done():
		}
	}
}

// TestAGUILifecycleStates: every state of the middleware's lifecycle as the page shows
// it, side by side: building (a busy status with a skeleton), retrying (a status; with
// no debugExposure the validation errors sit behind a closed "Details" disclosure, as in
// CopilotKit), failed (an alert; "verbose" shows the error, "hidden" leaves it out), and
// a run that ended before its slot painted (RUN_FINISHED, or a stream cut short): the
// placeholder does not stay, an alert says the interface was not built and a2ui-error
// AGUI_GENERATION_FAILED tells the page. axe finds no violation, light and dark.
func TestAGUILifecycleStates(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	agent := newLifecycleAgent(t)
	base := serve(t, handle("/lifecycle", agent), rendererPage())
	ctx := newTab(t)
	navigate(ctx, base+rendererPagePath)
	evalJSON(ctx, `(document.getElementById("hosts").prepend(Object.assign(document.createElement("h1"), {textContent: "AG-UI lifecycle"})), true)`)
	const retry = `{"status":"retrying","attempt":2,"maxAttempts":3,"errors":[{"code":"no_root","path":"components","message":"No component has id 'root'"}]}`
	hosts := []struct{ id, content, end string }{
		{"building", `{"status":"building","progressTokens":40}`, "hold"},
		{"retrying", retry, "hold"},
		{"verbose", `{"status":"failed","error":"No component has id 'root' after 3 attempts","debugExposure":"verbose"}`, "finish"},
		{"hidden", `{"status":"failed","error":"No component has id 'root' after 3 attempts","debugExposure":"hidden"}`, "finish"},
		{"finished", `{"status":"building"}`, "finish"},
		{"cut", retry, "cut"},
	}
	for _, h := range hosts {
		u := "/lifecycle?content=" + url.QueryEscape(h.content) + "&end=" + h.end
		evalJSON(ctx, `T.mount(`+jsString(h.id)+`, {agent: `+jsString(u)+`, transport: "agui", message: "go"})`)
	}
	waitJS(ctx, `["building", "retrying", "verbose", "hidden", "finished", "cut"].every((id) => T.q(id, ".a2ui-activity")) && `+
		`T.q("finished", ".a2ui-activity[role=alert]") && T.q("cut", ".a2ui-activity[role=alert]")`)

	// Each placeholder: [role, aria-busy, text, skeleton?, detail element, detail text, open].
	const shown = `((id) => { const a = T.q(id, ".a2ui-activity"), d = a.querySelector(".a2ui-activity-detail");
	  return [a.getAttribute("role"), a.getAttribute("aria-busy"), a.querySelector(".a2ui-activity-text").textContent, !!a.querySelector(".a2ui-skeleton"),
	    d ? d.localName : "", d ? d.querySelector("pre").textContent : "", d ? d.localName !== "details" || d.open : false,
	    d && d.localName === "details" ? d.querySelector("summary").textContent : ""]; })`
	for _, tc := range []struct{ id, want string }{
		{"building", `["status","true","Building the interface… (40 tokens)",true,"","",false,""]`},
		{"retrying", `["status","false","Retrying: attempt 2 of 3…",false,"details","No component has id 'root' (components)",false,"Details"]`},
		{"verbose", `["alert","false","The interface could not be built.",false,"div","No component has id 'root' after 3 attempts",true,""]`},
		{"hidden", `["alert","false","The interface could not be built.",false,"","",false,""]`},
		{"finished", `["alert","false","The interface was not built: the agent's run finished before it was ready.",false,"","",false,""]`},
		{"cut", `["alert","false","The interface was not built: the connection to the agent ended before it was ready.",false,"details","No component has id 'root' (components)",false,"Details"]`},
	} {
		if got := evalJSON(ctx, shown+`(`+jsString(tc.id)+`)`); got != tc.want {
			t.Errorf("%s placeholder = %s\n want %s", tc.id, got, tc.want)
		}
	}
	for id, want := range map[string][]string{
		"building": nil, "retrying": nil, "hidden": {"AGUI_GENERATION_FAILED"}, "verbose": {"AGUI_GENERATION_FAILED"},
		"finished": {"AGUI_GENERATION_FAILED"}, "cut": {"AGUI_STREAM", "AGUI_GENERATION_FAILED"},
	} {
		if got := errorCodes(t, events(ctx, id, "a2ui-error")); !slices.Equal(got, want) {
			t.Errorf("%s: a2ui-error codes %q, want %q", id, got, want)
		}
	}
	// The disclosure opens to the keyboard.
	evalJSON(ctx, `(T.q("retrying", "summary").focus(), true)`)
	pressKey(ctx, "\r")
	waitJS(ctx, `T.q("retrying", "details").open`)

	axeAll(t, ctx)
}

// axeAll runs axe-core over the whole page, light and dark (reduced motion), and
// reports every violation.
func axeAll(t *testing.T, ctx context.Context) {
	t.Helper()
	src, err := os.ReadFile(repoPath(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatalf("axe-core missing (npm ci): %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](string(src))); err != nil {
		t.Fatalf("load axe: %v", err)
	}
	for _, scheme := range []string{"light", "dark"} {
		if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}, {Name: "prefers-reduced-motion", Value: "reduce"}},
		}); err != nil {
			t.Fatal(err)
		}
		evalJSON(ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
		var res axeResult
		if err := json.Unmarshal([]byte(evalJSON(ctx, `axe.run(document, {resultTypes: ["violations"]}).then((r) => ({violations: r.violations}))`)), &res); err != nil {
			t.Fatal(err)
		}
		if len(res.Violations) > 0 {
			t.Errorf("%s: %d axe violations:\n%s", scheme, len(res.Violations), res)
		}
	}
}
