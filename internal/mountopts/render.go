package mountopts

import (
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/render"
)

// Host is what the host adds to the options to build the renderer.
type Host struct {
	// Locale is the page's BCP 47 locale ("": en-US).
	Locale string
	// Catalogs are the host's Go catalogs, after the basic one and before the page's.
	Catalogs []*catalog.Catalog
	// Call runs the page functions of the page's catalogs (see PageCatalogs).
	Call Call
}

// Render resolves the options into render.Options. The host sets what only it has:
// HostPrefix, Formatter, AfterFunc and Yield. An option it refuses is an *Error: the
// policy, the mount's limits and the function sets with policy.Code, the page's
// catalogs with protocol.CodeValidationFailed (checked in that order).
func (o *Options) Render(h Host) (render.Options, error) {
	pol, err := o.policy()
	if err != nil {
		return render.Options{}, &Error{Code: policy.Code, Message: err.Error()}
	}
	fns, err := render.FunctionSets(o.Functions)
	if err != nil {
		return render.Options{}, &Error{Code: policy.Code, Message: err.Error()}
	}
	locale := h.Locale
	if locale == "" {
		locale = "en-US"
	}
	opts := render.Options{
		Policy:            pol,
		ExtraFunctions:    fns,
		InlineCatalogs:    o.InlineCatalogs,
		TrustedClicksOnly: o.TrustedClicksOnly || pol.TrustedClicksOnly,
		ActionTimeout:     o.ActionTimeout,
		RenderBudget:      o.RenderBudget,
		Messages:          l10n.New(locale, o.Messages, o.Dir),
		BaseURL:           o.BaseURL,
		Profile:           openwop.Unadvertised{},
	}
	if o.Profile == "openwop" {
		openwop.New(o.OpenWOP).Apply(&opts)
	}
	if o.PostsActions() {
		opts.ActionURL = o.ActionURL
	}
	if err := o.catalogs(&opts, h); err != nil {
		return render.Options{}, &Error{Code: protocol.CodeValidationFailed, Message: err.Error()}
	}
	return opts, nil
}

// policy resolves the profile and the policy's overrides, then merges the mount's
// limits over the policy's, cap by cap (policy.ParseLimits' rules: an unknown name or
// a value that is not a positive integer is an error). Profile "openwop" (the OpenWOP
// ui.a2ui-surface profile) resolves as "strict": nothing remote unless the page's
// policy lists it.
func (o *Options) policy() (*policy.Policy, error) {
	profile := o.Profile
	if profile == "openwop" {
		profile = "strict"
	}
	pol, err := policy.Resolve(profile, o.Policy)
	if err != nil || o.Limits == nil {
		return pol, err
	}
	l, err := policy.ParseLimits(o.Limits)
	if err != nil {
		return nil, err
	}
	pol.Limits = pol.Limits.Merge(l)
	return pol, nil
}

// PostsActions reports whether the renderer POSTs actions to ActionURL. It does not
// under the OpenWOP profile (actions are page events), over A2A (they are A2A messages),
// AG-UI (runs) or MCP (tool calls).
func (o *Options) PostsActions() bool {
	if o.Profile == "openwop" {
		return false
	}
	switch o.Transport {
	case "a2a", "agui", "mcp":
		return false
	}
	return true
}

// catalogs adds the host's Go catalogs, then the page's, after the basic one: each
// accepts its own id, with the basic components and functions when it extends "basic".
// DefaultCatalog, else the first page catalog flagged v08Default, becomes
// opts.DefaultCatalog.
func (o *Options) catalogs(opts *render.Options, h Host) error {
	withBasic := func() {
		if len(opts.Catalogs) == 0 && opts.Catalog == nil {
			opts.Catalogs = []*catalog.Catalog{basic.Catalog()}
		}
	}
	if len(h.Catalogs) > 0 {
		withBasic()
		opts.Catalogs = append(opts.Catalogs, h.Catalogs...)
	}
	opts.DefaultCatalog = o.DefaultCatalog
	if len(o.Catalogs) == 0 || string(o.Catalogs) == "[]" {
		return nil
	}
	cats, def, err := PageCatalogs(o.Catalogs, h.Call)
	if err != nil {
		return err
	}
	withBasic()
	opts.Catalogs = append(opts.Catalogs, cats...)
	if opts.DefaultCatalog == "" {
		opts.DefaultCatalog = def
	}
	return nil
}
