package mcp

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/protocol"
)

// responseSink reads the response to one POST: a JSON body or an SSE stream of JSON-RPC
// messages. It settles once: with the response whose id it waits for, or an error.
type responseSink struct {
	c  *Client
	id string // the request id ("": a notification or response, answered by 202)
	// withSession: the request carried a session id (a 404 then means it is gone).
	withSession bool
	done        func(session string, result []byte, err error)

	status  int
	session string
	sse     *protocol.SSEParser
	buf     []byte
	over    bool
	settled bool
}

func (s *responseSink) Start(status int, contentType, sessionID string) {
	s.status, s.session = status, sessionID
	if status == 200 && strings.HasPrefix(strings.ToLower(strings.TrimSpace(contentType)), "text/event-stream") {
		s.sse = protocol.NewSSEParser(s.c.o.MaxMessage)
	}
}

func (s *responseSink) Chunk(p []byte) {
	if s.settled {
		return
	}
	if s.sse != nil {
		s.bad(s.sse.Write(p, s.event))
		return
	}
	if len(s.buf)+len(p) > s.c.o.MaxMessage {
		s.over = true
		return
	}
	s.buf = append(s.buf, p...)
}

func (s *responseSink) End(err error) {
	if s.settled {
		return
	}
	switch {
	case err != nil:
	case s.withSession && (s.status == 404 || s.status == 400 && unknownSession(s.buf)):
		err = errSessionGone
	case s.status < 200 || s.status > 299:
		err = s.statusError()
	case s.id == "":
		// A notification or response: 202 Accepted (any 2xx will do).
	case s.status == 202 || s.status == 204:
		err = errors.New("HTTP status " + strconv.Itoa(s.status) + " without a response")
	case s.sse != nil:
		s.bad(s.sse.Close(s.event))
		if !s.settled {
			err = errors.New("the server's event stream ended without the response")
		}
	case s.over:
		err = errors.New("the response is larger than " + strconv.Itoa(s.c.o.MaxMessage) + " bytes")
	default:
		s.messages(s.buf)
		if !s.settled {
			err = errors.New("the server's answer holds no response to the request")
		}
	}
	if !s.settled {
		s.settle(nil, err)
	}
}

func (s *responseSink) settle(result []byte, err error) {
	s.settled = true
	s.done(s.session, result, err)
}

// event handles one SSE event: a JSON-RPC message (events of other types are skipped).
func (s *responseSink) event(ev *protocol.SSEEvent) {
	if s.settled || (ev.Event != "message" && ev.Event != "") {
		return
	}
	s.messages(ev.Data)
}

// messages handles a JSON-RPC message or batch: the response settles the sink, server
// requests and notifications go to the client; an unreadable one is reported and skipped.
func (s *responseSink) messages(data []byte) {
	ms, err := parseMessages(data)
	if err != nil {
		s.c.emitError(CodeBadMessage, 0, "skipped an unreadable JSON-RPC message: "+err.Error())
		return
	}
	for _, m := range ms {
		switch {
		case m.method != "":
			s.c.serverMessage(m)
		case m.id == s.id && !s.settled && s.id != "":
			if m.err != nil {
				s.settle(nil, m.err)
			} else {
				s.settle(m.result, nil)
			}
		}
	}
}

// bad reports SSE framing problems (an over-long event, a cut-off last event).
func (s *responseSink) bad(errs []*protocol.Error) {
	for _, e := range errs {
		s.c.emitError(CodeBadMessage, 0, e.Message)
	}
}

// unknownSession reports whether a 400 body refuses the session id: the spec answers an
// unknown session with 404, but servers written after the TypeScript SDK's examples
// answer 400 "Bad Request: No valid session ID provided".
func unknownSession(body []byte) bool {
	b := strings.ToLower(string(body))
	return strings.Contains(b, "session") && (strings.Contains(b, "no valid") || strings.Contains(b, "not found") ||
		strings.Contains(b, "invalid") || strings.Contains(b, "unknown") || strings.Contains(b, "expired"))
}

// statusError describes an unusable status: the JSON-RPC error of the body when it holds
// one (go-sdk answers some refusals so), else the status and the body's first line.
func (s *responseSink) statusError() error {
	if ms, err := parseMessages(s.buf); err == nil && len(ms) == 1 && ms[0].err != nil {
		return ms[0].err
	}
	msg := "HTTP status " + strconv.Itoa(s.status)
	text := strings.TrimSpace(string(s.buf))
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	if len(text) > 200 {
		text = text[:200]
		for !utf8.ValidString(text) {
			text = text[:len(text)-1]
		}
	}
	if text != "" {
		msg += ": " + text
	}
	return errors.New(msg)
}
