package render_test

import (
	"fmt"
	"time"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/render"
)

// eventHost prints the a2ui-stream events; the DOM is ignored.
type eventHost struct{}

func (eventHost) Patch([]byte)                            {}
func (eventHost) SurfaceAdded(string)                     {}
func (eventHost) SurfaceRemoved(string)                   {}
func (eventHost) SurfaceTheme(string, []catalog.ThemeVar) {}
func (eventHost) Send([]byte, bool)                       {}
func (eventHost) RequestFrame()                           {}
func (eventHost) OpenURL(string) bool                     { return false }
func (eventHost) Emit(ev string, d []byte) {
	if ev == "a2ui-stream" {
		fmt.Println(string(d))
	}
}

// twoConnections answers the first request with one event and a clean close, and the
// reconnection (which carries Last-Event-ID) with 204.
type twoConnections struct{}

func (twoConnections) Open(req render.Request, open func(string) *render.Stream) {
	st := open("text/event-stream")
	if id := req.Headers["Last-Event-ID"]; id != "" {
		fmt.Println("reconnect with Last-Event-ID", id)
		st.Close(&render.StatusError{Status: 204})
		return
	}
	st.Write([]byte("retry: 50\nid: 7\ndata: []\n\n"))
	st.Close(nil)
}

// An SSE stream that may resume (Request.Resume) reconnects after the retry: delay with
// the last event id, and stops for good on 204.
func ExampleRenderer_Connect() {
	var timers []func()
	r := render.New(eventHost{}, render.Options{AfterFunc: func(d time.Duration, f func()) func() {
		fmt.Println("reconnect in", d)
		timers = append(timers, f)
		return func() {}
	}})
	st := r.Connect(twoConnections{}, render.Request{URL: "/events", Resume: true})
	st.OnEnd(func() { fmt.Println("ended") })
	timers[0]() // the clock fires
	// Output:
	// {"state":"open","connection":1,"messages":0}
	// {"state":"reconnecting","connection":1,"messages":0,"lastEventId":"7","delay":50}
	// reconnect in 50ms
	// reconnect with Last-Event-ID 7
	// {"state":"closed","connection":2,"messages":0,"lastEventId":"7"}
	// ended
}
