package catalog

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// URL evaluates a URL prop of in and returns it when Policy.CheckURL accepts it for
// kind (resolved against BaseURL). A refused URL is recorded as a POLICY_DENIED
// error; an empty one (data not there yet) is not an error.
func (b *Builder) URL(in *Instance, prop string, kind policy.Kind) (string, bool) {
	raw := b.String(in, prop)
	if raw == "" {
		return "", false
	}
	u, err := b.pol.CheckURL(kind, raw, b.env.BaseURL)
	if err != nil {
		b.Error(in, protocol.CodePolicy, prop, err.Error())
		return "", false
	}
	return u, true
}

// markdownOptions returns the Markdown options of this build: the policy's heading base
// and link check (refused links render as text and are recorded against in).
func (b *Builder) markdownOptions(in *Instance) *markdown.Options {
	b.mdIn = in
	if b.md == nil {
		// One Options (and one closure) per build: the instance is read from b.mdIn.
		b.md = &markdown.Options{HeadingBase: b.pol.HeadingBase, Link: func(dest string) (string, bool) {
			u, err := b.pol.CheckURL(policy.Link, dest, b.env.BaseURL)
			if err != nil {
				b.Error(b.mdIn, protocol.CodePolicy, "text", err.Error())
				return "", false
			}
			return u, true
		}}
	}
	return b.md
}

// ---- obscured fields (secrets) ----------------------------------------------------

// markSecret records that p is bound to an obscured TextField. The set only grows for the
// life of the surface: a path once used for a secret stays one.
func (u *uiState) markSecret(p model.Pointer) {
	k := p.String()
	if _, ok := u.secrets[k]; ok {
		return
	}
	if u.secrets == nil {
		u.secrets = map[string]model.Pointer{}
	}
	u.secrets[k] = append(model.Pointer(nil), p...)
}

// secretWithin reports whether p is a secret path or lies inside one.
func (u *uiState) secretWithin(p model.Pointer) bool {
	for _, s := range u.secrets {
		if hasPrefix(p, s) {
			return true
		}
	}
	return false
}

// touchesSecret reports whether p is a secret, inside one, or contains one.
func (u *uiState) touchesSecret(p model.Pointer) bool {
	for _, s := range u.secrets {
		if hasPrefix(p, s) || hasPrefix(s, p) {
			return true
		}
	}
	return false
}

// Redact returns v, the value found at base, without the secret paths inside it:
// maps lose those keys, arrays get null in those slots. Only the containers on the way
// to a secret are copied; v itself (the model's value) is never modified.
func (u *uiState) Redact(base model.Pointer, v any) any {
	for _, s := range u.secrets {
		if len(s) > len(base) && hasPrefix(s, base) {
			v = without(v, s[len(base):])
		}
	}
	return v
}

func without(v any, rel model.Pointer) any {
	switch x := v.(type) {
	case map[string]any:
		c, ok := x[rel[0]]
		if !ok {
			return v
		}
		cp := make(map[string]any, len(x))
		for k, e := range x {
			cp[k] = e
		}
		if len(rel) == 1 {
			delete(cp, rel[0])
		} else {
			cp[rel[0]] = without(c, rel[1:])
		}
		return cp
	case []any:
		i, ok := model.Index(rel[0])
		if !ok || i >= len(x) {
			return v
		}
		cp := append([]any(nil), x...)
		if len(rel) == 1 {
			cp[i] = nil
		} else {
			cp[i] = without(x[i], rel[1:])
		}
		return cp
	}
	return v
}

func hasPrefix(p, prefix model.Pointer) bool {
	if len(prefix) > len(p) {
		return false
	}
	for i := range prefix {
		if p[i] != prefix[i] {
			return false
		}
	}
	return true
}

// pathBinding returns the absolute pointer of a context value that is a plain {path}
// binding (no function call).
func pathBinding(scope binding.Scope, v any) (model.Pointer, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, false
	}
	if _, call := m["call"]; call {
		return nil, false
	}
	ps, ok := m["path"].(string)
	if !ok {
		return nil, false
	}
	p, err := scope.Resolve(ps)
	if err != nil {
		return nil, false
	}
	return p, true
}
