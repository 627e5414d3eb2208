package model

import (
	"cmp"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// DefaultMaxDataNodes is the node budget of a DataModel when none is set: every JSON value
// in the tree (object, array, array hole, string, number, bool, null) counts as one node;
// the root object does not count.
const DefaultMaxDataNodes = 100000

// maxDeliveries caps the subscriber calls caused by one outermost change (including
// changes made by subscribers while being notified). A subscriber that keeps writing to a
// path it observes would otherwise loop forever; past the cap, pending notifications are
// dropped (the data itself is always written).
const maxDeliveries = 100000

// DataModel is the data model of one surface: a JSON tree whose root is always an object.
// Values are map[string]any, []any, string, float64, bool and nil, exactly what
// encoding/json produces for `any` (numbers are float64, UseNumber off).
//
// A DataModel is not safe for concurrent use. It is owned by the renderer's UI goroutine:
// the Processor writes it when messages arrive, the binding package writes it on user
// input, and Subscribe callbacks run synchronously on the goroutine that made the change.
type DataModel struct {
	root     map[string]any
	version  uint64
	nodes    int
	maxNodes int
	lim      limits
	closed   bool

	subs    subNode
	nsubs   int
	nextSub uint64

	pending    []Pointer
	notifying  bool
	deliveries int

	// order holds the key order of objects (order.go).
	order map[uintptr]orderRec
}

// NewDataModel returns an empty model ({}), with the DefaultMaxDataNodes limit.
func NewDataModel() *DataModel {
	return &DataModel{root: map[string]any{}, maxNodes: DefaultMaxDataNodes, lim: defaultLimits}
}

// CheckPointer reports whether p is within the path caps of the model (segments and
// bytes): a *protocol.Error with Code protocol.CodeLimit if not. Bindings check their
// paths with it before reading or subscribing.
func (d *DataModel) CheckPointer(p Pointer) error {
	if err := d.lim.checkPointer(p); err != nil {
		return err
	}
	return nil
}

// setOptions applies a Processor's node budget and caps.
func (d *DataModel) setOptions(o Options) {
	d.SetLimits(o.MaxDataNodes)
	d.lim = o.limits()
}

// SetLimits sets the node budget (see DefaultMaxDataNodes for what a node is); maxNodes
// <= 0 restores the default. A write that would exceed it fails with a *protocol.Error
// whose Code is protocol.CodeLimit and leaves the model unchanged. Lowering the limit
// below the current size does not drop data; it only refuses growth.
func (d *DataModel) SetLimits(maxNodes int) {
	if maxNodes <= 0 {
		maxNodes = DefaultMaxDataNodes
	}
	d.maxNodes = maxNodes
}

// Nodes returns the number of nodes currently in the tree (the root object excluded).
func (d *DataModel) Nodes() int { return d.nodes }

// Version returns a counter incremented by every change (Set, Delete that removed
// something). Renderers compare it to skip work when nothing changed.
func (d *DataModel) Version() uint64 { return d.version }

// Get returns the value at p and whether it exists. The root pointer returns the root
// object. An array hole (a deleted slot) exists with value nil. A non-numeric token on an
// array, an index out of range, or a path through a primitive is "not found".
//
// The returned value is the model's own storage: callers must treat maps and slices as
// read-only (copy before modifying, or use Snapshot).
func (d *DataModel) Get(p Pointer) (any, bool) {
	var cur any = d.root
	for _, tok := range p {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, ok := Index(tok)
			if !ok || i >= len(c) {
				return nil, false
			}
			cur = c[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// Set writes v at p (upsert) and notifies subscribers.
//
// Intermediate containers that are missing or null are created ("auto-vivification"): an
// array when the next token is an array index ("0", "12"; RFC 6901, no leading zeros),
// otherwise an object. Writing an index at or beyond an array's length extends it with
// nulls. Every token on an array must be an index, and a path cannot go through a string,
// number or boolean: both are errors (Code protocol.CodeValidationFailed). "__proto__",
// "constructor" and "prototype" are ordinary keys.
//
// v may be any JSON-shaped Go value (nil, bool, string, float64 and the other numeric
// kinds, json.Number, json.RawMessage, []any, []string, []float64, []bool,
// map[string]any, map[string]string); it is deep-copied and normalized to the model's
// types, so the caller may reuse it. NaN and ±Inf are rejected.
//
// Set with the root pointer replaces the whole model: v must be an object (or nil, which
// empties the model). On any error the model is unchanged.
func (d *DataModel) Set(p Pointer, v any) error { return d.set(p, v, false) }

// setParsed is Set for a value the model may keep as is: a tree just decoded by
// internal/jsonscan (only map[string]any, []any, string, finite float64, bool, nil) that
// nobody else holds. It is counted against the node budget but not copied.
func (d *DataModel) setParsed(p Pointer, v any) error { return d.set(p, v, true) }

// take counts v against budget and returns what to store: a normalized copy, or v itself
// when the caller handed it over (owned).
func take(v any, budget *int, owned bool) (any, *protocol.Error) {
	if !owned {
		return normalize(v, budget)
	}
	*budget -= countNodes(v)
	if *budget < 0 {
		return nil, limitErr(0)
	}
	return v, nil
}

func (d *DataModel) set(p Pointer, v any, owned bool) error {
	if d.closed {
		return errClosed()
	}
	if len(p) == 0 {
		var m map[string]any
		budget := d.maxNodes + 1 // the root object itself is not counted
		if v != nil {
			nv, err := take(v, &budget, owned)
			if err != nil {
				return d.fixLimit(err)
			}
			var ok bool
			if m, ok = nv.(map[string]any); !ok {
				return newErr(protocol.CodeValidationFailed, "the data model root must be an object, got "+kindOf(nv))
			}
		} else {
			m = map[string]any{}
			budget--
		}
		d.root = m
		d.nodes = d.maxNodes - budget
		d.order = nil
		d.changed(Pointer{})
		return nil
	}
	if err := d.lim.checkPointer(p); err != nil {
		return err
	}
	added, old, exists, err := d.plan(p)
	if err != nil {
		return err
	}
	oldCount := 0
	if exists {
		oldCount = countNodes(old)
	}
	budget := d.maxNodes - (d.nodes - oldCount + added)
	nv, nerr := take(v, &budget, owned)
	if nerr != nil {
		return d.fixLimit(nerr)
	}
	d.nodes = d.maxNodes - budget
	parent, key := d.gainsKey(p)
	d.root = setIn(d.root, p, nv).(map[string]any)
	if parent != nil {
		d.keyAdded(parent, key)
	}
	d.changed(p.Append())
	return nil
}

// gainsKey returns the existing object that writing at p adds a key to, and the key: the
// container of p's first missing token when that container is an object (nil otherwise).
func (d *DataModel) gainsKey(p Pointer) (map[string]any, string) {
	var cur any = d.root
	for _, tok := range p {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return c, tok
			}
			cur = v
		case []any:
			i, ok := Index(tok)
			if !ok || i >= len(c) {
				return nil, ""
			}
			cur = c[i]
		default:
			return nil, ""
		}
	}
	return nil, ""
}

func (d *DataModel) fixLimit(e *protocol.Error) *protocol.Error {
	if e.Code == protocol.CodeLimit {
		return limitErr(d.maxNodes)
	}
	return e
}

// SetJSON decodes raw (any JSON value) and Sets it at p. A decode error is a
// protocol.CodeValidationFailed *protocol.Error.
func (d *DataModel) SetJSON(p Pointer, raw []byte) error {
	v, recs, err := parseOrdered(raw)
	if err != nil {
		return newErr(protocol.CodeValidationFailed, "invalid JSON value: "+err.Error())
	}
	if at, err := d.lim.checkValue(v); err != nil {
		if at != "" {
			err.Message += " at " + at
		}
		return err
	}
	if err := d.setParsed(p, v); err != nil {
		return err
	}
	d.adoptOrder(recs)
	return nil
}

// Delete removes the value at p and notifies subscribers: an object key is removed; an
// array slot is set to null and the array keeps its length (a hole, as in the spec's
// "undefined"). Deleting the root empties the model. Deleting something that does not
// exist (missing key, index out of range, a path through a primitive) changes nothing
// and is not an error; a non-numeric token on an array is an error
// (protocol.CodeValidationFailed).
func (d *DataModel) Delete(p Pointer) error {
	if d.closed {
		return errClosed()
	}
	if len(p) == 0 {
		d.root = map[string]any{}
		d.nodes = 0
		d.order = nil
		d.changed(Pointer{})
		return nil
	}
	var cur any = d.root
	for i, tok := range p {
		last := i == len(p)-1
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil
			}
			if last {
				d.nodes -= countNodes(v)
				delete(c, tok)
				d.keyDeleted(c, tok)
				d.changed(p.Append())
				return nil
			}
			cur = v
		case []any:
			idx, ok := Index(tok)
			if !ok {
				return newErr(protocol.CodeValidationFailed, "non-numeric token "+strconv.Quote(tok)+" on an array in "+strconv.Quote(p.String()))
			}
			if idx >= len(c) {
				return nil
			}
			if last {
				d.nodes -= countNodes(c[idx]) - 1
				c[idx] = nil
				d.changed(p.Append())
				return nil
			}
			cur = c[idx]
		default:
			return nil
		}
	}
	return nil
}

// Snapshot returns a deep copy of the whole model.
func (d *DataModel) Snapshot() map[string]any {
	return deepCopy(d.root).(map[string]any)
}

// MarshalJSON encodes the model deterministically (object keys sorted, numbers in
// encoding/json's shortest form).
func (d *DataModel) MarshalJSON() ([]byte, error) {
	if d == nil {
		return []byte("null"), nil
	}
	return protocol.AppendJSON(nil, d.root), nil
}

// Subscribe registers fn to be called after every change whose path is p itself, one of
// p's ancestors (a write to "/user" changes "/user/name") or one of p's descendants (a
// write to "/user/name" changes "/user"); siblings ("/user/age") do not notify. fn
// receives the changed path (the root pointer for a whole-model replace) and runs
// synchronously on the goroutine that made the change, after the change. Subscribers are
// called in subscription order. A change made by fn itself is delivered after the current
// round, before the outermost Set/Delete returns. cancel unsubscribes; it is idempotent
// and may be called from inside fn. Subscribing to a closed model returns a no-op cancel.
func (d *DataModel) Subscribe(p Pointer, fn func(changed Pointer)) (cancel func()) {
	if d.closed || fn == nil {
		return func() {}
	}
	n := &d.subs
	for _, tok := range p {
		if n.kids == nil {
			n.kids = map[string]*subNode{}
		}
		k := n.kids[tok]
		if k == nil {
			k = &subNode{parent: n, key: tok}
			n.kids[tok] = k
		}
		n = k
	}
	d.nextSub++
	s := &sub{id: d.nextSub, fn: fn, node: n}
	n.subs = append(n.subs, s)
	d.nsubs++
	return func() { d.unsubscribe(s) }
}

// Subscribers returns the number of active subscriptions.
func (d *DataModel) Subscribers() int { return d.nsubs }

// Close cancels every subscription and makes later Set, Delete and Subscribe calls no-ops
// (Set and Delete return a protocol.CodeUnknownSurface error). The Processor closes a
// surface's model when the surface is deleted, so stale writes from in-flight UI events
// cannot leak into a re-created surface.
func (d *DataModel) Close() {
	d.closed = true
	d.subs = subNode{}
	d.nsubs = 0
	d.pending = nil
}

// Closed reports whether Close was called.
func (d *DataModel) Closed() bool { return d.closed }

type subNode struct {
	parent *subNode
	key    string
	kids   map[string]*subNode
	subs   []*sub
}

type sub struct {
	id   uint64
	fn   func(Pointer)
	node *subNode
	dead bool
}

func (d *DataModel) unsubscribe(s *sub) {
	if s.dead {
		return
	}
	s.dead = true
	if d.closed {
		return
	}
	n := s.node
	for i, x := range n.subs {
		if x == s {
			n.subs = append(n.subs[:i], n.subs[i+1:]...)
			break
		}
	}
	d.nsubs--
	// prune empty branches
	for n.parent != nil && len(n.subs) == 0 && len(n.kids) == 0 {
		delete(n.parent.kids, n.key)
		n = n.parent
	}
}

// changed records a change at p and, unless a notification round is already running,
// delivers it and any change made by the subscribers.
func (d *DataModel) changed(p Pointer) {
	d.version++
	d.pending = append(d.pending, p)
	if d.notifying {
		return
	}
	d.notifying = true
	d.deliveries = 0
	defer func() {
		d.notifying = false
		d.pending = d.pending[:0]
	}()
	for len(d.pending) > 0 {
		c := d.pending[0]
		d.pending = d.pending[1:]
		for _, s := range d.matching(c) {
			if s.dead {
				continue
			}
			d.deliveries++
			if d.deliveries > maxDeliveries {
				return
			}
			s.fn(c)
		}
	}
}

// matching returns the live subscriptions related to c, in subscription order.
func (d *DataModel) matching(c Pointer) []*sub {
	var out []*sub
	n := &d.subs
	out = append(out, n.subs...)
	for _, tok := range c {
		n = n.kids[tok]
		if n == nil {
			break
		}
		out = append(out, n.subs...)
	}
	if n != nil {
		for _, k := range n.kids {
			out = collect(k, out)
		}
	}
	if len(out) > 1 {
		slices.SortFunc(out, func(a, b *sub) int { return cmp.Compare(a.id, b.id) })
	}
	return out
}

// collect appends the subscriptions of n's subtree (iteratively: subscription paths come
// from agent data).
func collect(n *subNode, out []*sub) []*sub {
	stack := []*subNode{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, n.subs...)
		for _, k := range n.kids {
			stack = append(stack, k)
		}
	}
	return out
}

// plan validates a write at p (len(p) > 0) without changing anything. It returns the
// number of nodes the vivified containers and array padding add, the old value at p
// (nil if none) and whether it existed.
func (d *DataModel) plan(p Pointer) (added int, old any, exists bool, err *protocol.Error) {
	var cur any = d.root
	virtual := false
	for i, tok := range p {
		last := i == len(p)-1
		if virtual {
			if idx, ok := Index(tok); ok {
				if err := d.lim.checkIndex(p, i, idx, 0); err != nil {
					return 0, nil, false, err
				}
				added += idx
			}
			if !last {
				added++
			}
			if added > d.maxNodes {
				return 0, nil, false, limitErr(d.maxNodes)
			}
			continue
		}
		var child any
		var present bool
		switch c := cur.(type) {
		case map[string]any:
			child, present = c[tok]
		case []any:
			idx, ok := Index(tok)
			if !ok {
				return 0, nil, false, newErr(protocol.CodeValidationFailed, "non-numeric token "+strconv.Quote(tok)+" on an array in "+strconv.Quote(p.String()))
			}
			if idx >= len(c) {
				if err := d.lim.checkIndex(p, i, idx, len(c)); err != nil {
					return 0, nil, false, err
				}
				added += idx - len(c)
				if added > d.maxNodes {
					return 0, nil, false, limitErr(d.maxNodes)
				}
			} else {
				child, present = c[idx], true
			}
		}
		if last {
			return added, child, present, nil
		}
		switch child.(type) {
		case map[string]any, []any:
			cur = child
		case nil:
			if !present {
				added++
			}
			virtual = true
		default:
			return 0, nil, false, newErr(protocol.CodeValidationFailed, "cannot write "+strconv.Quote(p.String())+": "+strconv.Quote(Pointer(p[:i+1]).String())+" is a "+kindOf(child))
		}
	}
	return added, nil, false, nil
}

// setIn writes v at p inside cur (already validated by plan) and returns the container,
// which may be new (vivified) or reallocated (extended array).
func setIn(cur any, p Pointer, v any) any {
	tok := p[0]
	if cur == nil {
		if _, ok := Index(tok); ok {
			cur = []any{}
		} else {
			cur = map[string]any{}
		}
	}
	switch c := cur.(type) {
	case map[string]any:
		if len(p) == 1 {
			c[tok] = v
		} else {
			c[tok] = setIn(c[tok], p[1:], v)
		}
		return c
	case []any:
		idx, _ := Index(tok)
		for len(c) <= idx {
			c = append(c, nil)
		}
		if len(p) == 1 {
			c[idx] = v
		} else {
			c[idx] = setIn(c[idx], p[1:], v)
		}
		return c
	}
	return cur
}

// normalize deep-copies v into the model's value types, charging one unit of budget per
// node; it fails with CodeLimit when the budget goes negative.
func normalize(v any, budget *int) (any, *protocol.Error) {
	*budget--
	if *budget < 0 {
		return nil, limitErr(0)
	}
	switch t := v.(type) {
	case nil:
		return nil, nil
	case bool, string:
		return t, nil
	case float64:
		return checkFloat(t)
	case float32:
		return checkFloat(float64(t))
	case int:
		return float64(t), nil
	case int8:
		return float64(t), nil
	case int16:
		return float64(t), nil
	case int32:
		return float64(t), nil
	case int64:
		return float64(t), nil
	case uint:
		return float64(t), nil
	case uint8:
		return float64(t), nil
	case uint16:
		return float64(t), nil
	case uint32:
		return float64(t), nil
	case uint64:
		return float64(t), nil
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil {
			return nil, newErr(protocol.CodeValidationFailed, "invalid number "+strconv.Quote(string(t)))
		}
		return checkFloat(f)
	case json.RawMessage:
		*budget++ // counted again as its decoded tree
		x, err := jsonscan.Parse(t)
		if err != nil {
			return nil, newErr(protocol.CodeValidationFailed, "invalid JSON value: "+err.Error())
		}
		return take(x, budget, true)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			n, err := normalize(e, budget)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	case []string:
		*budget -= len(t)
		if *budget < 0 {
			return nil, limitErr(0)
		}
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = e
		}
		return out, nil
	case []float64:
		out := make([]any, len(t))
		for i, e := range t {
			n, err := normalize(e, budget)
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	case []bool:
		*budget -= len(t)
		if *budget < 0 {
			return nil, limitErr(0)
		}
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = e
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			n, err := normalize(e, budget)
			if err != nil {
				return nil, err
			}
			out[k] = n
		}
		return out, nil
	case map[string]string:
		*budget -= len(t)
		if *budget < 0 {
			return nil, limitErr(0)
		}
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = e
		}
		return out, nil
	}
	return nil, newErr(protocol.CodeValidationFailed, "unsupported value type for the data model")
}

func checkFloat(f float64) (any, *protocol.Error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil, newErr(protocol.CodeValidationFailed, "NaN and infinite numbers cannot be stored")
	}
	return f, nil
}

// countNodes returns the number of nodes in v (0 for a missing value is the caller's
// business: countNodes(nil) is 1, a null node).
func countNodes(v any) int {
	switch t := v.(type) {
	case map[string]any:
		n := 1
		for _, e := range t {
			n += countNodes(e)
		}
		return n
	case []any:
		n := 1
		for _, e := range t {
			n += countNodes(e)
		}
		return n
	}
	return 1
}

func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "value"
}

func newErr(code, msg string) *protocol.Error { return &protocol.Error{Code: code, Message: msg} }

// isNodeLimit reports the node-budget error (a property of the value, not of the path).
func isNodeLimit(e *protocol.Error) bool {
	return e.Code == protocol.CodeLimit && strings.HasPrefix(e.Message, nodeLimitMsg)
}

const nodeLimitMsg = "data model node limit exceeded"

func limitErr(max int) *protocol.Error {
	msg := nodeLimitMsg
	if max > 0 {
		msg += " (max " + strconv.Itoa(max) + " nodes)"
	}
	return newErr(protocol.CodeLimit, msg)
}

func errClosed() *protocol.Error {
	return newErr(protocol.CodeUnknownSurface, "the data model is closed (its surface was deleted)")
}
