//go:build js && wasm

package webhost

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
	"github.com/a2ui-go/a2ui/transport/agui"
)

// startAGUI connects jr to the AG-UI agent whose run endpoint is agent (transport
// "agui"; an absolute URL, which web/a2ui.js resolved): message, when not "", is the
// first run's user message; input is the mount's agui option ({tools, context,
// forwardedProps}). UI goroutine.
func (jr *jsRenderer) startAGUI(agent, message string, input agui.Input) {
	hooks := agui.Hooks{
		Open:   func() agui.Stream { return jr.openTurn(false) },
		Emit:   jr.Emit,
		Notice: jr.notice,
		Activity: func(id string, lifecycle []byte) {
			if jr.destroyed {
				return
			}
			if lifecycle == nil {
				_, _ = jr.hooks.Call("activity", id, safejs.Null())
				return
			}
			_, _ = jr.hooks.Call("activity", id, string(lifecycle))
		},
	}
	jr.agentURL = agent
	jr.agui = agui.NewClient(a2aFetch{jr}, hooks, agent)
	jr.agui.Input = input
	if message != "" {
		jr.agui.Send(message)
	}
}

// sendText starts a turn with the user's text (r.send(text)) on the agent connection:
// an AG-UI run or an A2A turn. UI goroutine.
func (jr *jsRenderer) sendText(text string) {
	if jr.agui != nil {
		jr.agui.Send(text)
		return
	}
	if jr.a2a == nil {
		jr.Emit("a2ui-error", []byte(`{"error":{"code":"A2A_NOT_CONFIGURED","message":`+strconv.Quote(`send() needs transport "a2a" or "agui" and an agent`)+`}}`))
		return
	}
	jr.a2aSend(text)
}

// aguiAction sends an action as an AG-UI run (forwardedProps.a2uiAction.userAction);
// done learns its outcome (see agui.Client.SendAction), or a timeout when the agent has
// not answered within timeout. UI goroutine.
func (jr *jsRenderer) aguiAction(body []byte, timeout time.Duration, done func(error)) {
	jr.agui.SendAction(body, jr.within(timeout, done))
}
