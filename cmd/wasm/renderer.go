//go:build js && wasm

package main

import (
	"strconv"

	"github.com/hack-pad/safejs"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/transport/a2a"
)

// renderers are the mounted renderers by handle; the delegated event bridge finds the
// renderer of an event through its host element's handle.
var renderers = map[int]*jsRenderer{}
var nextHandle = 1

// jsRenderer is one A2UI.mount: a render.Renderer plus its JS hooks (web/a2ui.js).
type jsRenderer struct {
	handle    int
	r         *render.Renderer
	hooks     safejs.Value
	actionURL string
	headers   safejs.Value
	funcs     []safejs.Func
	hosts     map[string]safejs.Value
	frame     *frameRequester
	destroyed bool
	streams   int
	// a2a is the agent connection when the renderer was mounted with transport "a2a";
	// agentURL its URL (the base of relative URLs in its surfaces).
	a2a      *a2a.Client
	agentURL string
}

// createRenderer implements __a2uiGo.create(hooks, options) → renderer object. It runs in
// a JS callback: it only builds objects and never blocks.
func createRenderer(_ safejs.Value, args []safejs.Value) any {
	if len(args) < 2 {
		return nil
	}
	jr := &jsRenderer{handle: nextHandle, hooks: args[0], hosts: map[string]safejs.Value{}}
	nextHandle++
	if u, err := args[1].Get("actionURL"); err == nil && u.Type() == safejs.TypeString {
		jr.actionURL, _ = u.String()
	}
	jr.headers, _ = args[1].Get("headers")
	// The page's policy: a profile name and a JSON object of overrides. A policy that
	// does not resolve fails closed: no renderer, the error goes back to the loader.
	profile, overrides, baseURL := optString(args[1], "profile"), optString(args[1], "policy"), optString(args[1], "baseURL")
	pol, err := policy.Resolve(profile, []byte(overrides))
	if err != nil {
		obj, _ := safejs.ValueOf(map[string]any{"error": err.Error(), "code": policy.Code})
		return obj
	}
	locale := "en-US"
	if l, err := args[0].Get("intl"); err == nil && l.Type() == safejs.TypeString {
		locale, _ = l.String()
	}
	jr.frame = newFrameRequester(func() {
		if !jr.destroyed {
			jr.r.Frame()
		}
	}, func() int {
		if jr.destroyed {
			return 0
		}
		return jr.r.Nodes()
	})
	msgs := l10n.New(locale, jsonStrings(optString(args[1], "messages")), optString(args[1], "dir"))
	opts := render.Options{Formatter: newIntlFormatter(locale), HostPrefix: hostPrefix(jr.handle),
		Messages: msgs, Policy: pol, BaseURL: baseURL}
	applyLimits(&opts, args[1])
	jr.r = render.New(jr, opts)
	renderers[jr.handle] = jr

	// headingBase: the policy's, for the loader's outline when the page gives no heading-level.
	obj, _ := safejs.ValueOf(map[string]any{"dir": msgs.Dir(), "headingBase": pol.HeadingBase})
	set := func(name string, fn func(args []safejs.Value) any) {
		f := jsFunc(func(_ safejs.Value, a []safejs.Value) any { return fn(a) })
		jr.funcs = append(jr.funcs, f)
		_ = obj.Set(name, f.Value())
	}
	set("process", func(a []safejs.Value) any {
		if len(a) == 0 {
			return nil
		}
		s, err := a[0].String()
		if err != nil {
			return nil
		}
		b := []byte(s)
		post(func() {
			if !jr.destroyed {
				jr.r.Process(b)
			}
		})
		return nil
	})
	set("attach", func(a []safejs.Value) any {
		if len(a) == 0 {
			return nil
		}
		transport := ""
		if len(a) > 1 && a[1].Type() == safejs.TypeString {
			transport, _ = a[1].String()
		}
		p, resolve, _ := newPromise()
		open := func(ct string) *render.Stream { return jr.r.NewStream(render.FramingFor(transport, ct)) }
		go jr.read(a[0], open, func() { resolve(nil) })
		return p
	})
	set("flush", func(a []safejs.Value) any {
		p, resolve, _ := newPromise()
		post(func() {
			if !jr.destroyed && jr.r.Pending() {
				jr.r.Frame()
			}
			resolve(nil)
		})
		return p
	})
	set("dataModel", func(a []safejs.Value) any {
		if len(a) == 0 {
			return nil
		}
		id, _ := a[0].String()
		b := jr.r.DataModel(id)
		if b == nil {
			return nil
		}
		return string(b)
	})
	set("surfaces", func(a []safejs.Value) any {
		ids := jr.r.Surfaces()
		b := []byte{'['}
		for i, id := range ids {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, id)
		}
		return string(append(b, ']'))
	})
	set("capabilities", func(a []safejs.Value) any {
		return string(jr.r.Capabilities())
	})
	set("send", func(a []safejs.Value) any {
		text := ""
		if len(a) > 0 && a[0].Type() == safejs.TypeString {
			text, _ = a[0].String()
		}
		post(func() {
			if !jr.destroyed {
				jr.a2aSend(text)
			}
		})
		return nil
	})
	if optString(args[1], "transport") == "a2a" {
		agent, message := optString(args[1], "agent"), optString(args[1], "message")
		post(func() {
			if !jr.destroyed {
				jr.startA2A(agent, message)
			}
		})
	}
	set("destroy", func(a []safejs.Value) any {
		post(jr.destroy)
		return nil
	})
	return obj
}

// optString reads a string member of the options object ("" when absent).
func optString(o safejs.Value, name string) string {
	v, err := o.Get(name)
	if err != nil || v.Type() != safejs.TypeString {
		return ""
	}
	s, _ := v.String()
	return s
}

func (jr *jsRenderer) destroy() {
	if jr.destroyed {
		return
	}
	jr.r.Destroy()
	jr.destroyed = true
	jr.frame.release()
	for _, f := range jr.funcs {
		release(f)
	}
	jr.funcs = nil
	delete(renderers, jr.handle)
}

// ---- render.Host ---------------------------------------------------------------------

func (jr *jsRenderer) Patch(ops []byte) { patch(ops) }

func (jr *jsRenderer) SurfaceAdded(id string) {
	el, err := jr.hooks.Call("host", id)
	if err != nil {
		logError("a2ui: cannot create surface host: " + err.Error())
		return
	}
	jr.hosts[id] = el
	registerHost(jr.handle, id, el)
}

func (jr *jsRenderer) SurfaceRemoved(id string) {
	unregisterHost(jr.handle, id)
	delete(jr.hosts, id)
	_, _ = jr.hooks.Call("removeHost", id)
}

func (jr *jsRenderer) SurfaceTheme(id string, vars []catalog.ThemeVar) {
	el, ok := jr.hosts[id]
	if !ok {
		return
	}
	style, err := el.Get("style")
	if err != nil {
		return
	}
	for _, v := range vars {
		_, _ = style.Call("setProperty", v.Name, v.Value)
	}
}

func (jr *jsRenderer) Emit(event string, detail []byte) {
	_, _ = jr.hooks.Call("emit", event, string(detail))
}

func (jr *jsRenderer) Send(body []byte, errorReport bool) {
	if jr.a2a != nil {
		// An A2A message to the agent; its answer comes back on the turn's stream.
		jr.a2a.Send("", [][]byte{body}, jr.r.ClientDataModel, errorReport)
		return
	}
	if jr.actionURL == "" {
		return
	}
	// The agent's answer (JSONL or SSE) is processed as more messages.
	jr.r.Connect(fetchTransport{jr}, render.Request{URL: jr.actionURL, Method: "POST", Body: body,
		Headers: map[string]string{"Content-Type": "application/json"}, Reply: true, Quiet: errorReport})
}

func (jr *jsRenderer) RequestFrame() { jr.frame.request() }

// OpenURL asks the page hook to open url; the hook opens only while the page has a user
// activation (navigator.userActivation.isActive) and returns whether it did.
func (jr *jsRenderer) OpenURL(url string) bool {
	v, err := jr.hooks.Call("openURL", url)
	if err != nil {
		return false
	}
	ok, _ := v.Bool()
	return ok
}

// jsonStrings decodes a JSON object of strings (the loader passes the messages option as
// JSON text); anything else gives nil.
func jsonStrings(s string) map[string]string {
	if s == "" {
		return nil
	}
	v, err := jsonscan.Parse([]byte(s))
	obj, ok := v.(map[string]any)
	if err != nil || !ok {
		return nil
	}
	m := make(map[string]string, len(obj))
	for k, x := range obj {
		if t, ok := x.(string); ok {
			m[k] = t
		}
	}
	return m
}
