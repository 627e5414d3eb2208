// Package demoagent is the scripted A2UI agent of cmd/demo-agent, importable so
// the browser tests can mount the same agent on their test server. It sits on
// the agent side of the pipeline: it produces the JSONL the renderer consumes
// and consumes the action JSON the renderer POSTs.
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
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// BasicCatalogV09 is the catalog id of every surface the demo agent creates.
const BasicCatalogV09 = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"

// maxActionBody caps a POSTed action (the client data model may ride along).
const maxActionBody = 1 << 20

// Agent is the scripted demo agent behind /agent/. It is an http.Handler; its
// handlers run on net/http's per-request goroutines and share the task list
// under a mutex.
//
//	GET  /agent/stream?sample=NAME[&transport=sse]  stream a sample file line by line
//	POST /agent/action                              answer an action with JSONL messages
type Agent struct {
	samples string
	delay   time.Duration

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

// NewAgent returns an agent that streams samples from dir with delay between lines.
// It reads the initial task rows from dir/demo/tasks.jsonl when that file exists.
func NewAgent(dir string, delay time.Duration) (*Agent, error) {
	a := &Agent{samples: dir, delay: delay}
	tasks, err := initialTasks(filepath.Join(dir, filepath.FromSlash(TasksSample)+".jsonl"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	a.tasks = tasks
	return a, nil
}

// ServeHTTP routes the agent endpoints.
func (a *Agent) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/agent/stream":
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		a.serveStream(w, r)
	case "/agent/action":
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		a.serveAction(w, r)
	default:
		http.NotFound(w, r)
	}
}

var sampleName = regexp.MustCompile(`^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*(\.jsonl)?$`)

// samplePath maps a sample name to a file: NAME(.jsonl) under the samples dir,
// else demo/NAME.jsonl. Names are slash-separated [A-Za-z0-9_-] segments.
func (a *Agent) samplePath(name string) (string, error) {
	if !sampleName.MatchString(name) {
		return "", fmt.Errorf("bad sample name %q", name)
	}
	name = strings.TrimSuffix(name, ".jsonl")
	for _, cand := range []string{name, "demo/" + name} {
		p := filepath.Join(a.samples, filepath.FromSlash(cand)+".jsonl")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", fmt.Errorf("no sample %q in %s", name, a.samples)
}

func (a *Agent) serveStream(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("sample")
	p, err := a.samplePath(name)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	data, err := os.ReadFile(p)
	if err != nil {
		http.Error(w, "cannot read sample", http.StatusInternalServerError)
		return
	}
	if strings.TrimSuffix(name, ".jsonl") == TasksSample || strings.TrimSuffix(name, ".jsonl") == "tasks" {
		if tasks, err := initialTasks(p); err == nil {
			a.mu.Lock()
			a.tasks = tasks
			a.mu.Unlock()
		}
	}
	var lines [][]byte
	for l := range bytes.SplitSeq(data, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			lines = append(lines, l)
		}
	}
	a.writeLines(w, r, lines)
}

// writeLines streams lines as JSONL (or SSE data events with ?transport=sse),
// flushing each and sleeping a.delay between them. It stops when the client goes.
func (a *Agent) writeLines(w http.ResponseWriter, r *http.Request, lines [][]byte) {
	sse := r.URL.Query().Get("transport") == "sse"
	h := w.Header()
	if sse {
		h.Set("Content-Type", "text/event-stream")
	} else {
		h.Set("Content-Type", "application/jsonl")
	}
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	fl, _ := w.(http.Flusher)
	if fl != nil {
		fl.Flush()
	}
	for i, l := range lines {
		if i > 0 && a.delay > 0 {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(a.delay):
			}
		}
		var err error
		if sse {
			_, err = fmt.Fprintf(w, "data: %s\n\n", l)
		} else {
			_, err = w.Write(append(l[:len(l):len(l)], '\n'))
		}
		if err != nil {
			return
		}
		if fl != nil {
			fl.Flush()
		}
	}
}

// Action is a client action as the agent understands it, from either wire form.
type Action struct {
	Version   string // "v0.8" for userAction, else the message's version
	Name      string
	SurfaceID string
	Context   map[string]any
	// Tasks is the client's /tasks of the action's surface, when the client sent
	// its data model (sendDataModel) in metadata.a2uiClientDataModel; nil otherwise.
	Tasks []Task
}

// ParseAction decodes a POSTed action body: v0.8 {"userAction":{...}} or v0.9+
// {"version":"v0.9","action":{...}}, with an optional client data model in
// "metadata":{"a2uiClientDataModel":{...}} (or at the top level).
func ParseAction(body []byte) (Action, error) {
	var raw struct {
		Version    string          `json:"version"`
		Action     json.RawMessage `json:"action"`
		UserAction json.RawMessage `json:"userAction"`
		Metadata   struct {
			DataModel json.RawMessage `json:"a2uiClientDataModel"`
		} `json:"metadata"`
		DataModel json.RawMessage `json:"a2uiClientDataModel"`
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		return Action{}, fmt.Errorf("action body is not a JSON object: %v", err)
	}
	var act Action
	inner := raw.Action
	switch {
	case len(raw.UserAction) > 0:
		inner = raw.UserAction
		act.Version = "v0.8"
	case len(raw.Action) > 0:
		if raw.Version == "" {
			return Action{}, errors.New(`"action" without "version"`)
		}
		act.Version = raw.Version
	default:
		return Action{}, errors.New(`body has neither "action" nor "userAction"`)
	}
	var a struct {
		Name      string         `json:"name"`
		SurfaceID string         `json:"surfaceId"`
		Context   map[string]any `json:"context"`
	}
	if err := json.Unmarshal(inner, &a); err != nil {
		return Action{}, fmt.Errorf("bad action object: %v", err)
	}
	if a.Name == "" {
		return Action{}, errors.New("action has no name")
	}
	act.Name, act.SurfaceID, act.Context = a.Name, a.SurfaceID, a.Context
	if act.Context == nil {
		act.Context = map[string]any{}
	}
	dm := raw.Metadata.DataModel
	if len(dm) == 0 {
		dm = raw.DataModel
	}
	if len(dm) > 0 {
		var m struct {
			Surfaces map[string]struct {
				Tasks []Task `json:"tasks"`
			} `json:"surfaces"`
		}
		if json.Unmarshal(dm, &m) == nil {
			if s, ok := m.Surfaces[act.SurfaceID]; ok && s.Tasks != nil {
				act.Tasks = s.Tasks
			}
		}
	}
	return act, nil
}

func (a *Agent) serveAction(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxActionBody))
	if err != nil {
		http.Error(w, "cannot read body: "+err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	act, err := ParseAction(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	a.writeLines(w, r, a.Respond(act))
}

// Respond returns the follow-up messages (one JSON object per element) for an
// action. Unknown actions get none: the agent has nothing to say, which is not
// an error for the client.
func (a *Agent) Respond(act Action) [][]byte {
	switch act.Name {
	case "submitBooking":
		return respondBooking(act)
	case "toggle", "remove":
		return a.respondTask(act)
	}
	return nil
}

// respondBooking validates the booking fields. On success it creates the
// "booking-confirmation" surface showing them and deletes the form surface;
// otherwise it writes a message to /booking/status on the form.
func respondBooking(act Action) [][]byte {
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
	form := act.SurfaceID
	if form == "" {
		form = "booking"
	}
	if problem != "" {
		return lines(msg("updateDataModel", obj{{"surfaceId", form}, {"path", "/booking/status"}, {"value", problem}}))
	}
	const sid = "booking-confirmation"
	row := func(id, label, path string) []any {
		return []any{
			obj{{"id", id}, {"component", "Row"}, {"children", []string{id + "-label", id + "-value"}}},
			obj{{"id", id + "-label"}, {"component", "Text"}, {"text", label}, {"variant", "caption"}},
			obj{{"id", id + "-value"}, {"component", "Text"}, {"text", obj{{"path", path}}}},
		}
	}
	comps := []any{
		obj{{"id", "root"}, {"component", "Card"}, {"child", "main"}},
		obj{{"id", "main"}, {"component", "Column"}, {"children", []string{"heading", "name", "date", "guests"}}},
		obj{{"id", "heading"}, {"component", "Text"}, {"text", "Booking confirmed"}, {"variant", "h2"}},
	}
	comps = append(comps, row("name", "Name", "/name")...)
	comps = append(comps, row("date", "Date", "/date")...)
	comps = append(comps, row("guests", "Guests", "/guests")...)
	return lines(
		msg("createSurface", obj{{"surfaceId", sid}, {"catalogId", BasicCatalogV09}}),
		msg("updateDataModel", obj{{"surfaceId", sid}, {"value", obj{{"name", name}, {"date", date}, {"guests", guests}}}}),
		msg("updateComponents", obj{{"surfaceId", sid}, {"components", comps}}),
		msg("deleteSurface", obj{{"surfaceId", form}}),
	)
}

// respondTask toggles or removes the row whose id is in the action context. The
// rows are the client's (when it sent its data model) or the agent's own copy.
// Toggle answers with the new row at /tasks/N; remove with the whole /tasks
// array; both then update /summary. An unknown id gets no messages.
func (a *Agent) respondTask(act Action) [][]byte {
	id := contextString(act.Context["id"])
	a.mu.Lock()
	defer a.mu.Unlock()
	if act.Tasks != nil {
		a.tasks = append([]Task(nil), act.Tasks...)
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
	sid := act.SurfaceID
	if sid == "" {
		sid = "tasks"
	}
	var out [][]byte
	if act.Name == "toggle" {
		t := &a.tasks[idx]
		t.Done = !t.Done
		t.State = taskState(t.Done)
		out = lines(msg("updateDataModel", obj{{"surfaceId", sid}, {"path", "/tasks/" + strconv.Itoa(idx)}, {"value", *t}}))
	} else {
		a.tasks = append(a.tasks[:idx:idx], a.tasks[idx+1:]...)
		rows := a.tasks
		if rows == nil {
			rows = []Task{}
		}
		out = lines(msg("updateDataModel", obj{{"surfaceId", sid}, {"path", "/tasks"}, {"value", rows}}))
	}
	return append(out, lines(msg("updateDataModel", obj{{"surfaceId", sid}, {"path", "/summary"}, {"value", taskSummary(a.tasks)}}))...)
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

// msg builds one v0.9 server message {"version":"v0.9", kind: body}.
func msg(kind string, body obj) obj {
	return obj{{"version", "v0.9"}, {kind, body}}
}

// lines marshals messages, one JSON document each.
func lines(msgs ...obj) [][]byte {
	out := make([][]byte, 0, len(msgs))
	for _, m := range msgs {
		b, err := json.Marshal(m)
		if err != nil {
			panic("demoagent: cannot marshal a message it built: " + err.Error())
		}
		out = append(out, b)
	}
	return out
}

// obj is a JSON object whose keys keep their order, so answers are byte-stable.
type obj []kv

type kv struct {
	k string
	v any
}

// MarshalJSON writes the pairs in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(p.k)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(p.v)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
