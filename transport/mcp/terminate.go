package mcp

import (
	"errors"
	"strconv"
)

// Close ends the session as the official TypeScript client's terminateSession does: a
// DELETE of the endpoint with Mcp-Session-Id and MCP-Protocol-Version (nothing when the
// server gave no session). done, when not nil, learns the outcome: nil for a 2xx or a
// 405 (the server does not let clients end sessions), else the failure. The client
// forgets the session at once; a later request would initialize a new one.
func (c *Client) Close(done func(error)) {
	if done == nil {
		done = func(error) {}
	}
	if c.session == "" {
		done(nil)
		return
	}
	h := map[string]string{"Mcp-Session-Id": c.session}
	if c.version != "" {
		h["MCP-Protocol-Version"] = c.version
	}
	c.state, c.session, c.version, c.caps = stateNone, "", "", nil
	c.t.Do(Request{Method: "DELETE", URL: c.url, Headers: h}, &closeSink{done: done})
}

// closeSink reads the answer to Close's DELETE (its body is not read).
type closeSink struct {
	status int
	done   func(error)
}

func (s *closeSink) Start(status int, _, _ string) { s.status = status }
func (s *closeSink) Chunk([]byte)                  {}
func (s *closeSink) End(err error) {
	if err == nil && (s.status < 200 || s.status > 299) && s.status != 405 {
		err = errors.New("the session was not ended: HTTP status " + strconv.Itoa(s.status))
	}
	s.done(err)
}
