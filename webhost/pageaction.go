//go:build js && wasm

package webhost

import (
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// pageActions reports whether the page delivers actions itself (the mount option
// sendAction; web/a2ui.js hooks.sendAction), as an MCP App does through its host.
func (jr *jsRenderer) pageActions() bool {
	f, err := jr.hooks.Get("sendAction")
	return err == nil && f.Type() == safejs.TypeFunction
}

// pageAction hands an action to the page's sendAction, which returns a promise; done
// learns its outcome: nil once it resolved (its answer is already applied), the
// rejection's message, or a timeout when it has not settled within timeout. UI goroutine.
func (jr *jsRenderer) pageAction(body []byte, actionID string, timeout time.Duration, done func(error)) {
	p, err := jr.hooks.Call("sendAction", string(body), actionID)
	if err != nil {
		done(err)
		return
	}
	settled := false
	var stop func()
	once := func(err error) {
		if !settled && !jr.destroyed {
			settled = true
			stop()
			done(err)
		}
	}
	stop = afterFunc(timeout, func() { once(jsError("no answer within " + timeout.String())) })
	go func() {
		_, err := await(p)
		post(func() { once(err) })
	}()
}
