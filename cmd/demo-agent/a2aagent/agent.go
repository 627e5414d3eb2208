package a2aagent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2acompat/a2av0"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

// Script is the seam to the scripted agent logic. Its methods may be called from
// several goroutines at once.
type Script interface {
	// Sample returns the messages (one JSON document each) of the sample a text turn
	// names, or an error when there is none.
	Sample(name string) ([][]byte, error)
	// Respond answers one A2UI client message (a v0.9 action, with the client data
	// model, when sent, in "metadata":{"a2uiClientDataModel":...}) with follow-up
	// messages; none is a valid answer.
	Respond(message []byte) ([][]byte, error)
}

// The A2UI extension the agent speaks.
const (
	ExtensionURI   = "https://a2ui.org/a2a-extension/a2ui/v0.9"
	MediaType      = "application/json+a2ui" // v0.9's DataPart media type
	BasicCatalogID = "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
)

// Paths the Handler serves.
const (
	PathV1       = "/a2a/v1"                   // JSON-RPC, A2A 1.0
	PathV03      = "/a2a/v0.3"                 // JSON-RPC, A2A 0.3 (SDK compatibility layer)
	PathCardV03  = "/a2a/v0.3/agent-card.json" // a card listing only the 0.3 interface
	PathCardV1   = "/a2a/v1/agent-card.json"   // a card listing only the 1.0 interface
	PathCardBoth = a2asrv.WellKnownAgentCardPath
)

// Received is what the agent saw of one incoming A2A message, for tests and logs.
type Received struct {
	// Extensions are the A2UI extension URIs requested by the A2A-Extensions (1.0) or
	// X-A2A-Extensions (0.3) header.
	Extensions []string
	// Version is the A2A-Version header ("" for 0.3 clients, which send none).
	Version   string
	MessageID string
	ContextID string
	TaskID    string
	Text      string
	// Metadata is the A2A message's metadata (a2uiClientCapabilities, ...).
	Metadata map[string]any
	// A2UI are the A2UI client messages of the message's data parts.
	A2UI []json.RawMessage
	// MediaTypes are the data parts' media types (1.0 mediaType or 0.3 metadata.mimeType).
	MediaTypes []string
	// Problems lists what the agent refused (the turn then fails with them).
	Problems []string
}

// Options configure a Handler.
type Options struct {
	// Delay paces the streamed messages.
	Delay time.Duration
	// OnMessage, when set, is called with every incoming message before it is
	// answered (on the SDK's execution goroutine).
	OnMessage func(Received)
}

// Handler serves the agent cards and both JSON-RPC endpoints.
type Handler struct {
	mux  *http.ServeMux
	exec *executor
}

// NewHandler returns the A2A agent for script. Mount it at the server root (it owns
// PathCardBoth, /a2a/...).
func NewHandler(script Script, opts Options) *Handler {
	ex := &executor{script: script, opts: opts}
	rh := a2asrv.NewHandler(ex)
	h := &Handler{mux: http.NewServeMux(), exec: ex}
	h.mux.Handle(PathV1, a2asrv.NewJSONRPCHandler(rh))
	h.mux.Handle(PathV03, a2av0.NewJSONRPCHandler(rh))
	h.mux.HandleFunc(PathCardBoth, h.card(true, true))
	h.mux.HandleFunc(PathCardV1, h.card(true, false))
	h.mux.HandleFunc(PathCardV03, h.card(false, true))
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// Card returns the agent card with the interfaces of base (the server's origin).
func Card(base string, v1, v03 bool) *a2a.AgentCard {
	var ifs []*a2a.AgentInterface
	if v1 {
		ifs = append(ifs, &a2a.AgentInterface{URL: base + PathV1, ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: a2a.Version})
	}
	if v03 {
		ifs = append(ifs, &a2a.AgentInterface{URL: base + PathV03, ProtocolBinding: a2a.TransportProtocolJSONRPC, ProtocolVersion: a2av0.Version})
	}
	return &a2a.AgentCard{
		Name:                "A2UI demo agent",
		Description:         "Streams the booking and task-list demos as A2UI surfaces and answers their actions.",
		Version:             "1.0.0",
		SupportedInterfaces: ifs,
		DefaultInputModes:   []string{"text/plain", MediaType},
		DefaultOutputModes:  []string{"text/plain", MediaType},
		Capabilities: a2a.AgentCapabilities{Streaming: true, Extensions: []a2a.AgentExtension{{
			URI:         ExtensionURI,
			Description: "A2UI v0.9 surfaces in data parts",
			Params:      map[string]any{"supportedCatalogIds": []any{BasicCatalogID}, "acceptsInlineCatalogs": false},
		}}},
		Skills: []a2a.AgentSkill{{ID: "demo", Name: "Demo surfaces", Description: "Say booking or tasks.",
			Tags: []string{"a2ui"}, Examples: []string{"booking", "tasks"}}},
	}
}

// card serves the card for the request's origin: with a 0.3 interface, in the
// compatibility layer's shape (0.3 url/preferredTransport plus supportedInterfaces).
func (h *Handler) card(v1, v03 bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", "GET")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		card := Card(scheme+"://"+r.Host, v1, v03)
		var body []byte
		var err error
		if v03 {
			body, err = a2av0.NewStaticAgentCardProducer(card).(a2asrv.AgentCardJSONProducer).CardJSON(r.Context())
		} else {
			body, err = json.Marshal(card)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(body)
	}
}

type executor struct {
	script Script
	opts   Options
	mu     sync.Mutex
}

var _ a2asrv.AgentExecutor = (*executor)(nil)

// inspect reads an incoming message: its text, A2UI data parts, metadata and the
// extension header, and lists what the agent cannot accept.
func inspect(ec *a2asrv.ExecutorContext) Received {
	m := ec.Message
	rc := Received{MessageID: m.ID, ContextID: m.ContextID, TaskID: string(m.TaskID), Metadata: m.Metadata}
	if v, ok := ec.ServiceParams.Get(a2a.SvcParamVersion); ok && len(v) > 0 {
		rc.Version = v[0]
	}
	if v, ok := ec.ServiceParams.Get(a2a.SvcParamExtensions); ok {
		for _, h := range v {
			for u := range strings.SplitSeq(h, ",") {
				if u = strings.TrimSpace(u); u != "" {
					rc.Extensions = append(rc.Extensions, u)
				}
			}
		}
	}
	var texts []string
	for _, p := range m.Parts {
		switch c := p.Content.(type) {
		case a2a.Text:
			texts = append(texts, string(c))
		case a2a.Data:
			mt := p.MediaType
			if s, ok := p.Metadata["mimeType"].(string); ok && mt == "" {
				mt = s
			}
			rc.MediaTypes = append(rc.MediaTypes, mt)
			if mt != MediaType && mt != "application/a2ui+json" {
				rc.Problems = append(rc.Problems, fmt.Sprintf("data part with media type %q", mt))
				continue
			}
			rc.A2UI = append(rc.A2UI, splitMessages(c.Value)...)
		}
	}
	rc.Text = strings.TrimSpace(strings.Join(texts, " "))
	if !slices.Contains(rc.Extensions, ExtensionURI) {
		rc.Problems = append(rc.Problems, "the A2UI extension "+ExtensionURI+" was not requested in the extension header")
	}
	if !announcesCatalog(m.Metadata) {
		rc.Problems = append(rc.Problems, "metadata.a2uiClientCapabilities does not list the basic v0.9 catalog")
	}
	return rc
}

// splitMessages reads a data part's value: a list of messages, one message, or the
// {"messages":[...]} wrapper.
func splitMessages(v any) []json.RawMessage {
	if o, ok := v.(map[string]any); ok {
		if list, ok := o["messages"].([]any); ok && len(o) == 1 {
			v = list
		}
	}
	list, ok := v.([]any)
	if !ok {
		list = []any{v}
	}
	out := make([]json.RawMessage, 0, len(list))
	for _, e := range list {
		b, err := json.Marshal(e)
		if err == nil {
			out = append(out, b)
		}
	}
	return out
}

func announcesCatalog(meta map[string]any) bool {
	caps, _ := meta["a2uiClientCapabilities"].(map[string]any)
	has := func(o map[string]any) bool {
		ids, _ := o["supportedCatalogIds"].([]any)
		return slices.Contains(ids, any(BasicCatalogID))
	}
	if caps == nil {
		return false
	}
	if v09, ok := caps["v0.9"].(map[string]any); ok && has(v09) {
		return true
	}
	return has(caps)
}

// Execute answers one message: a text naming a sample streams it, A2UI actions get the
// script's follow-up messages. Each A2UI message goes out as one part of one artifact
// per turn (an appended artifact update each); the turn ends input-required.
func (e *executor) Execute(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		rc := inspect(ec)
		if e.opts.OnMessage != nil {
			e.opts.OnMessage(rc)
		}
		if ec.StoredTask == nil {
			if !yield(a2a.NewSubmittedTask(ec, ec.Message), nil) {
				return
			}
		}
		if !yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateWorking, nil), nil) {
			return
		}
		lines, reply, err := e.answer(rc)
		if err != nil {
			msg := a2a.NewMessageForTask(a2a.MessageRoleAgent, ec, a2a.NewTextPart(err.Error()))
			yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateFailed, msg), nil)
			return
		}
		var artifact a2a.ArtifactID
		for i, l := range lines {
			if i > 0 && e.opts.Delay > 0 {
				select {
				case <-ctx.Done():
					return
				case <-time.After(e.opts.Delay):
				}
			}
			var v any
			if err := json.Unmarshal(l, &v); err != nil {
				yield(nil, fmt.Errorf("script produced invalid JSON: %w", err))
				return
			}
			part := a2a.NewDataPart([]any{v})
			part.MediaType = MediaType
			part.Metadata = map[string]any{"mimeType": MediaType} // kept by the 0.3 conversion
			var ev *a2a.TaskArtifactUpdateEvent
			if artifact == "" {
				ev = a2a.NewArtifactEvent(ec, part)
				ev.Artifact.Name = "a2ui"
				artifact = ev.Artifact.ID
			} else {
				ev = a2a.NewArtifactUpdateEvent(ec, artifact, part)
			}
			if !yield(ev, nil) {
				return
			}
		}
		msg := a2a.NewMessageForTask(a2a.MessageRoleAgent, ec, a2a.NewTextPart(reply))
		yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateInputRequired, msg), nil)
	}
}

// answer runs the script for rc: its A2UI messages first, else its text.
func (e *executor) answer(rc Received) ([][]byte, string, error) {
	if len(rc.Problems) > 0 {
		return nil, "", errors.New("refused: " + strings.Join(rc.Problems, "; "))
	}
	if len(rc.A2UI) > 0 {
		var out [][]byte
		reports := 0
		for _, m := range rc.A2UI {
			var probe struct {
				Error json.RawMessage `json:"error"`
			}
			if json.Unmarshal(m, &probe) == nil && probe.Error != nil {
				reports++ // a renderer error report: noted, nothing to answer
				continue
			}
			msg, err := withDataModel(m, rc.Metadata)
			if err != nil {
				return nil, "", err
			}
			lines, err := e.script.Respond(msg)
			if err != nil {
				return nil, "", err
			}
			out = append(out, lines...)
		}
		if reports == len(rc.A2UI) {
			return nil, "Noted the renderer's error report.", nil
		}
		return out, fmt.Sprintf("Answered %d message(s) with %d update(s).", len(rc.A2UI), len(out)), nil
	}
	name := strings.ToLower(rc.Text)
	lines, err := e.script.Sample(name)
	if err != nil {
		return nil, "", fmt.Errorf("I can show \"booking\" or \"tasks\" (%v)", err)
	}
	return lines, "Here is " + name + ".", nil
}

// withDataModel gives the script the client data model the way the JSONL action POST
// carries it: "metadata":{"a2uiClientDataModel":...} beside the action.
func withDataModel(m json.RawMessage, meta map[string]any) ([]byte, error) {
	dm, ok := meta["a2uiClientDataModel"]
	if !ok {
		return m, nil
	}
	var o map[string]json.RawMessage
	if err := json.Unmarshal(m, &o); err != nil {
		return nil, fmt.Errorf("A2UI message is not an object: %w", err)
	}
	b, err := json.Marshal(map[string]any{"a2uiClientDataModel": dm})
	if err != nil {
		return nil, err
	}
	o["metadata"] = b
	return json.Marshal(o)
}

// Cancel ends the task as canceled.
func (e *executor) Cancel(ctx context.Context, ec *a2asrv.ExecutorContext) iter.Seq2[a2a.Event, error] {
	return func(yield func(a2a.Event, error) bool) {
		yield(a2a.NewStatusUpdateEvent(ec, a2a.TaskStateCanceled, nil), nil)
	}
}
