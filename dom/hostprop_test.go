package dom

import (
	"strings"
	"testing"
)

// TestHostPropDiff: host props are HOSTPROP ops (mount, change, removal), a factory tag
// is an ELEM in NSFactory whose children are HTML, and a prop that only changes kind
// (live prop → host prop) is written as the new kind.
func TestHostPropDiff(t *testing.T) {
	tr := NewTree("s")
	var e Encoder
	n := &Node{Kind: Element, Tag: FactoryTagPrefix + "1",
		Props:    []Prop{{Name: "data", Value: `[1]`, Host: true}, {Name: "value", Value: "v"}},
		Children: []*Node{El("svg")}}
	tr.Render(n, &e)
	var got []string
	for _, op := range collect(t, e.Bytes()) {
		switch op.Code {
		case OpElem:
			got = append(got, op.Code.String()+" "+op.Name+" "+string(rune('0'+op.NS)))
		case OpProp, OpHostProp:
			got = append(got, op.Code.String()+" "+op.Name+"="+op.Value)
		}
	}
	want := "ELEM a2ui-factory-1 3|ELEM svg 1|HOSTPROP data=[1]|PROP value=v"
	if strings.Join(got, "|") != want {
		t.Errorf("mount ops %q, want %q", strings.Join(got, "|"), want)
	}
	for _, c := range []struct {
		props []Prop
		want  string
	}{
		{[]Prop{{Name: "data", Value: `[1]`, Host: true}, {Name: "value", Value: "v"}}, ""},
		{[]Prop{{Name: "data", Value: `[2]`, Host: true}, {Name: "value", Value: "v"}}, "HOSTPROP data=[2]"},
		{[]Prop{{Name: "value", Value: "v"}}, "HOSTPROP data="},
		{[]Prop{{Name: "value", Value: `"v"`, Host: true}}, "HOSTPROP value=\"v\"|PROP value="},
	} {
		e.Reset()
		next := &Node{Kind: Element, Tag: n.Tag, Props: c.props, Children: []*Node{El("svg")}}
		tr.Render(next, &e)
		got = nil
		for _, op := range collect(t, e.Bytes()) {
			if op.Code == OpProp || op.Code == OpHostProp {
				got = append(got, op.Code.String()+" "+op.Name+"="+op.Value)
			}
		}
		if strings.Join(got, "|") != c.want {
			t.Errorf("props %v: ops %q, want %q", c.props, strings.Join(got, "|"), c.want)
		}
	}
}

func TestAllowedHostProp(t *testing.T) {
	for name, want := range map[string]bool{
		"data": true, "title": true, "_x": true, "$v": true, "items2": true,
		"": false, "onclick": false, "onSelect": false, "ONload": false, "innerHTML": false,
		"outerHTML": false, "textContent": false, "srcdoc": false, "style": false, "__proto__": false,
		"constructor": false, "bad-name": false, "2x": false, "slot": false, "id": false,
	} {
		if got := AllowedHostProp(name); got != want {
			t.Errorf("AllowedHostProp(%q) = %v, want %v", name, got, want)
		}
	}
	for _, c := range []struct {
		tag  string
		ns   Namespace
		want bool
	}{{"x-chart", NSHTML, true}, {"div", NSHTML, false}, {"x-chart", NSSVG, false}, {BlockedTag, NSHTML, false}, {FactoryTagPrefix + "1", NSFactory, true}} {
		if got := HostElement(c.tag, c.ns); got != c.want {
			t.Errorf("HostElement(%q, %d) = %v", c.tag, c.ns, got)
		}
	}
}
