// Package demoagent is the scripted A2UI agent of cmd/demo-agent, importable so
// the browser tests can mount the same agent on their test server. It sits on
// the agent side of the pipeline and is written on the agent library: it streams
// sample JSONL files and answers the booking and task-list actions with messages
// built by agent.Surface.
//
// Handlers run on net/http's per-request goroutines; the task-list rows are
// shared under a mutex. It is host code (net/http) and never part of the wasm.
package demoagent

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/a2ui-go/a2ui/agent"
)

// BasicCatalogV09 is the catalog id of every surface the demo agent creates.
const BasicCatalogV09 = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

// Agent is the scripted demo agent behind /agent/. It is an http.Handler (an
// agent.Server); its handlers run on net/http's per-request goroutines and share
// the task list under a mutex.
//
//	GET  /agent/stream?sample=NAME[&transport=sse]  stream a sample file line by line
//	GET  /agent/static/floorplan.html             the WebFrame sample's framed floor plan
//	POST /agent/action                              answer client messages with JSONL messages
//
// Respond holds the scripted logic apart from HTTP, so another transport (A2A)
// can answer the same messages.
type Agent struct {
	samples string
	server  agent.Server

	mu    sync.Mutex
	tasks []Task // the task-list demo's rows, reset when its sample is streamed
}

// Task is one row of the task-list demo (/tasks/N in the surface's data model).
type Task struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Done  bool   `json:"done"`
	State string `json:"state"` // "done" or "open", shown in the row
}

// TasksSample is the sample name of the task-list demo; streaming it resets the rows.
const TasksSample = "demo/tasks"

// NewAgent returns an agent that streams samples from dir with delay between lines
// (also between the messages of an answer).
// It reads the initial task rows from dir/demo/tasks.jsonl when that file exists.
func NewAgent(dir string, delay time.Duration) (*Agent, error) {
	a := &Agent{samples: dir}
	tasks, err := initialTasks(filepath.Join(dir, filepath.FromSlash(TasksSample)+".jsonl"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	a.tasks = tasks
	a.server = agent.Server{
		Stream:  a.stream,
		Respond: func(w *agent.Writer, _ *http.Request, m agent.ClientMessage) error { return w.Send(a.Respond(m)...) },
		Pace:    delay,
	}
	return a, nil
}

// ServeHTTP routes the agent endpoints.
func (a *Agent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.Path == floorPlanPath {
		serveFloorPlan(w)
		return
	}
	a.server.ServeHTTP(w, r)
}

var sampleName = regexp.MustCompile(`^[A-Za-z0-9_-]+(/[A-Za-z0-9_.-]+)*(\.jsonl)?$`)

// samplePath maps a sample name to a file: NAME(.jsonl) under the samples dir, else
// demo/NAME.jsonl, else NAME.json (a JSON array of messages, as testdata/custom-samples has).
// Names are slash-separated [A-Za-z0-9_.-] segments (no "..").
func (a *Agent) samplePath(name string) (string, error) {
	if !sampleName.MatchString(name) {
		return "", fmt.Errorf("bad sample name %q", name)
	}
	if strings.Contains(name, "..") {
		return "", fmt.Errorf("bad sample name %q", name)
	}
	name = strings.TrimSuffix(name, ".jsonl")
	for _, cand := range []string{name + ".jsonl", "demo/" + name + ".jsonl", name + ".json"} {
		p := filepath.Join(a.samples, filepath.FromSlash(cand))
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", fmt.Errorf("no sample %q in %s", name, a.samples)
}

// stream sends the lines of the sample file ?sample=NAME as they are.
func (a *Agent) stream(w *agent.Writer, r *http.Request) error {
	name := r.URL.Query().Get("sample")
	p, err := a.samplePath(name)
	if err != nil {
		return agent.Errorf(http.StatusNotFound, "%v", err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return agent.Errorf(http.StatusInternalServerError, "cannot read sample")
	}
	if n := strings.TrimSuffix(name, ".jsonl"); n == TasksSample || n == "tasks" {
		if tasks, err := initialTasks(p); err == nil {
			a.mu.Lock()
			a.tasks = tasks
			a.mu.Unlock()
		}
	}
	if strings.HasPrefix(name, "custom-samples/") {
		data = localStatic(data, r)
	}
	msgs, err := sampleMessages(data)
	if err != nil {
		return agent.Errorf(http.StatusInternalServerError, "%v", errSample(name, err))
	}
	return w.Send(msgs...)
}

// Respond returns the messages that answer one client message; it is the whole
// scripted logic, free of HTTP, so any transport can carry it (the HTTP action
// endpoint writes them as the POST's response; an A2A server would send them as
// the DataParts of its reply). Actions other than submitBooking, toggle and
// remove, client errors and function responses get none: the agent has nothing
// to say, which is not an error for the client. Answers are v0.9.
func (a *Agent) Respond(m agent.ClientMessage) []agent.Message {
	act := m.Action
	if act == nil {
		return nil
	}
	switch act.Name {
	case "submitBooking":
		return respondBooking(act)
	case "chart_node_click":
		return respondNodeClick(actionVersion(m), act)
	case "close_modal", "dismiss_modal":
		return respondClose(actionVersion(m), act)
	case "toggle", "remove":
		var client struct {
			Tasks []Task `json:"tasks"`
		}
		if ok, err := m.DataModel(&client); !ok || err != nil {
			client.Tasks = nil
		}
		return a.respondTask(act, client.Tasks)
	}
	return nil
}

// booking is the confirmation surface's data model.
type booking struct {
	Name   string `json:"name"`
	Date   string `json:"date"`
	Guests int    `json:"guests"`
}

// respondBooking validates the booking fields. On success it creates the
// "booking-confirmation" surface showing them and deletes the form surface;
// otherwise it writes a message to /booking/status on the form.
func respondBooking(act *agent.UserAction) []agent.Message {
	name := strings.TrimSpace(contextString(act.Context["name"]))
	date := strings.TrimSpace(contextString(act.Context["date"]))
	guests, guestsOK := contextInt(act.Context["guests"])
	problem := ""
	switch {
	case name == "":
		problem = "Please enter a name."
	case date == "":
		problem = "Please enter a date."
	case !guestsOK || guests < 1 || guests > 20:
		problem = "Guests must be a whole number from 1 to 20."
	}
	form := agent.Surface{Version: agent.V09, ID: act.SurfaceID}
	if form.ID == "" {
		form.ID = "booking"
	}
	if problem != "" {
		return []agent.Message{form.Data("/booking/status", problem)}
	}
	confirm := agent.Surface{Version: agent.V09, ID: "booking-confirmation", Catalog: BasicCatalogV09}
	comps := []agent.Component{
		agent.Card("root", "main"),
		agent.Column("main", "heading", "name", "date", "guests"),
		agent.Text("heading", "Booking confirmed").Variant("h2"),
	}
	for _, f := range []struct{ id, label string }{{"name", "Name"}, {"date", "Date"}, {"guests", "Guests"}} {
		comps = append(comps,
			agent.Row(f.id, f.id+"-label", f.id+"-value"),
			agent.Text(f.id+"-label", f.label).Variant("caption"),
			agent.Text(f.id+"-value", agent.Path("/"+f.id)),
		)
	}
	return append(confirm.Show(booking{name, date, guests}, comps...), form.Delete())
}

// respondTask toggles or removes the row whose id is in the action context. The
// rows are the client's (client, when it sent its data model) or the agent's own
// copy. Toggle answers with the new row at /tasks/N; remove with the whole /tasks
// array; both then update /summary. An unknown id gets no messages.
func (a *Agent) respondTask(act *agent.UserAction, client []Task) []agent.Message {
	id := contextString(act.Context["id"])
	a.mu.Lock()
	defer a.mu.Unlock()
	if client != nil {
		a.tasks = append([]Task(nil), client...)
	}
	idx := -1
	for i, t := range a.tasks {
		if t.ID == id {
			idx = i
			break
		}
	}
	if idx < 0 {
		return nil
	}
	s := agent.Surface{Version: agent.V09, ID: act.SurfaceID}
	if s.ID == "" {
		s.ID = "tasks"
	}
	var out []agent.Message
	if act.Name == "toggle" {
		t := &a.tasks[idx]
		t.Done = !t.Done
		t.State = taskState(t.Done)
		out = append(out, s.Data("/tasks/"+strconv.Itoa(idx), *t))
	} else {
		a.tasks = append(a.tasks[:idx:idx], a.tasks[idx+1:]...)
		rows := a.tasks
		if rows == nil {
			rows = []Task{}
		}
		out = append(out, s.Data("/tasks", rows))
	}
	return append(out, s.Data("/summary", taskSummary(a.tasks)))
}

func taskState(done bool) string {
	if done {
		return "done"
	}
	return "open"
}

func taskSummary(tasks []Task) string {
	done := 0
	for _, t := range tasks {
		if t.Done {
			done++
		}
	}
	return strconv.Itoa(done) + " of " + strconv.Itoa(len(tasks)) + " done"
}

// initialTasks reads the rows of the last root updateDataModel carrying "tasks"
// in a sample file.
func initialTasks(path string) ([]Task, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var tasks []Task
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var m struct {
			UpdateDataModel *struct {
				Path  string `json:"path"`
				Value *struct {
					Tasks []Task `json:"tasks"`
				} `json:"value"`
			} `json:"updateDataModel"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if u := m.UpdateDataModel; u != nil && (u.Path == "" || u.Path == "/") && u.Value != nil && u.Value.Tasks != nil {
			tasks = u.Value.Tasks
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if tasks == nil {
		return nil, fmt.Errorf("%s: no root updateDataModel with tasks", path)
	}
	return tasks, nil
}

// contextString renders a resolved context value as the user typed it.
func contextString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// contextInt accepts a JSON number or a numeric string holding a whole number.
func contextInt(v any) (int, bool) {
	switch x := v.(type) {
	case float64:
		if x == float64(int(x)) {
			return int(x), true
		}
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		return n, err == nil
	}
	return 0, false
}
