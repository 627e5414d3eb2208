package memdom

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/dom"
)

// Document is an in-memory DOM with surface hosts, applying dom op batches exactly like
// web/a2ui-runtime.js, but strictly: an op that the browser would silently mis-apply (an id
// in use, an unknown node, a cycle) is an error here, so diff bugs surface in host tests.
// Single goroutine.
type Document struct {
	hosts map[string]*Host
	cur   *Host
	// Stats counts DOM mutations performed by Apply since New or ResetStats.
	Stats Stats
	// Rejected lists what the policy refused (blocked tags, attributes, props), as
	// "attr onclick" / "tag script" / "prop innerHTML".
	Rejected []string
}

// Stats counts applied mutations. PropWrites counts only writes that changed the live value;
// PropSkips the PROP ops whose value equalled the live one.
type Stats struct {
	Creates, Inserts, Moves, Removes, Attrs, DelAttrs, PropWrites, PropSkips, Texts, Listens, Mounts int
}

// Touches is the number of ops that touched the DOM (everything but HOST and skipped props).
func (s Stats) Touches() int {
	return s.Creates + s.Inserts + s.Moves + s.Removes + s.Attrs + s.DelAttrs + s.PropWrites + s.Texts + s.Listens + s.Mounts
}

// Host is a surface host element: its content is the mounted root.
type Host struct {
	Name  string
	Root  *Node // the mounted node, nil when empty
	nodes []*Node
}

// Node is an in-memory DOM node.
type Node struct {
	ID       uint32
	Kind     dom.Kind
	NS       dom.Namespace
	Tag      string
	Text     string
	Attrs    []dom.Attr        // sorted by name
	Props    map[string]string // live property values
	Listen   []string          // event types
	Parent   *Node             // nil when detached or the host root
	Children []*Node
	host     *Host

	// HostProps are the JSON values of a page-defined element's properties (HOSTPROP).
	HostProps map[string]string
}

// New returns an empty document.
func New() *Document { return &Document{hosts: map[string]*Host{}} }

// Attach registers a surface host (the runtime's attach(host, element)).
func (d *Document) Attach(name string) *Host {
	h := &Host{Name: name, nodes: make([]*Node, 1)}
	d.hosts[name] = h
	return h
}

// Detach forgets a host and its nodes.
func (d *Document) Detach(name string) {
	if d.cur == d.hosts[name] {
		d.cur = nil
	}
	delete(d.hosts, name)
}

// Host returns an attached host or nil.
func (d *Document) Host(name string) *Host { return d.hosts[name] }

// ResetStats zeroes Stats and Rejected.
func (d *Document) ResetStats() { d.Stats = Stats{}; d.Rejected = d.Rejected[:0] }

// Node returns the node with id in this host, or nil.
func (h *Host) Node(id uint32) *Node {
	if int(id) < len(h.nodes) {
		return h.nodes[id]
	}
	return nil
}

// Len is the number of live nodes in the host's table.
func (h *Host) Len() int {
	n := 0
	for _, x := range h.nodes {
		if x != nil {
			n++
		}
	}
	return n
}

// HTML serializes the host's content with dom.WriteHTML's rules.
func (h *Host) HTML() string {
	if h.Root == nil {
		return ""
	}
	return h.Root.HTML()
}

// Apply applies one op batch. Ops before a failing op stay applied (as in the browser).
func (d *Document) Apply(b []byte) error {
	return dom.Decode(b, d.apply)
}

func opErr(op *dom.Op, msg string) error {
	return errors.New("memdom: " + op.Code.String() + " " + strconv.FormatUint(uint64(op.ID), 10) + ": " + msg)
}

func (d *Document) node(op *dom.Op, id uint32) (*Node, error) {
	n := d.cur.Node(id)
	if n == nil || id == 0 {
		return nil, opErr(op, "unknown node "+strconv.FormatUint(uint64(id), 10))
	}
	return n, nil
}

func (d *Document) apply(op *dom.Op) error {
	if op.Code == dom.OpHost {
		h := d.hosts[op.Name]
		if h == nil {
			return opErr(op, "unknown host "+strconv.Quote(op.Name))
		}
		d.cur = h
		return nil
	}
	h := d.cur
	if h == nil {
		return opErr(op, "no HOST op before")
	}
	switch op.Code {
	case dom.OpElem, dom.OpText:
		if op.ID == 0 || h.Node(op.ID) != nil {
			return opErr(op, "id in use")
		}
		n := &Node{ID: op.ID, Kind: dom.Element, NS: op.NS, Tag: op.Name, host: h}
		if op.Code == dom.OpText {
			n.Kind, n.Tag, n.Text = dom.Text, "", op.Value
		} else if !dom.AllowedTag(op.Name) || (op.NS == dom.NSFactory && !strings.HasPrefix(op.Name, dom.FactoryTagPrefix)) {
			d.Rejected = append(d.Rejected, "tag "+op.Name)
			n.Tag, n.NS = dom.BlockedTag, dom.NSHTML
		}
		for int(op.ID) >= len(h.nodes) {
			h.nodes = append(h.nodes, nil)
		}
		h.nodes[op.ID] = n
		d.Stats.Creates++
	case dom.OpAttr, dom.OpDelAttr:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		if n.Kind != dom.Element {
			return opErr(op, "not an element")
		}
		i, found := slices.BinarySearchFunc(n.Attrs, op.Name, func(a dom.Attr, s string) int { return strings.Compare(a.Name, s) })
		if op.Code == dom.OpDelAttr {
			if found {
				n.Attrs = slices.Delete(n.Attrs, i, i+1)
			}
			d.Stats.DelAttrs++
			return nil
		}
		if !dom.AllowedAttr(op.Name, op.Value) {
			d.Rejected = append(d.Rejected, "attr "+op.Name)
			// Like the browser applier: the old value must not survive either.
			if found {
				n.Attrs = slices.Delete(n.Attrs, i, i+1)
			}
			return nil
		}
		if found {
			n.Attrs[i].Value = op.Value
		} else {
			n.Attrs = slices.Insert(n.Attrs, i, dom.Attr{Name: op.Name, Value: op.Value})
		}
		d.Stats.Attrs++
	case dom.OpProp:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		if n.Kind != dom.Element {
			return opErr(op, "not an element")
		}
		if !dom.AllowedProp(op.Name) {
			d.Rejected = append(d.Rejected, "prop "+op.Name)
			return nil
		}
		v := op.Value
		if dom.IsBoolProp(op.Name) {
			v = boolStr(dom.PropBool(v))
		}
		if n.Props[op.Name] == v {
			d.Stats.PropSkips++
			return nil
		}
		if n.Props == nil {
			n.Props = map[string]string{}
		}
		if v == "" {
			delete(n.Props, op.Name)
		} else {
			n.Props[op.Name] = v
		}
		d.Stats.PropWrites++
	case dom.OpHostProp:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		if n.Kind != dom.Element {
			return opErr(op, "not an element")
		}
		if !dom.HostElement(n.Tag, n.NS) || !dom.AllowedHostProp(op.Name) {
			d.Rejected = append(d.Rejected, "host prop "+op.Name)
			return nil
		}
		if n.HostProps[op.Name] == op.Value {
			d.Stats.PropSkips++
			return nil
		}
		if n.HostProps == nil {
			n.HostProps = map[string]string{}
		}
		if op.Value == "" {
			delete(n.HostProps, op.Name)
		} else {
			n.HostProps[op.Name] = op.Value
		}
		d.Stats.PropWrites++
	case dom.OpSetText:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		if n.Kind != dom.Text {
			return opErr(op, "not a text node")
		}
		n.Text = op.Value
		d.Stats.Texts++
	case dom.OpInsert:
		p, err := d.node(op, op.Parent)
		if err != nil {
			return err
		}
		c, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		if p.Kind != dom.Element {
			return opErr(op, "parent is not an element")
		}
		for a := p; a != nil; a = a.Parent {
			if a == c {
				return opErr(op, "insert would create a cycle")
			}
		}
		var before *Node
		if op.Before != 0 {
			if before, err = d.node(op, op.Before); err != nil {
				return err
			}
			if before.Parent != p {
				return opErr(op, "before is not a child of parent")
			}
			if before == c {
				return nil // insertBefore(c, c) is a no-op
			}
		}
		if c.Parent != nil || h.Root == c {
			c.detach()
			d.Stats.Moves++
		} else {
			d.Stats.Inserts++
		}
		i := len(p.Children)
		if before != nil {
			i = slices.Index(p.Children, before)
		}
		p.Children = slices.Insert(p.Children, i, c)
		c.Parent = p
	case dom.OpRemove:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		n.detach()
		n.free()
		d.Stats.Removes++
	case dom.OpListen:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		n.Listen = append(n.Listen[:0], op.Events...)
		d.Stats.Listens++
	case dom.OpMount:
		n, err := d.node(op, op.ID)
		if err != nil {
			return err
		}
		n.detach()
		if h.Root != nil && h.Root != n {
			h.Root.Parent = nil
		}
		h.Root = n
		d.Stats.Mounts++
	default:
		return opErr(op, "unsupported op")
	}
	return nil
}

func boolStr(b bool) string {
	if b {
		return "true"
	}
	return ""
}

func (n *Node) detach() {
	if h := n.host; h != nil && h.Root == n {
		h.Root = nil
	}
	if p := n.Parent; p != nil {
		if i := slices.Index(p.Children, n); i >= 0 {
			p.Children = slices.Delete(p.Children, i, i+1)
		}
		n.Parent = nil
	}
}

func (n *Node) free() {
	if h := n.host; h != nil && int(n.ID) < len(h.nodes) && h.nodes[n.ID] == n {
		h.nodes[n.ID] = nil
	}
	for _, c := range n.Children {
		c.free()
	}
}

// SetLive changes a live property as the user would (typing, ticking a box) without an op.
func (n *Node) SetLive(prop, value string) {
	if n.Props == nil {
		n.Props = map[string]string{}
	}
	if value == "" {
		delete(n.Props, prop)
	} else {
		n.Props[prop] = value
	}
}

// Attr returns an attribute's value.
func (n *Node) Attr(name string) (string, bool) {
	for _, a := range n.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// TextContent concatenates the text of the subtree.
func (n *Node) TextContent() string {
	if n.Kind == dom.Text {
		return n.Text
	}
	var b strings.Builder
	n.text(&b)
	return b.String()
}

func (n *Node) text(b *strings.Builder) {
	if n.Kind == dom.Text {
		b.WriteString(n.Text)
		return
	}
	for _, c := range n.Children {
		c.text(b)
	}
}

// HTML serializes the subtree with dom.WriteHTML's rules, so that for a tree t,
// memdom's HTML after applying Render(t) equals dom.HTML(t).
func (n *Node) HTML() string {
	var b strings.Builder
	n.html(&b)
	return b.String()
}

func (n *Node) html(b *strings.Builder) {
	if n.Kind == dom.Text {
		dom.EscapeText(b, n.Text)
		return
	}
	props := make([]dom.Prop, 0, len(n.Props))
	for k, v := range n.Props {
		props = append(props, dom.Prop{Name: k, Value: v})
	}
	slices.SortFunc(props, func(x, y dom.Prop) int { return strings.Compare(x.Name, y.Name) })
	tag := dom.WriteStartTag(b, n.Tag, n.Attrs, props)
	if n.NS == dom.NSHTML && dom.IsVoid(tag) {
		return
	}
	for _, c := range n.Children {
		c.html(b)
	}
	b.WriteString("</")
	b.WriteString(tag)
	b.WriteByte('>')
}
