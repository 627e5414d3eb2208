package dom

// Kind says what a Node is.
type Kind uint8

const (
	Element Kind = iota // an HTML element: Tag, Attrs, Props, On, Children
	Text                // a text node: Text only
)

// HandlerID identifies an event handler in the owning surface's handler table. The tree
// never holds Go funcs: the browser layer reports (node id, event type) and the renderer
// looks the handler up, so no js.Func exists per element.
type HandlerID uint32

// Attr is an HTML attribute. Node.Attrs is kept sorted by Name so two attribute lists
// merge-diff in one pass.
type Attr struct{ Name, Value string }

// Prop is a live DOM property that the user can change (value, checked) or that needs a
// method call (open on <dialog> calls showModal/close). The browser applier compares it
// with the live element before writing, so a caret never jumps for an unchanged value.
// Boolean props use "true" / "" (false).
//
// A Host prop (see HostPropName) is a property of a page-defined element (a custom
// element or a factory's element, catalog/host): Value is JSON, which the applier parses
// once and assigns as the element's property (objects and arrays as values, never as
// attributes); "" unsets it (undefined).
type Prop struct {
	Name, Value string
	Host        bool
}

// Listener binds a DOM event type ("click", "input", "change", "keydown", "close", ...)
// to a handler of the surface.
type Listener struct {
	Event   string
	Handler HandlerID
}

// Node is one node of a resolved surface tree, produced by the catalog and diffed
// against the previous tree. Nodes are immutable once handed to Diff, except for ID,
// which Diff assigns (mount) or carries over (update) from the previous tree, and a
// control's value Prop, which the catalog's typing fast path sets to what the user typed
// (catalog.Builder.Echo), so the mounted tree matches the live control.
type Node struct {
	Kind Kind
	Tag  string
	// Key identifies a child among its siblings across renders: component id, plus
	// "@" + data path for template children. Children with equal keys keep their DOM
	// element (and with it focus, caret and scroll) when a list reorders.
	Key      string
	Text     string
	Attrs    []Attr
	Props    []Prop
	On       []Listener
	Children []*Node
	// ID is the node's index in the JS-side node table, assigned by Diff.
	ID uint32
}

// Event is what the browser layer reports for a delegated DOM event: the node id of the
// element whose listener matched, the event type and the control's current state.
type Event struct {
	// Surface is the host name the node's Tree renders into (Tree.Host, normally the
	// surface id): node ids are only unique per Tree.
	Surface string
	Node    uint32
	Type    string
	Value   string
	Checked bool
	Key     string // KeyboardEvent.key for keydown
	// Time is the event's timeStamp (ms since the page's time origin; 0 when unknown).
	Time float64
	// Synthetic: the event was not dispatched by the user agent (isTrusted false: a page
	// script's element.click() or dispatchEvent).
	Synthetic bool
	// Detail is the JSON of a CustomEvent's detail ("" for other events or a detail
	// that does not serialize): what host components (catalog/host) read event values
	// from.
	Detail string
	// Rearming: the control appeared, moved or changed under the resting pointer less
	// than ~500 ms before this click (the browser runtime tracks it).
	Rearming bool
}
