package mountopts

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/transport/agui"
)

// Options are a renderer's mount options. The zero value is a renderer with the default
// policy and no agent connection.
type Options struct {
	// ActionURL is where actions are POSTed (see Options.PostsActions).
	ActionURL string
	// Headers go with every request the renderer makes, over its own headers.
	Headers map[string]string
	// TrustedClicksOnly and InlineCatalogs are render.Options'.
	TrustedClicksOnly bool
	InlineCatalogs    bool
	// ActionTimeout and RenderBudget are render.Options' (0: the default).
	ActionTimeout time.Duration
	RenderBudget  time.Duration
	// Messages override the built-in strings by key; Dir is "ltr", "rtl" or "" (the
	// locale's).
	Messages map[string]string
	Dir      string
	// Transport is "" (streams the page opens), "jsonl" or "sse" (the same), or the
	// agent connection: "a2a", "agui" or "mcp" (Transports).
	Transport string
	// Agent is the agent's URL (absolute); Message the first turn (a2a, agui); AGUI
	// what every AG-UI run carries; Resource, Tool and Arguments (a JSON object's
	// text, checked by the MCP client) what an MCP connection reads and calls.
	Agent     string
	Message   string
	AGUI      agui.Input
	Resource  string
	Tool      string
	Arguments string
	// Profile is the policy profile ("default", "strict", …) or "openwop"; Policy the
	// JSON object of its overrides (policy.Resolve).
	Profile string
	Policy  []byte
	// Functions names the opt-in function sets (render.FunctionSets).
	Functions string
	// BaseURL is the page's URL (render.Options.BaseURL).
	BaseURL string
	// OpenWOP is the OpenWOP host's declaration (with Profile "openwop").
	OpenWOP openwop.Config
	// Limits is a JSON object of caps over the policy's (policy.ParseLimits).
	Limits []byte
	// Catalogs is the JSON array of the page's catalog declarations (catalog/host);
	// DefaultCatalog the id of surfaces that name none.
	Catalogs       []byte
	DefaultCatalog string
}

// Transports are the Transport values Parse accepts.
var Transports = []string{"", "jsonl", "sse", "a2a", "agui", "mcp"}

// maxMillis bounds the millisecond options: a value outside (0, maxMillis) means the
// default.
const maxMillis = 1e9

// Parse reads the options from one JSON object. Members it does not know are ignored
// and null is the same as absent. A member whose JSON member value is itself JSON
// (policy, limits, catalogs, messages, agui, arguments) may be given as that value or
// as its text. The millisecond options (actionTimeout, renderBudget) mean the default
// unless they are a number of milliseconds in (0, 1e9). Any other member of the wrong
// type, an unknown transport, or headers or openwop of the wrong shape is an *Error.
func Parse(b []byte) (*Options, error) {
	ms, err := jsonscan.Object(b)
	if err != nil {
		return nil, refuse("", "the options are not a JSON object: "+err.Error())
	}
	o := &Options{}
	for _, m := range ms {
		if string(m.Value) == "null" {
			continue
		}
		if err := o.member(m.Key, m.Value); err != nil {
			return nil, err
		}
	}
	if !validTransport(o.Transport) {
		return nil, refuse("transport", "unknown transport "+strconv.Quote(o.Transport)+" (known: a2a, agui, mcp, jsonl, sse)")
	}
	return o, nil
}

// member sets the option named key from its JSON value v.
func (o *Options) member(key string, v []byte) error {
	var err error
	str := func(dst *string) { *dst, err = stringOf(key, v) }
	flag := func(dst *bool) { *dst, err = boolOf(key, v) }
	raw := func(dst *[]byte) { *dst, err = jsonOf(key, v) }
	switch key {
	case "actionURL":
		str(&o.ActionURL)
	case "headers":
		o.Headers, err = headersOf(v)
	case "trustedClicksOnly":
		flag(&o.TrustedClicksOnly)
	case "inlineCatalogs":
		flag(&o.InlineCatalogs)
	case "actionTimeout":
		o.ActionTimeout = millis(v)
	case "renderBudget":
		o.RenderBudget = millis(v)
	case "messages":
		var j []byte
		if raw(&j); err == nil {
			o.Messages, err = stringsOf(key, j)
		}
	case "dir":
		str(&o.Dir)
	case "transport":
		str(&o.Transport)
	case "agent":
		str(&o.Agent)
	case "message":
		str(&o.Message)
	case "agui":
		var j []byte
		if raw(&j); err == nil {
			o.AGUI, err = aguiOf(j)
		}
	case "resource":
		str(&o.Resource)
	case "tool":
		str(&o.Tool)
	case "arguments":
		var j []byte
		raw(&j)
		o.Arguments = string(j)
	case "profile":
		str(&o.Profile)
	case "policy":
		raw(&o.Policy)
	case "functions":
		str(&o.Functions)
	case "baseURL":
		str(&o.BaseURL)
	case "openwop":
		o.OpenWOP, err = openwopOf(v)
	case "limits":
		raw(&o.Limits)
	case "catalogs":
		raw(&o.Catalogs)
	case "defaultCatalog":
		str(&o.DefaultCatalog)
	}
	return err
}

func validTransport(t string) bool {
	for _, k := range Transports {
		if t == k {
			return true
		}
	}
	return false
}

func stringOf(key string, v []byte) (string, error) {
	s, err := jsonscan.String(v)
	if err != nil {
		return "", refuse(key, "must be a string")
	}
	return s, nil
}

func boolOf(key string, v []byte) (bool, error) {
	switch string(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, refuse(key, "must be true or false")
}

// millis is a millisecond option as a duration: 0 (the default) unless v is a number
// in (0, maxMillis).
func millis(v []byte) time.Duration {
	if len(v) == 0 || v[0] != '-' && (v[0] < '0' || v[0] > '9') {
		return 0
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil || !(f > 0 && f < maxMillis) {
		return 0
	}
	return time.Duration(f * float64(time.Millisecond))
}

// jsonOf is the JSON text of a JSON-valued member: a string is that text ("" is none),
// any other value is itself.
func jsonOf(key string, v []byte) ([]byte, error) {
	if v[0] != '"' {
		return v, nil
	}
	s, err := stringOf(key, v)
	if err != nil || s == "" {
		return nil, err
	}
	return []byte(s), nil
}

// stringsOf reads a JSON object of strings (the messages); members that are not
// strings are ignored, as unknown keys are.
func stringsOf(key string, j []byte) (map[string]string, error) {
	if j == nil {
		return nil, nil
	}
	ms, err := jsonscan.Object(j)
	if err != nil {
		return nil, refuse(key, "must be an object of strings: "+err.Error())
	}
	m := make(map[string]string, len(ms))
	for _, kv := range ms {
		if s, err := jsonscan.String(kv.Value); err == nil {
			m[kv.Key] = s
		}
	}
	return m, nil
}

// headersOf reads the headers object. A number or boolean value is sent as its text,
// as fetch does.
func headersOf(v []byte) (map[string]string, error) {
	ms, err := jsonscan.Object(v)
	if err != nil {
		return nil, refuse("headers", "must be an object of strings")
	}
	h := make(map[string]string, len(ms))
	for _, kv := range ms {
		switch c := kv.Value[0]; {
		case c == '"':
			h[kv.Key], _ = jsonscan.String(kv.Value)
		case c == '-' || c >= '0' && c <= '9' || c == 't' || c == 'f':
			h[kv.Key] = string(kv.Value)
		default:
			return nil, refuse("headers", "header "+strconv.Quote(kv.Key)+" must be a string")
		}
	}
	return h, nil
}

// aguiOf reads the agui option: an object whose tools, context and forwardedProps go
// into every run as they are.
func aguiOf(j []byte) (agui.Input, error) {
	if j == nil {
		return agui.Input{}, nil
	}
	m, err := jsonscan.ObjectMap(j)
	if err != nil {
		return agui.Input{}, refuse("agui", "must be an object {tools, context, forwardedProps}: "+err.Error())
	}
	return agui.Input{Tools: m["tools"], Context: m["context"], ForwardedProps: m["forwardedProps"]}, nil
}

// openwopOf reads the openwop option {targets: [strings], approval: bool}.
func openwopOf(v []byte) (openwop.Config, error) {
	var cfg openwop.Config
	ms, err := jsonscan.Object(v)
	if err != nil {
		return cfg, refuse("openwop", "must be an object {targets, approval}")
	}
	for _, m := range ms {
		if string(m.Value) == "null" {
			continue
		}
		switch m.Key {
		case "targets":
			list, err := jsonscan.Array(m.Value)
			if err != nil {
				return cfg, refuse("openwop", "targets must be an array of strings")
			}
			for _, e := range list {
				s, err := jsonscan.String(e)
				if err != nil {
					return cfg, refuse("openwop", "targets must be an array of strings")
				}
				cfg.Targets = append(cfg.Targets, s)
			}
		case "approval":
			if cfg.Approval, err = boolOf("openwop", m.Value); err != nil {
				return cfg, refuse("openwop", "approval must be true or false")
			}
		}
	}
	return cfg, nil
}

// Error is an option the renderer refuses: it is not created, and the loader shows
// Message and fires an a2ui-error with Code.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

// refuse is the *Error of a bad option (policy.Code: the loader reports it like an
// invalid policy).
func refuse(option, msg string) *Error {
	if option != "" {
		msg = "mount option " + strconv.Quote(option) + ": " + msg
	}
	return &Error{Code: policy.Code, Message: msg}
}
