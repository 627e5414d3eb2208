package agui

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// rawJSON is raw JSON that protocol.AppendJSON writes compacted, as it is (the type only:
// no encoding/json code is linked for it).
type rawJSON = json.RawMessage

// ActivityType is the activityType of A2UI surfaces (@ag-ui/a2ui-middleware's
// A2UIActivityType); OperationsKey the content member holding the A2UI messages.
const (
	ActivityType  = "a2ui-surface"
	OperationsKey = "a2ui_operations"
)

// Slots turns the a2ui-surface activities of a thread into A2UI messages. An activity's
// messageId is a slot; each snapshot of a slot is complete and cumulative (the
// middleware re-sends createSurface and updateComponents every time), and Slots writes
// only what changed since the slot's last snapshot:
//
//   - createSurface for a surface the slot shows is dropped when it is unchanged (a
//     changed one deletes and creates the surface again);
//   - updateComponents keeps only the components that are new or changed;
//   - updateDataModel messages repeating what the surface last got are dropped, so a
//     repeat never overwrites what the user typed; once one differs, it and the rest go;
//   - surfaces the slot showed that left its snapshot are deleted.
//
// A surface is shown by one slot: a snapshot in another slot naming it (what the
// middleware sends after an action: a new tool call, a new messageId) takes it over, and
// its content replaces the old by the same rules. Not safe for concurrent use.
type Slots struct {
	slots map[string]*slot
	surfs map[string]*surfaceState
}

type slot struct {
	content []byte   // the last content applied, canonical (see canon)
	shows   []string // the surfaces the slot shows, in order
}

type surfaceState struct {
	owner   string
	version []byte            // the raw "version" of its messages (nil: none, v0.8)
	create  []byte            // its createSurface (or beginRendering) body, canonical; nil: not sent
	comps   map[string][]byte // canonical, by id
	data    [][]byte          // the data messages of its last snapshot, canonical
}

// Update is what one snapshot of a slot means.
type Update struct {
	// Lines are the A2UI messages to apply, in order (JSON, no newline).
	Lines [][]byte
	// Lifecycle is the generation state to show for the slot (content without
	// a2ui_operations), nil when the snapshot painted.
	Lifecycle *Lifecycle
	// Painted: the snapshot carried a2ui_operations (the slot's lifecycle is over).
	Painted bool
	// Ignored: the snapshot changed nothing (same content, or replace:false on a
	// known slot).
	Ignored bool
	// Problems describe operations that were skipped (not an object).
	Problems []string
}

// MaxSlots bounds the slots a thread may open: a slot is kept for the thread's life (a
// MESSAGES_SNAPSHOT replaying it must find it unchanged), and each may show a placeholder.
const MaxSlots = 4096

// NewSlots returns empty bookkeeping.
func NewSlots() *Slots {
	return &Slots{slots: map[string]*slot{}, surfs: map[string]*surfaceState{}}
}

// Owner returns the slot showing surfaceID ("" when none).
func (s *Slots) Owner(surfaceID string) string {
	if st := s.surfs[surfaceID]; st != nil {
		return st.owner
	}
	return ""
}

// Shows returns the surfaces slot id shows.
func (s *Slots) Shows(id string) []string {
	if sl := s.slots[id]; sl != nil {
		return append([]string(nil), sl.shows...)
	}
	return nil
}

// op kinds, by the member naming the message (v0.9+ and v0.8 names).
const (
	opOther = iota
	opCreate
	opComponents
	opData
	opDelete
)

var opKinds = map[string]int{
	"createSurface": opCreate, "beginRendering": opCreate,
	"updateComponents": opComponents, "surfaceUpdate": opComponents,
	"updateDataModel": opData, "dataModelUpdate": opData,
	"deleteSurface": opDelete,
}

// op is one A2UI message of a snapshot.
type op struct {
	raw     []byte
	members []jsonscan.Member
	key     string // the member naming the message
	kind    int
	body    []jsonscan.Member
	surface string
	version []byte
}

func parseOp(raw []byte) (op, error) {
	o := op{raw: raw}
	ms, err := jsonscan.Object(raw)
	if err != nil {
		return o, errors.New("an a2ui_operations item is not an object")
	}
	o.members = ms
	for _, kv := range ms {
		if kv.Key == "version" {
			o.version = kv.Value
			continue
		}
		if k, ok := opKinds[kv.Key]; ok && o.kind == opOther {
			o.key, o.kind = kv.Key, k
			o.body, _ = jsonscan.Object(kv.Value)
		}
	}
	for _, kv := range o.body {
		if kv.Key == "surfaceId" {
			o.surface, _ = jsonscan.String(kv.Value)
		}
	}
	if o.surface == "" {
		o.kind = opOther // passed through: the renderer reports what is wrong with it
	}
	return o, nil
}

// Apply applies a snapshot of slot id: content is the activity's content object;
// replace is the event's replace flag (true when absent).
func (s *Slots) Apply(id string, content []byte, replace bool) Update {
	sl := s.slots[id]
	c := canon(content)
	if sl != nil && (!replace || bytes.Equal(sl.content, c)) {
		return Update{Ignored: true}
	}
	if sl == nil {
		if len(s.slots) >= MaxSlots {
			return Update{Ignored: true, Problems: []string{"too many a2ui-surface activities (max " + strconv.Itoa(MaxSlots) + "): " + strconv.Quote(id) + " ignored"}}
		}
		sl = &slot{}
		s.slots[id] = sl
	}
	sl.content = c
	// The messages go out as the agent wrote them (compacted): read the original.
	top, err := jsonscan.ObjectMap(protocol.AppendJSON(nil, rawJSON(content)))
	if err != nil {
		return Update{Problems: []string{"the activity content is not an object"}}
	}
	list, err := jsonscan.Array(top[OperationsKey])
	if top[OperationsKey] == nil || err != nil {
		return Update{Lifecycle: parseLifecycle(top)}
	}
	u := Update{Painted: true}
	ops := make([]op, 0, len(list))
	for _, raw := range list {
		o, err := parseOp(raw)
		if err != nil {
			u.Problems = append(u.Problems, err.Error())
			continue
		}
		ops = append(ops, o)
	}
	s.paint(id, sl, ops, &u)
	return u
}

func (s *Slots) paint(id string, sl *slot, ops []op, u *Update) {
	// Each surface's data messages in this snapshot: when they begin with exactly what
	// it got last time, that part is skipped; otherwise all of them are applied.
	newData := map[string][][]byte{}
	for _, o := range ops {
		if o.kind == opData {
			newData[o.surface] = append(newData[o.surface], canon(o.raw))
		}
	}
	skip := map[string]int{}
	for sid, list := range newData {
		if st := s.surfs[sid]; st != nil && len(list) >= len(st.data) {
			k := len(st.data)
			for i := 0; i < k; i++ {
				if !bytes.Equal(list[i], st.data[i]) {
					k = 0
					break
				}
			}
			skip[sid] = k
		}
	}
	mentioned := map[string]bool{}
	pos := map[string]int{}
	emit := func(b []byte) { u.Lines = append(u.Lines, b) }
	for _, o := range ops {
		if o.kind == opOther {
			emit(protocol.AppendJSON(nil, rawJSON(o.raw)))
			continue
		}
		sid := o.surface
		if o.kind == opDelete {
			if s.surfs[sid] != nil {
				s.drop(sid)
			}
			delete(mentioned, sid)
			skip[sid] = 0 // a surface created again after this gets all its data
			emit(protocol.AppendJSON(nil, rawJSON(o.raw)))
			continue
		}
		mentioned[sid] = true
		st := s.take(id, sl, sid, o.version)
		switch o.kind {
		case opCreate:
			body := canon(memberValue(o.members, o.key))
			switch {
			case st.create == nil:
			case bytes.Equal(st.create, body):
				continue
			default: // a different surface under the same id: start it again
				emit(deleteLine(sid, st.version))
				st.comps, st.data = map[string][]byte{}, nil
				skip[sid] = 0
			}
			st.create = body
			emit(protocol.AppendJSON(nil, rawJSON(o.raw)))
		case opComponents:
			if line := st.changedComponents(o); line != nil {
				emit(line)
			}
		case opData:
			i := pos[sid]
			pos[sid]++
			if i < skip[sid] {
				continue
			}
			emit(protocol.AppendJSON(nil, rawJSON(o.raw)))
		}
	}
	for sid, list := range newData {
		if st := s.surfs[sid]; st != nil {
			st.data = list
		}
	}
	// Surfaces that left the slot's snapshot.
	for _, sid := range append([]string(nil), sl.shows...) {
		if !mentioned[sid] {
			emit(s.drop(sid))
		}
	}
}

// take returns the state of surface sid, making slot id its owner (a new surface, or
// one taken over from another slot).
func (s *Slots) take(id string, sl *slot, sid string, version []byte) *surfaceState {
	st := s.surfs[sid]
	if st == nil {
		st = &surfaceState{owner: id, version: version, comps: map[string][]byte{}}
		s.surfs[sid] = st
		sl.shows = append(sl.shows, sid)
		return st
	}
	if st.owner != id {
		if old := s.slots[st.owner]; old != nil {
			old.shows = without(old.shows, sid)
		}
		st.owner = id
		sl.shows = append(sl.shows, sid)
	}
	if version != nil {
		st.version = version
	}
	return st
}

// drop forgets surface sid and returns its deleteSurface message.
func (s *Slots) drop(sid string) []byte {
	st := s.surfs[sid]
	if st == nil {
		return nil
	}
	if sl := s.slots[st.owner]; sl != nil {
		sl.shows = without(sl.shows, sid)
	}
	delete(s.surfs, sid)
	return deleteLine(sid, st.version)
}

func without(list []string, x string) []string {
	out := list[:0]
	for _, e := range list {
		if e != x {
			out = append(out, e)
		}
	}
	return out
}

func deleteLine(sid string, version []byte) []byte {
	b := []byte{'{'}
	if version != nil {
		b = append(b, `"version":`...)
		b = protocol.AppendJSON(b, rawJSON(version))
		b = append(b, ',')
	}
	b = append(b, `"deleteSurface":{"surfaceId":`...)
	b = protocol.AppendJSON(b, sid)
	return append(b, "}}"...)
}

func memberValue(ms []jsonscan.Member, key string) []byte {
	for _, kv := range ms {
		if kv.Key == key {
			return kv.Value
		}
	}
	return nil
}

// changedComponents returns the updateComponents message o with only the components
// that are new or differ from what the surface has (nil when none), and records them.
func (st *surfaceState) changedComponents(o op) []byte {
	list, err := jsonscan.Array(memberValue(o.body, "components"))
	if err != nil {
		return protocol.AppendJSON(nil, rawJSON(o.raw)) // the renderer reports it
	}
	var changed []rawJSON
	for _, raw := range list {
		c := protocol.AppendJSON(nil, rawJSON(raw))
		id := ""
		if m, err := jsonscan.ObjectMap(c); err == nil {
			id, _ = jsonscan.String(m["id"])
		}
		if id != "" {
			k := canon(c)
			if bytes.Equal(st.comps[id], k) {
				continue
			}
			st.comps[id] = k
		}
		changed = append(changed, c)
	}
	if len(changed) == 0 {
		return nil
	}
	// The message as it came, with its components list cut down.
	b := []byte{'{'}
	for i, kv := range o.members {
		if i > 0 {
			b = append(b, ',')
		}
		b = protocol.AppendJSON(b, kv.Key)
		b = append(b, ':')
		if kv.Key != o.key {
			b = protocol.AppendJSON(b, rawJSON(kv.Value))
			continue
		}
		b = append(b, '{')
		for j, bm := range o.body {
			if j > 0 {
				b = append(b, ',')
			}
			b = protocol.AppendJSON(b, bm.Key)
			b = append(b, ':')
			if bm.Key == "components" {
				b = append(b, '[')
				for k, c := range changed {
					if k > 0 {
						b = append(b, ',')
					}
					b = append(b, c...)
				}
				b = append(b, ']')
			} else {
				b = protocol.AppendJSON(b, rawJSON(bm.Value))
			}
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// canon returns raw in a canonical form (compact, object keys sorted), so that the same
// content compares equal however an agent orders its members or an ACTIVITY_DELTA
// rewrote it.
func canon(raw []byte) []byte {
	v, err := jsonscan.Parse(raw)
	if err != nil {
		return protocol.AppendJSON(nil, rawJSON(raw))
	}
	return protocol.AppendJSON(nil, v)
}
