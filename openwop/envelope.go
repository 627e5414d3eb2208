package openwop

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Kind is the envelope type this profile renders.
const Kind = "ui.a2ui-surface"

// SchemaVersion is the per-kind schema version this profile reads.
const SchemaVersion = 1

// CatalogVersions are the catalog versions the profile renders (advertised).
var CatalogVersions = []string{"0.9.1"}

// Components are the closed component set of catalog 0.9.1 (the surface's anyOf).
var Components = []string{"heading", "text", "field.text", "field.date", "field.select", "field.checkbox", "action.button"}

// Error codes reported for refused envelopes and actions.
const (
	// CodeSchema: the envelope does not match the kind's closed schema (RFC N1, N2).
	CodeSchema = "envelope_schema_invalid"
	// CodeUnknownVersion: a schemaVersion or catalogVersion the profile does not
	// advertise (RFC N3).
	CodeUnknownVersion = "unknown_schema_version"
	// CodeConfinement: an action outside the resume/exchange targets the host declared
	// (RFC N4, invariant a2ui-action-confinement).
	CodeConfinement = "a2ui_action_confinement"
	// CodeUntrustedApproval: an untrusted surface tried to drive an approval (RFC N5).
	CodeUntrustedApproval = "untrusted_content_blocks_approval"
	// CodeSecret: the surface asks for a secret (invariant a2ui-surface-no-secret-rendering).
	CodeSecret = "a2ui_surface_solicits_secret"
	// CodeCorrelationConflict: a finalized surface was sent again with other content.
	CodeCorrelationConflict = "envelope_correlation_conflict"
)

// Limits of one surface.
const (
	MaxComponents = 200
	MaxOptions    = 100
	MaxText       = 4096
	MaxID         = 128
	// MaxSurfaces is how many correlationIds one profile keeps (the renderer's own
	// surface cap applies as well).
	MaxSurfaces = 256
)

// Envelope is a parsed, validated ui.a2ui-surface envelope.
type Envelope struct {
	EnvelopeID     string
	CorrelationID  string
	CatalogVersion string
	Surface        Surface
	Partial        bool
	// Untrusted: meta.contentTrust is "untrusted" (or any value but "trusted").
	Untrusted bool
}

// Surface is payload.surface: an optional title and the components in order.
type Surface struct {
	Title      string
	Components []Component
}

// Component is one entry of the closed catalog; Kind is its "component" discriminator.
type Component struct {
	Kind        string
	ID          string // fields and buttons
	Text        string // heading, text
	Level       int    // heading, 1-6 (default 1)
	Label       string // fields and buttons
	Placeholder string // field.text
	Required    bool   // field.text, field.date, field.select
	Default     bool   // field.checkbox
	Options     []Option
	Target      string // action.button: "resume" or "exchange"
}

// Option is one choice of a field.select.
type Option struct{ Value, Label string }

// Refusal is why an envelope was refused: an OpenWOP error code and a message.
type Refusal struct {
	Code    string
	Message string
	// CorrelationID is the envelope's, when it could be read.
	CorrelationID string
}

func (r *Refusal) Error() string { return r.Code + ": " + r.Message }

// IsEnvelope reports whether data is a JSON object whose "type" is ui.a2ui-surface.
func IsEnvelope(data []byte) bool {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || data[0] != '{' || !bytes.Contains(data, []byte(Kind)) {
		return false
	}
	head, err := jsonscan.ObjectMap(data)
	return err == nil && string(head["type"]) == `"`+Kind+`"`
}

// Parse validates data as a ui.a2ui-surface envelope against the closed schema and the
// advertised versions. data must be exactly one JSON object without duplicate keys
// (internal/jsonscan reads it: no reflection in the wasm). Unknown members of the envelope and of meta are ignored (they
// belong to the host protocol); payload, surface, components and actions are closed.
func Parse(data []byte) (*Envelope, *Refusal) {
	tree, err := jsonscan.Parse(data)
	top, _ := tree.(map[string]any)
	if err != nil || top == nil {
		return nil, &Refusal{Code: CodeSchema, Message: "the envelope is not a JSON object"}
	}
	p := parser{}
	env := &Envelope{}
	env.CorrelationID = p.str(top, "correlationId", "/correlationId", true, MaxText)
	if t := p.str(top, "type", "/type", true, 64); p.ok() && t != Kind {
		p.fail(CodeSchema, "/type", "type is "+strconv.Quote(t)+", not "+Kind)
	}
	env.EnvelopeID = p.str(top, "envelopeId", "/envelopeId", true, MaxText)
	if sv, ok := top["schemaVersion"].(float64); !ok {
		p.fail(CodeSchema, "/schemaVersion", "schemaVersion must be a number")
	} else if p.ok() && sv != SchemaVersion {
		p.fail(CodeUnknownVersion, "/schemaVersion", "schema version "+strconv.FormatFloat(sv, 'g', -1, 64)+" of "+Kind+" is not supported (this renderer reads "+strconv.Itoa(SchemaVersion)+")")
	}
	if v, has := top["partial"]; has {
		b, ok := v.(bool)
		if !ok {
			p.fail(CodeSchema, "/partial", "partial must be a boolean")
		}
		env.Partial = b
	}
	if v, has := top["meta"]; has {
		meta, ok := v.(map[string]any)
		if !ok {
			p.fail(CodeSchema, "/meta", "meta must be an object")
		} else if ct, has := meta["contentTrust"]; has && ct != "trusted" {
			env.Untrusted = true // "untrusted", or anything it cannot vouch for
		}
	}
	payload, ok := top["payload"].(map[string]any)
	if !ok {
		p.fail(CodeSchema, "/payload", "payload must be an object")
		return nil, p.refusal(env)
	}
	p.closed(payload, "/payload", "catalogVersion", "surface", "reasoning")
	if _, has := payload["reasoning"]; has {
		p.str(payload, "reasoning", "/payload/reasoning", false, 1<<16)
	}
	env.CatalogVersion = p.str(payload, "catalogVersion", "/payload/catalogVersion", true, 64)
	surface, ok := payload["surface"].(map[string]any)
	if !ok {
		p.fail(CodeSchema, "/payload/surface", "payload.surface must be an object")
		return nil, p.refusal(env)
	}
	if p.ok() && !advertised(env.CatalogVersion) {
		p.fail(CodeUnknownVersion, "/payload/catalogVersion", "catalog version "+strconv.Quote(env.CatalogVersion)+" is not one this renderer advertises ("+CatalogVersions[0]+")")
	}
	p.closed(surface, "/payload/surface", "title", "components")
	env.Surface.Title = p.str(surface, "title", "/payload/surface/title", false, MaxText)
	list, ok := surface["components"].([]any)
	if !ok {
		p.fail(CodeSchema, "/payload/surface/components", "surface.components must be an array")
		return nil, p.refusal(env)
	}
	if len(list) > MaxComponents {
		p.fail(CodeSchema, "/payload/surface/components", "more than "+strconv.Itoa(MaxComponents)+" components")
		return nil, p.refusal(env)
	}
	ids := map[string]bool{}
	for i, raw := range list {
		if !p.ok() {
			break
		}
		c := p.component(raw, "/payload/surface/components/"+strconv.Itoa(i))
		if c.ID != "" {
			if ids[c.ID] {
				p.fail(CodeSchema, "/payload/surface/components/"+strconv.Itoa(i)+"/id", "duplicate id "+strconv.Quote(c.ID))
			}
			ids[c.ID] = true
		}
		env.Surface.Components = append(env.Surface.Components, c)
	}
	if !p.ok() {
		return nil, p.refusal(env)
	}
	return env, nil
}

func advertised(v string) bool {
	for _, c := range CatalogVersions {
		if c == v {
			return true
		}
	}
	return false
}

// parser collects the first refusal; later checks are skipped once one failed.
type parser struct{ r *Refusal }

func (p *parser) ok() bool { return p.r == nil }

func (p *parser) fail(code, path, msg string) {
	if p.r == nil {
		p.r = &Refusal{Code: code, Message: msg + " (at " + path + ")"}
	}
}

func (p *parser) refusal(env *Envelope) *Refusal {
	p.r.CorrelationID = env.CorrelationID
	return p.r
}

// closed refuses any member of obj not in keys (additionalProperties: false).
func (p *parser) closed(obj map[string]any, path string, keys ...string) {
	for k := range obj {
		known := false
		for _, want := range keys {
			if k == want {
				known = true
				break
			}
		}
		if !known {
			p.fail(CodeSchema, path+"/"+k, "unknown member "+strconv.Quote(k))
		}
	}
}

// str reads a string member (required: present and non-empty) of at most max bytes of
// valid UTF-8.
func (p *parser) str(obj map[string]any, key, path string, required bool, max int) string {
	v, has := obj[key]
	if !has {
		if required {
			p.fail(CodeSchema, path, key+" is required")
		}
		return ""
	}
	s, ok := v.(string)
	switch {
	case !ok:
		p.fail(CodeSchema, path, key+" must be a string")
	case required && s == "":
		p.fail(CodeSchema, path, key+" must not be empty")
	case len(s) > max:
		p.fail(CodeSchema, path, key+" is longer than "+strconv.Itoa(max)+" bytes")
	case !utf8.ValidString(s):
		p.fail(CodeSchema, path, key+" is not valid UTF-8")
	}
	return s
}

func (p *parser) boolean(obj map[string]any, key, path string) bool {
	v, has := obj[key]
	if !has {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		p.fail(CodeSchema, path, key+" must be a boolean")
	}
	return b
}

// component validates one entry against its closed shape.
func (p *parser) component(raw any, path string) Component {
	obj, ok := raw.(map[string]any)
	if !ok {
		p.fail(CodeSchema, path, "a component must be an object")
		return Component{}
	}
	kind, _ := obj["component"].(string)
	c := Component{Kind: kind}
	switch kind {
	case "heading":
		p.closed(obj, path, "component", "text", "level")
		c.Text = p.str(obj, "text", path+"/text", true, MaxText)
		c.Level = 1
		if v, has := obj["level"]; has {
			n, ok := v.(float64)
			l := int(n)
			if !ok || float64(l) != n || l < 1 || l > 6 {
				p.fail(CodeSchema, path+"/level", "level must be an integer from 1 to 6")
			}
			c.Level = l
		}
	case "text":
		p.closed(obj, path, "component", "text")
		c.Text = p.str(obj, "text", path+"/text", true, MaxText)
	case "field.text":
		p.closed(obj, path, "component", "id", "label", "placeholder", "required")
		p.field(obj, path, &c)
		c.Placeholder = p.str(obj, "placeholder", path+"/placeholder", false, MaxText)
		c.Required = p.boolean(obj, "required", path+"/required")
	case "field.date":
		p.closed(obj, path, "component", "id", "label", "required")
		p.field(obj, path, &c)
		c.Required = p.boolean(obj, "required", path+"/required")
	case "field.select":
		p.closed(obj, path, "component", "id", "label", "required", "options")
		p.field(obj, path, &c)
		c.Required = p.boolean(obj, "required", path+"/required")
		opts, ok := obj["options"].([]any)
		if !ok || len(opts) == 0 || len(opts) > MaxOptions {
			p.fail(CodeSchema, path+"/options", "options must be an array of 1 to "+strconv.Itoa(MaxOptions)+" {value, label}")
			return c
		}
		for i, o := range opts {
			op := path + "/options/" + strconv.Itoa(i)
			om, ok := o.(map[string]any)
			if !ok {
				p.fail(CodeSchema, op, "an option must be an object")
				return c
			}
			p.closed(om, op, "value", "label")
			c.Options = append(c.Options, Option{
				Value: p.str(om, "value", op+"/value", true, MaxText),
				Label: p.str(om, "label", op+"/label", true, MaxText),
			})
		}
	case "field.checkbox":
		p.closed(obj, path, "component", "id", "label", "default")
		p.field(obj, path, &c)
		c.Default = p.boolean(obj, "default", path+"/default")
	case "action.button":
		p.field(obj, path, &c)
		for k := range obj {
			if k != "component" && k != "id" && k != "label" && k != "action" {
				// An extra member (a url, a method) is an attempt to escape confinement.
				p.fail(CodeConfinement, path+"/"+k, "an action.button carries only id, label and action; "+strconv.Quote(k)+" is refused")
			}
		}
		act, ok := obj["action"].(map[string]any)
		if !ok {
			p.fail(CodeSchema, path+"/action", "action must be an object")
			return c
		}
		for k := range act {
			if k != "target" {
				p.fail(CodeConfinement, path+"/action/"+k, "an action carries only a target; "+strconv.Quote(k)+" is refused")
			}
		}
		c.Target, _ = act["target"].(string)
		if c.Target != "resume" && c.Target != "exchange" {
			p.fail(CodeConfinement, path+"/action/target", "an action's target must be \"resume\" or \"exchange\"")
		}
	case "":
		p.fail(CodeSchema, path+"/component", "the component discriminator is missing")
	default:
		p.fail(CodeSchema, path+"/component", strconv.Quote(kind)+" is not in the closed catalog "+CatalogVersions[0])
	}
	return c
}

// field reads the id and label every field and button has; the id must be short and
// printable (it keys the collected values).
func (p *parser) field(obj map[string]any, path string, c *Component) {
	c.ID = p.str(obj, "id", path+"/id", true, MaxID)
	c.Label = p.str(obj, "label", path+"/label", true, MaxText)
	for _, r := range c.ID {
		if r < 0x20 || r == 0x7f {
			p.fail(CodeSchema, path+"/id", "id has control characters")
			return
		}
	}
}

// canonical is the surface as JSON, compared to tell a replay of a finalized surface
// from a change. Every field of Surface, Component and Option must be in it.
func (s Surface) canonical() []byte {
	comps := make([]any, len(s.Components))
	for i, c := range s.Components {
		opts := make([]any, len(c.Options))
		for j, o := range c.Options {
			opts[j] = []string{o.Value, o.Label}
		}
		comps[i] = []any{c.Kind, c.ID, c.Text, c.Level, c.Label, c.Placeholder, c.Required, c.Default, opts, c.Target}
	}
	return protocol.AppendJSON(nil, []any{s.Title, comps})
}
