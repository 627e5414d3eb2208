package agent

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
	"time"
)

// DefaultMaxBody is the cap on a POSTed client body when Server.MaxBody is 0 (the client
// data model may ride along).
const DefaultMaxBody = 1 << 20

// Server serves an agent over HTTP. Its handlers run on net/http's per-request
// goroutines, so Stream and Respond may run concurrently.
//
//	GET  …/stream  Stream writes the messages of a new stream (a renderer's src)
//	POST …/action  each client message of the body is passed to Respond, whose messages
//	               form the response body (the renderer's action-url reads it as more
//	               messages)
//
// Responses are JSON Lines, or SSE when the request asks (see FormatFor). ServeHTTP
// routes by the last path segment; StreamHandler and ActionHandler serve one endpoint
// each, for a mux of your own.
type Server struct {
	// Stream writes the opening messages of a stream. Nil answers 404.
	Stream func(w *Writer, r *http.Request) error
	// Respond answers one client message; it may write nothing. Nil answers 404.
	Respond func(w *Writer, r *http.Request, m ClientMessage) error
	// Pace pauses between messages (to show streaming in demos); 0 for none.
	Pace time.Duration
	// MaxBody caps a POSTed body; 0 means DefaultMaxBody.
	MaxBody int64
	// ErrorLog receives errors that cannot reach the client (nil: the log package's
	// standard logger).
	ErrorLog *log.Logger
}

// StatusError is an error a handler returns, before writing any message, to answer
// with an HTTP status: Errorf(http.StatusNotFound, "no sample %q", name).
type StatusError struct {
	Status  int
	Message string
}

func (e *StatusError) Error() string { return e.Message }

// Errorf returns a *StatusError with a formatted message.
func Errorf(status int, format string, args ...any) error {
	return &StatusError{Status: status, Message: fmt.Sprintf(format, args...)}
}

// ServeHTTP routes …/stream and …/action; anything else is 404.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasSuffix(r.URL.Path, "/stream"):
		s.StreamHandler().ServeHTTP(w, r)
	case strings.HasSuffix(r.URL.Path, "/action"):
		s.ActionHandler().ServeHTTP(w, r)
	default:
		http.NotFound(w, r)
	}
}

// StreamHandler serves GET with Stream.
func (s *Server) StreamHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodGet) {
			return
		}
		if s.Stream == nil {
			http.NotFound(w, r)
			return
		}
		out := newHTTPWriter(w, r, s.Pace)
		s.finish(w, r, out, s.Stream(out, r))
	})
}

// ActionHandler serves POST with Respond.
func (s *Server) ActionHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allow(w, r, http.MethodPost) {
			return
		}
		if s.Respond == nil {
			http.NotFound(w, r)
			return
		}
		max := s.MaxBody
		if max <= 0 {
			max = DefaultMaxBody
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
		if err != nil {
			http.Error(w, "cannot read body: "+err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		msgs, err := ParseClientMessages(body)
		if len(msgs) == 0 {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err != nil {
			s.logf("agent: %s %s: %v", r.Method, r.URL.Path, err)
		}
		out := newHTTPWriter(w, r, s.Pace)
		for _, m := range msgs {
			if err := s.Respond(out, r, m); err != nil {
				s.finish(w, r, out, err)
				return
			}
		}
		s.finish(w, r, out, nil)
	})
}

// finish ends a response: the headers when nothing was written, or the handler's error
// as an HTTP status when nothing was written yet.
func (s *Server) finish(w http.ResponseWriter, r *http.Request, out *Writer, err error) {
	if err == nil {
		if out.start != nil && out.skip > 0 {
			// A reconnection to a stream that has nothing after the client's last event:
			// 204 tells an EventSource client the stream is over (no reconnect loop).
			out.start = nil
			w.WriteHeader(http.StatusNoContent)
			return
		}
		out.begin()
		return
	}
	if out.start == nil { // already streaming: the status is gone
		if r.Context().Err() == nil {
			s.logf("agent: %s %s: %v", r.Method, r.URL.Path, err)
		}
		return
	}
	var se *StatusError
	if errors.As(err, &se) {
		http.Error(w, se.Message, se.Status)
		return
	}
	s.logf("agent: %s %s: %v", r.Method, r.URL.Path, err)
	http.Error(w, "agent error", http.StatusInternalServerError)
}

func (s *Server) logf(format string, args ...any) {
	if s.ErrorLog != nil {
		s.ErrorLog.Printf(format, args...)
		return
	}
	log.Printf(format, args...)
}

func allow(w http.ResponseWriter, r *http.Request, method string) bool {
	if r.Method == method {
		return true
	}
	w.Header().Set("Allow", method)
	http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
	return false
}
