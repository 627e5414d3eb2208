package render

import (
	"net/url"
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// callFunction runs a catalog function the agent asked for (v0.10 callFunction, v1.0
// callRendererFunction) and answers with a function response, or an error carrying the
// functionCallId. Only functions of the renderer's catalog that the policy allows run.
// v0.10 answers only when the call asked for a response; v1.0 always answers.
func (r *Renderer) callFunction(m *protocol.CallFunction) {
	answer := func(value any, ferr *protocol.FunctionError) {
		if !m.WantResponse && m.Version != protocol.V10 {
			if ferr != nil {
				r.Report(&protocol.Error{Code: ferr.Code, SurfaceID: m.SurfaceID, Message: ferr.Message})
			}
			return
		}
		body := protocol.EncodeFunctionResult(m.Version, m.FunctionCallID, m.Name, value, ferr)
		if ferr != nil {
			r.host.Emit("a2ui-error", body)
		}
		r.send(body, false)
	}
	funcs := r.opts.Functions
	if m.CatalogID != "" {
		i := r.catalogIndex(m.CatalogID)
		if i < 0 {
			answer(nil, &protocol.FunctionError{Code: protocol.CodeCatalogUnsupported,
				Message: "catalog " + strconv.Quote(m.CatalogID) + " is not supported by this renderer"})
			return
		}
		funcs = r.funcs[i]
	} else if s := r.surf[m.SurfaceID]; s != nil {
		funcs = s.env.Functions
	}
	if !r.opts.Policy.AllowFunction(m.Name) || !funcs.Has(m.Name) {
		answer(nil, &protocol.FunctionError{Code: protocol.CodeFunction,
			Message: "function " + strconv.Quote(m.Name) + " is not available in this renderer"})
		return
	}
	var scope binding.Scope
	if ms, ok := r.proc.Surface(m.SurfaceID); ok {
		scope.Surface = ms
	}
	args := map[string]any{}
	for k, raw := range m.Args {
		v, err := jsonscan.Parse(raw)
		if err != nil {
			answer(nil, &protocol.FunctionError{Code: protocol.CodeValidationFailed, Message: "argument " + k + ": " + err.Error()})
			return
		}
		args[k] = v
	}
	v, err := binding.EvalValue(scope, map[string]any{"call": m.Name, "args": args}, funcs, r.opts.Formatter)
	if err != nil {
		answer(nil, &protocol.FunctionError{Code: protocol.CodeFunction, Message: err.Error()})
		return
	}
	if o, ok := v.(binding.OpenURL); ok {
		// An agent-initiated openUrl opens only within a user gesture (Host.OpenURL),
		// on the Link allowlist, relative to the stream of the surface it names.
		var base *url.URL
		if s := r.surf[m.SurfaceID]; s != nil {
			base = s.env.BaseURL
		} else if r.base != "" {
			base = engine.ParseBaseURL(r.base)
		} else {
			base = engine.ParseBaseURL(r.opts.BaseURL)
		}
		if e := engine.OpenURL(r.opts.Policy, base, o.URL, r.host.OpenURL); e != nil {
			answer(nil, &protocol.FunctionError{Code: e.Code, Message: e.Message})
			return
		}
		v = nil
	}
	answer(v, nil)
}
