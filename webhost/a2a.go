//go:build js && wasm

package webhost

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
	"github.com/a2ui-go/a2ui/render"
	"github.com/a2ui-go/a2ui/transport/a2a"
)

// startA2A connects jr to the agent at agent (transport "a2a"; an absolute URL, which
// web/a2ui.js resolved): the card is fetched at once; message, when not "", is the
// first turn. UI goroutine.
func (jr *jsRenderer) startA2A(agent, message string) {
	hooks := a2a.Hooks{
		Open:   jr.openTurn,
		Emit:   jr.Emit,
		Notice: jr.notice,
	}
	jr.agentURL = agent
	jr.a2a = a2a.NewClient(a2aFetch{jr}, hooks, agent, jr.r.CatalogIDs())
	jr.a2a.Inline = jr.r.InlineCatalogDocs
	if message != "" {
		jr.a2a.Send(message, nil, jr.r.ClientDataModel, false)
	}
}

// openTurn opens the render stream of one A2A turn through Renderer.Connect, so that
// its failure is reported to the page only (like an action POST's reply). Its URL is the
// agent's: relative URLs in the surfaces it creates resolve against it ("self").
func (jr *jsRenderer) openTurn(quiet bool) a2a.Stream {
	var st *render.Stream
	jr.r.Connect(streamOpener(func(open func(string) *render.Stream) { st = open("") }),
		render.Request{URL: jr.agentURL, Transport: "jsonl", Reply: true, Quiet: quiet})
	return st
}

// streamOpener is a render.Transport that hands the stream to a function at once: the
// A2A client feeds it itself.
type streamOpener func(open func(string) *render.Stream)

func (o streamOpener) Open(_ render.Request, open func(string) *render.Stream) { o(open) }

// a2aFetch is the A2A client's transport: fetch, with the body read through its
// ReadableStream reader on a goroutine, every callback posted to the UI goroutine.
type a2aFetch struct{ jr *jsRenderer }

func (t a2aFetch) After(d time.Duration, f func()) {
	go func() {
		time.Sleep(d)
		post(func() {
			if !t.jr.destroyed {
				f()
			}
		})
	}()
}

func (t a2aFetch) Do(req a2a.Request, sink a2a.Sink) {
	t.jr.fetchBody(req.URL, req.Method, req.Body, req.Headers,
		func(status int, res safejs.Value) { sink.Start(status, contentType(res)) }, sink.Chunk, sink.End)
}

// a2aSend starts a turn with the user's text (r.send(text)); UI goroutine.
func (jr *jsRenderer) a2aSend(text string) {
	if jr.a2a == nil {
		jr.Emit("a2ui-error", []byte(`{"error":{"code":"A2A_NOT_CONFIGURED","message":`+strconv.Quote("send() needs transport \"a2a\" and an agent")+`}}`))
		return
	}
	jr.a2a.Send(text, nil, jr.r.ClientDataModel, false)
}

// a2aAction sends an action as an A2A turn whose messageId is actionID; done learns the
// turn's outcome (see a2a.Client.SendAction), or a timeout when the agent has not
// answered within timeout. UI goroutine.
func (jr *jsRenderer) a2aAction(body []byte, actionID string, timeout time.Duration, done func(error)) {
	jr.a2a.SendAction(actionID, body, jr.r.ClientDataModel, jr.within(timeout, done))
}
