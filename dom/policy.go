package dom

import "strings"

// Applier policy. Both appliers (web/a2ui-runtime.js and dom/memdom) enforce these rules
// as a second line of defence behind the catalog: a tree built from agent data can never
// produce a script-capable element, an event-handler attribute, inline style or a
// script-scheme URL, whatever the catalog does. The JS runtime carries the same tables;
// a test in dom/memdom runs both against the same cases.

// BlockedTag is the inert element an applier creates instead of a forbidden tag, so node
// ids stay in step.
const BlockedTag = "a2ui-blocked"

var blockedTags = map[string]bool{
	"script": true, "style": true, "iframe": true, "frame": true, "frameset": true,
	"object": true, "embed": true, "applet": true, "base": true, "link": true, "meta": true,
	"template": true, "noscript": true, "portal": true, "xmp": true, "noembed": true,
	"plaintext": true, "html": true, "head": true, "body": true,
	// SVG: scripting, animation of attributes (href → javascript:), foreign content, references.
	"foreignobject": true, "animate": true, "set": true, "animatemotion": true,
	"animatetransform": true, "use": true, "handler": true, "listener": true,
}

// AllowedTag reports whether an applier may create an element with this tag: a valid name
// ([A-Za-z][A-Za-z0-9-]*) that is not script-capable.
func AllowedTag(tag string) bool {
	if tag == "" || !isAlpha(tag[0]) {
		return false
	}
	for i := 1; i < len(tag); i++ {
		c := tag[i]
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '-' {
			return false
		}
	}
	return !blockedTags[strings.ToLower(tag)]
}

var urlAttrs = map[string]bool{
	"href": true, "src": true, "xlink:href": true, "action": true, "formaction": true,
	"poster": true, "cite": true, "background": true, "srcset": true, "ping": true, "data": true,
}

// AllowedAttr reports whether an applier may set attribute name to value: a valid name
// ([A-Za-z_:][A-Za-z0-9_:.-]*), not an event handler (on*), not style / srcdoc, and for URL
// attributes no javascript:, vbscript:, file: or data: scheme (except data:image/png,
// gif, jpeg, webp in src). Removing an attribute is always allowed.
func AllowedAttr(name, value string) bool {
	if name == "" {
		return false
	}
	c := name[0]
	if !isAlpha(c) && c != '_' && c != ':' {
		return false
	}
	for i := 1; i < len(name); i++ {
		c := name[i]
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != ':' && c != '.' && c != '-' {
			return false
		}
	}
	lname := strings.ToLower(name)
	if strings.HasPrefix(lname, "on") || lname == "style" || lname == "srcdoc" || lname == "is" {
		return false
	}
	if !urlAttrs[lname] {
		return true
	}
	v := normalizeURL(value)
	switch {
	case strings.HasPrefix(v, "javascript:"), strings.HasPrefix(v, "vbscript:"), strings.HasPrefix(v, "file:"):
		return false
	case strings.HasPrefix(v, "data:"):
		if lname != "src" {
			return false
		}
		for _, ok := range [...]string{"data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"} {
			if strings.HasPrefix(v, ok) && len(v) > len(ok) && (v[len(ok)] == ';' || v[len(ok)] == ',') {
				return true
			}
		}
		return false
	}
	return true
}

// normalizeURL lowercases and drops ASCII whitespace and control characters, which URL
// parsers ignore inside a scheme ("java\tscript:").
func normalizeURL(v string) string {
	var b strings.Builder
	for i := 0; i < len(v) && b.Len() < 32; i++ {
		c := v[i]
		if c <= 0x20 || c == 0x7f {
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// AllowedProp reports whether an applier writes a live property of this name: value,
// checked, indeterminate, open, selectedIndex, EchoProp, and CSS custom properties
// ("--name", set with style.setProperty on the element; "" removes it).
func AllowedProp(name string) bool {
	switch name {
	case "value", "checked", "indeterminate", "open", "selectedIndex", EchoProp:
		return true
	}
	if len(name) > 2 && name[0] == '-' && name[1] == '-' {
		for i := 2; i < len(name); i++ {
			c := name[i]
			if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '-' && c != '_' {
				return false
			}
		}
		return true
	}
	return false
}

// EchoProp is the prop of the typing echo: its value is a data path (a JSON Pointer of
// the surface's data model). On a text control it is the path the control writes as
// the user types; on an element whose only child is a text node, the path whose value
// that text shows, verbatim whenever the value is plain (letters, digits and marks in
// words joined by single spaces: what Markdown and text cleaning leave as they are). An
// applier that sends the user's input to the engine asynchronously (the worker) shows
// such a value in the elements of the same path at once, before the engine's answer;
// the engine's op batches stay authoritative. Not a DOM property: appliers keep it
// aside, and static HTML leaves it out.
const EchoProp = "echo"

// PropBool is how appliers read a boolean prop: "" and "false" are false.
func PropBool(v string) bool { return v != "" && v != "false" }

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// hostPropDenied are element properties a host prop never sets, whatever the page
// declared: markup and text sinks, identity, styling, slots and prototype names.
var hostPropDenied = map[string]bool{
	"innerhtml": true, "outerhtml": true, "innertext": true, "outertext": true, "textcontent": true,
	"nodevalue": true, "srcdoc": true, "style": true, "classname": true, "classlist": true, "id": true,
	"slot": true, "part": true, "attributes": true, "shadowroot": true, "__proto__": true,
	"constructor": true, "prototype": true, "dataset": true, "is": true,
}

// AllowedHostProp reports whether an applier assigns host prop name on a page-defined
// element: an identifier ([A-Za-z_$][A-Za-z0-9_$]*), not an event handler (on*), not
// one of the markup, text, identity and style properties.
func AllowedHostProp(name string) bool {
	if name == "" || len(name) > 64 {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !isAlpha(c) && c != '_' && c != '$' && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	l := strings.ToLower(name)
	return !strings.HasPrefix(l, "on") && !hostPropDenied[l]
}

// HostElement reports whether an element of this tag may get host props: a custom
// element name (it contains "-") or a factory's element.
func HostElement(tag string, ns Namespace) bool {
	return ns == NSFactory || (ns == NSHTML && strings.Contains(tag, "-") && tag != BlockedTag)
}
