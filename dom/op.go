package dom

import (
	"errors"
	"strconv"
)

// Op stream format (version 1)
//
// Tree.Render writes DOM mutations into an Encoder as a compact binary op stream; the
// browser applier (web/a2ui-runtime.js) and the in-memory applier (dom/memdom) decode the
// same bytes. One batch is one call into JS.
//
//	batch  = 0xA2 0x01 op*                 magic byte, format version
//	op     = code:u8 operands
//	uint   = unsigned LEB128 varint (7 bits per byte, low group first, high bit = more)
//	str    = uint tag, then:
//	           tag 0    → uint len, len bytes of UTF-8; the string is appended to the batch's
//	                      string table (interned: names and short values)
//	           tag 1    → uint len, len bytes of UTF-8; not interned (long or unique values)
//	           tag n≥2  → string table entry n-2 of this batch
//	ids    = uint; 0 never names a node (it means "none": append / no host)
//
// The string table starts empty at the start of each batch. Ops, with their operands:
//
//	1  HOST     name:str              later ops address the surface host registered as name
//	2  ELEM     id:uint ns:u8 tag:str create a detached element; ns 0 HTML, 1 SVG, 2 MathML
//	3  TEXT     id:uint text:str      create a detached text node
//	4  ATTR     id:uint name:str value:str   setAttribute
//	5  DELATTR  id:uint name:str             removeAttribute
//	6  PROP     id:uint name:str value:str   set a live property (see Prop): the applier reads
//	                                  the live value first and writes only if it differs
//	7  SETTEXT  id:uint text:str      text node data
//	8  INSERT   parent:uint child:uint before:uint   parent.insertBefore(child, before);
//	                                  before 0 = append. Moving a connected node uses
//	                                  moveBefore where available (keeps focus)
//	9  REMOVE   id:uint               detach the node and free its id and the ids of its
//	                                  whole subtree (the applier walks the subtree)
//	10 LISTEN   id:uint n:uint type:str×n   the set of event types the node listens to
//	                                  (replaces the previous set; n 0 = none)
//	11 MOUNT    id:uint               the current host's content becomes exactly node id
//	12 HOSTPROP id:uint name:str json:str    assign JSON.parse(json) as property name of a
//	                                  page-defined element (a custom element, a factory's
//	                                  element); "" assigns undefined. The applier keeps the
//	                                  last JSON per name and skips an unchanged one
//
// ELEM with ns 3 (NSFactory) creates the element by calling the page's factory registered
// under tag (a FactoryTagPrefix tag); an unknown factory, a throw or a non-element
// result gives the inert <a2ui-blocked>.
//
// Appliers must reject (not apply) what Policy forbids: script-capable tags become an inert
// <a2ui-blocked> element, on* / style / srcdoc attributes and script-scheme URLs are
// skipped, and only the props listed at Prop are written. A decode error (truncated or
// unknown op) aborts the rest of the batch.

// OpCode identifies an op in the stream.
type OpCode uint8

// Op codes, see the format description above.
const (
	OpHost OpCode = 1 + iota
	OpElem
	OpText
	OpAttr
	OpDelAttr
	OpProp
	OpSetText
	OpInsert
	OpRemove
	OpListen
	OpMount
	OpHostProp
)

var opNames = [...]string{"", "HOST", "ELEM", "TEXT", "ATTR", "DELATTR", "PROP", "SETTEXT", "INSERT", "REMOVE", "LISTEN", "MOUNT", "HOSTPROP"}

func (c OpCode) String() string {
	if int(c) < len(opNames) && c != 0 {
		return opNames[c]
	}
	return "OP(" + strconv.Itoa(int(c)) + ")"
}

// Namespace of an element, chosen by Tree from the tag and its ancestors.
type Namespace uint8

// Element namespaces.
const (
	NSHTML Namespace = iota
	NSSVG
	NSMathML
	// NSFactory: the element comes from a factory the page registered (catalog/host).
	NSFactory
)

// FactoryTagPrefix starts the Tag of a Node whose element a page factory creates: the
// applier calls the factory registered under the whole tag, and its children are HTML.
const FactoryTagPrefix = "a2ui-factory-"

const (
	batchMagic   = 0xA2
	batchVersion = 1
	// internMax: values up to this many bytes are interned (class names, types, ...);
	// longer ones (text) are written inline.
	internMax = 48
)

// Encoder accumulates one batch of ops in a reusable, growing byte buffer. The zero value is
// ready to use. Not safe for concurrent use; the renderer's UI goroutine owns it.
type Encoder struct {
	buf  []byte
	strs map[string]uint32
	ops  int
}

// Reset empties the encoder for a new batch, keeping its memory.
func (e *Encoder) Reset() {
	e.buf = e.buf[:0]
	e.ops = 0
	clear(e.strs)
}

// Bytes returns the batch, or nil when no op was written. The slice aliases the encoder's
// buffer and is valid until the next write or Reset.
func (e *Encoder) Bytes() []byte {
	if e.ops == 0 {
		return nil
	}
	return e.buf
}

// Ops reports how many ops the batch holds.
func (e *Encoder) Ops() int { return e.ops }

// Len reports the batch size in bytes.
func (e *Encoder) Len() int { return len(e.buf) }

func (e *Encoder) op(c OpCode) {
	if len(e.buf) == 0 {
		e.buf = append(e.buf, batchMagic, batchVersion)
	}
	e.buf = append(e.buf, byte(c))
	e.ops++
}

func (e *Encoder) uint(v uint32) {
	for v >= 0x80 {
		e.buf = append(e.buf, byte(v)|0x80)
		v >>= 7
	}
	e.buf = append(e.buf, byte(v))
}

func (e *Encoder) str(s string) {
	if len(s) > internMax {
		e.buf = append(e.buf, 1)
		e.uint(uint32(len(s)))
		e.buf = append(e.buf, s...)
		return
	}
	if e.strs == nil {
		e.strs = make(map[string]uint32, 64)
	}
	if i, ok := e.strs[s]; ok {
		e.uint(i + 2)
		return
	}
	e.strs[s] = uint32(len(e.strs))
	e.buf = append(e.buf, 0)
	e.uint(uint32(len(s)))
	e.buf = append(e.buf, s...)
}

// mark and rewind let Tree drop a HOST op when nothing followed it.
type mark struct{ n, ops, strs int }

func (e *Encoder) mark() mark { return mark{len(e.buf), e.ops, len(e.strs)} }

func (e *Encoder) rewind(m mark) {
	e.buf = e.buf[:m.n]
	e.ops = m.ops
	if len(e.strs) > m.strs {
		// Strings interned after the mark are gone from the bytes; forget them.
		for s, i := range e.strs {
			if int(i) >= m.strs {
				delete(e.strs, s)
			}
		}
	}
	if e.ops == 0 {
		e.buf = e.buf[:0]
	}
}

// Host addresses the following ops to the surface host registered under name.
func (e *Encoder) Host(name string) { e.op(OpHost); e.str(name) }

// Elem creates a detached element.
func (e *Encoder) Elem(id uint32, ns Namespace, tag string) {
	e.op(OpElem)
	e.uint(id)
	e.buf = append(e.buf, byte(ns))
	e.str(tag)
}

// Text creates a detached text node.
func (e *Encoder) Text(id uint32, text string) { e.op(OpText); e.uint(id); e.str(text) }

// Attr sets an attribute.
func (e *Encoder) Attr(id uint32, name, value string) {
	e.op(OpAttr)
	e.uint(id)
	e.str(name)
	e.str(value)
}

// DelAttr removes an attribute.
func (e *Encoder) DelAttr(id uint32, name string) { e.op(OpDelAttr); e.uint(id); e.str(name) }

// Prop sets a live property (compared with the live element by the applier).
func (e *Encoder) Prop(id uint32, name, value string) {
	e.op(OpProp)
	e.uint(id)
	e.str(name)
	e.str(value)
}

// HostProp assigns a JSON-valued property of a page-defined element.
func (e *Encoder) HostProp(id uint32, name, json string) {
	e.op(OpHostProp)
	e.uint(id)
	e.str(name)
	e.str(json)
}

// SetText replaces a text node's data.
func (e *Encoder) SetText(id uint32, text string) { e.op(OpSetText); e.uint(id); e.str(text) }

// Insert inserts (or moves) child into parent before the node before (0: append).
func (e *Encoder) Insert(parent, child, before uint32) {
	e.op(OpInsert)
	e.uint(parent)
	e.uint(child)
	e.uint(before)
}

// Remove detaches a node and frees its subtree's ids in the applier.
func (e *Encoder) Remove(id uint32) { e.op(OpRemove); e.uint(id) }

// Listen sets the event types node id listens to.
func (e *Encoder) Listen(id uint32, on []Listener) {
	e.op(OpListen)
	e.uint(id)
	e.uint(uint32(len(on)))
	for _, l := range on {
		e.str(l.Event)
	}
}

// Mount makes node id the only content of the current host.
func (e *Encoder) Mount(id uint32) { e.op(OpMount); e.uint(id) }

// Op is one decoded op. Fields not used by Code are zero.
type Op struct {
	Code   OpCode
	ID     uint32 // node (ELEM TEXT ATTR DELATTR PROP SETTEXT REMOVE LISTEN MOUNT), child (INSERT)
	Parent uint32 // INSERT
	Before uint32 // INSERT
	NS     Namespace
	Name   string // HOST name, ELEM tag, ATTR/DELATTR/PROP name
	Value  string // TEXT/SETTEXT text, ATTR/PROP value
	Events []string
}

// ErrBadBatch is wrapped by every decode error.
var ErrBadBatch = errors.New("dom: malformed op batch")

type decodeError struct {
	at  int
	msg string
}

func (d *decodeError) Error() string {
	return "dom: malformed op batch at byte " + strconv.Itoa(d.at) + ": " + d.msg
}
func (d *decodeError) Unwrap() error { return ErrBadBatch }

// Decode walks a batch and calls visit for each op in order. It stops at the first decode
// error or the first error returned by visit. An empty (nil) batch is valid. Used by memdom
// and by tests; the browser has its own decoder in a2ui-runtime.js.
func Decode(b []byte, visit func(*Op) error) error {
	if len(b) == 0 {
		return nil
	}
	if len(b) < 2 || b[0] != batchMagic {
		return &decodeError{0, "bad magic"}
	}
	if b[1] != batchVersion {
		return &decodeError{1, "unsupported version " + strconv.Itoa(int(b[1]))}
	}
	d := decoder{b: b, i: 2}
	var op Op
	for d.i < len(b) && d.err == nil {
		start := d.i
		op = Op{Code: OpCode(b[d.i]), Events: op.Events[:0]}
		d.i++
		switch op.Code {
		case OpHost:
			op.Name = d.str()
		case OpElem:
			op.ID = d.uint()
			op.NS = Namespace(d.byte())
			op.Name = d.str()
			if op.NS > NSFactory {
				d.fail("bad namespace")
			}
		case OpText, OpSetText:
			op.ID = d.uint()
			op.Value = d.str()
		case OpAttr, OpProp, OpHostProp:
			op.ID = d.uint()
			op.Name = d.str()
			op.Value = d.str()
		case OpDelAttr:
			op.ID = d.uint()
			op.Name = d.str()
		case OpInsert:
			op.Parent = d.uint()
			op.ID = d.uint()
			op.Before = d.uint()
		case OpRemove, OpMount:
			op.ID = d.uint()
		case OpListen:
			op.ID = d.uint()
			n := d.uint()
			if int(n) > len(b)-d.i {
				d.fail("listener count out of range")
			}
			for k := uint32(0); k < n && d.err == nil; k++ {
				op.Events = append(op.Events, d.str())
			}
		default:
			d.i = start
			d.fail("unknown op " + strconv.Itoa(int(op.Code)))
		}
		if d.err != nil {
			return d.err
		}
		if err := visit(&op); err != nil {
			return err
		}
	}
	return d.err
}

type decoder struct {
	b   []byte
	i   int
	tab []string
	err error
}

func (d *decoder) fail(msg string) {
	if d.err == nil {
		d.err = &decodeError{d.i, msg}
	}
}

func (d *decoder) byte() byte {
	if d.i >= len(d.b) {
		d.fail("truncated")
		return 0
	}
	c := d.b[d.i]
	d.i++
	return c
}

func (d *decoder) uint() uint32 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		if d.i >= len(d.b) {
			d.fail("truncated varint")
			return 0
		}
		c := d.b[d.i]
		d.i++
		if shift > 28 || (shift == 28 && c > 0x0f) {
			d.fail("varint overflows uint32")
			return 0
		}
		v |= uint64(c&0x7f) << shift
		if c < 0x80 {
			return uint32(v)
		}
	}
}

func (d *decoder) str() string {
	tag := d.uint()
	if d.err != nil {
		return ""
	}
	if tag >= 2 {
		if int(tag-2) >= len(d.tab) {
			d.fail("string ref out of range")
			return ""
		}
		return d.tab[tag-2]
	}
	n := d.uint()
	if d.err != nil {
		return ""
	}
	if int(n) > len(d.b)-d.i {
		d.fail("string length out of range")
		return ""
	}
	s := string(d.b[d.i : d.i+int(n)])
	d.i += int(n)
	if tag == 0 {
		d.tab = append(d.tab, s)
	}
	return s
}
