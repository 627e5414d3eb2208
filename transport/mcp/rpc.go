package mcp

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// RPCError is a JSON-RPC error response of the server.
type RPCError struct {
	Code    int
	Message string
}

func (e *RPCError) Error() string {
	return "the server answered with an error: " + e.Message + " (" + strconv.Itoa(e.Code) + ")"
}

// message is one JSON-RPC message from the server: a response (id, and result or
// error), a request (id and method) or a notification (method only).
type message struct {
	id     string // the id as a key (idKey; "" for a notification)
	rawID  []byte // the id as sent, to answer a request
	method string
	result []byte
	err    *RPCError
}

// parseMessages reads a JSON-RPC message or a batch of them.
func parseMessages(b []byte) ([]message, error) {
	v, rest, err := jsonscan.Next(b)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, errors.New("data after the JSON-RPC message")
	}
	if v[0] != '[' {
		m, err := parseMessage(v)
		if err != nil {
			return nil, err
		}
		return []message{m}, nil
	}
	list, err := jsonscan.Array(v)
	if err != nil {
		return nil, err
	}
	out := make([]message, 0, len(list))
	for _, e := range list {
		m, err := parseMessage(e)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func parseMessage(v []byte) (message, error) {
	o, ok := wire.Object(v)
	if !ok {
		return message{}, errors.New("a JSON-RPC message must be an object")
	}
	m := message{method: o.Str("method")}
	if id := o["id"]; len(id) > 0 && string(id) != "null" {
		m.id, m.rawID = idKey(id), id
	}
	switch {
	case o.Has("error"):
		e := o.Obj("error")
		if e == nil {
			return m, errors.New("a JSON-RPC error must be an object")
		}
		m.err = &RPCError{Code: e.Integer("code"), Message: e.Str("message")}
	case o.Has("result"):
		m.result = o["result"]
	case m.method == "":
		return m, errors.New("a JSON-RPC message needs a method, a result or an error")
	}
	if m.method == "" && m.id == "" && m.err == nil {
		return m, errors.New("a JSON-RPC response needs an id") // (an error may have a null id)
	}
	return m, nil
}

// idKey is an id's raw JSON, a string id unquoted to its number form when it spells our
// own integer ids (some servers echo ids as strings).
func idKey(raw []byte) string {
	if raw[0] == '"' {
		if s, err := jsonscan.String(raw); err == nil {
			if _, err := strconv.Atoi(s); err == nil {
				return s
			}
		}
	}
	return string(raw)
}

// requestBody is a JSON-RPC request; params is a JSON object or nil.
func requestBody(id int, method string, params []byte) []byte {
	b := []byte(`{"jsonrpc":"2.0","id":`)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `,"method":`...)
	b = protocol.AppendJSON(b, method)
	if params != nil {
		b = append(b, `,"params":`...)
		b = append(b, params...)
	}
	return append(b, '}')
}

// notificationBody is a JSON-RPC notification without params.
func notificationBody(method string) []byte {
	b := []byte(`{"jsonrpc":"2.0","method":`)
	b = protocol.AppendJSON(b, method)
	return append(b, '}')
}

// resultBody answers the server's request id (raw JSON) with result.
func resultBody(id []byte, result string) []byte {
	return []byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"result":` + result + `}`)
}

// errorBody answers the server's request id (raw JSON) with an error.
func errorBody(id []byte, code int, msg string) []byte {
	b := []byte(`{"jsonrpc":"2.0","id":` + string(id) + `,"error":{"code":`)
	b = strconv.AppendInt(b, int64(code), 10)
	b = append(b, `,"message":`...)
	b = protocol.AppendJSON(b, msg)
	return append(b, "}}"...)
}
