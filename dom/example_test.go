package dom_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/dom/memdom"
)

// A surface is rendered into its Tree; the op bytes go to an applier (the browser runtime,
// or memdom here). The second render only emits what changed.
func ExampleTree() {
	doc := memdom.New()
	doc.Attach("main")
	tree := dom.NewTree("main")
	var enc dom.Encoder

	view := func(count string) *dom.Node {
		return dom.El("div",
			dom.El("span", dom.T(count)),
			dom.El("button", dom.T("+1")).Listen("click", 1),
		).SetAttr("class", "counter")
	}
	tree.Render(view("0"), &enc)
	_ = doc.Apply(enc.Bytes())
	fmt.Println(doc.Host("main").HTML(), enc.Ops(), "ops")

	enc.Reset()
	next := view("1")
	tree.Render(next, &enc)
	_ = doc.Apply(enc.Bytes())
	fmt.Println(doc.Host("main").HTML(), enc.Ops(), "ops")

	// An event reported for the button's node id finds the current node and handler.
	btn := tree.Lookup(next.Children[1].ID)
	h, _ := btn.Handler("click")
	fmt.Println(btn.Tag, h)
	// Output:
	// <div class="counter"><span>0</span><button>+1</button></div> 13 ops
	// <div class="counter"><span>1</span><button>+1</button></div> 2 ops
	// button 1
}

// Outline shows a tree as built (keys, props, listeners, no policy) for golden files.
func ExampleOutline() {
	n := dom.El("div",
		dom.El("input").SetProp("value", `say "hi"`).Listen("input", 1),
		dom.El("p", dom.T("a < b")),
		dom.El("svg", dom.El("path").SetAttr("d", "M0 0")),
	).SetAttr("class", "form")
	n.Key = "root"
	fmt.Print(dom.Outline(n))
	fmt.Println(dom.TextContent(n))
	// Output:
	// <div key="root" class="form">
	//   <input .value="say &#34;hi&#34;" @input>
	//   <p>a &lt; b</p>
	//   <svg>
	//     <path d="M0 0">
	//   </svg>
	// </div>
	// a < b
}

// Replace patches one mounted subtree in place, without diffing the rest of the tree:
// the parent keeps pointing at the same node, which now holds the new content.
func ExampleTree_Replace() {
	doc := memdom.New()
	doc.Attach("main")
	tree := dom.NewTree("main")
	var enc dom.Encoder
	label := dom.El("p", dom.T("Ada"))
	tree.Render(dom.El("div", dom.El("input"), label), &enc)
	_ = doc.Apply(enc.Bytes())

	enc.Reset()
	next := dom.El("p", dom.T("Ada L"))
	fmt.Println(tree.Replaceable(label, next))
	tree.Replace(label, next, &enc)
	_ = doc.Apply(enc.Bytes())
	fmt.Println(doc.Host("main").HTML(), enc.Ops(), "ops;", label.Children[0].Text)
	// Output:
	// true
	// <div><input><p>Ada L</p></div> 2 ops; Ada L
}
