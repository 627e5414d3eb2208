package webcore_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/binding/webcore"
	"github.com/a2ui-go/a2ui/catalog/basic"
)

// Opting in: a renderer's registry gains web_core's arithmetic, comparison and string
// functions beside the basic catalog's.
func ExampleRegister() {
	fns := basic.Functions()
	webcore.Register(fns)
	v, _ := binding.Eval(binding.Scope{}, []byte(`{"call":"formatString","args":{"value":"${divide(a: 7, b: 2)} ${starts_with(string: 'a2ui', prefix: 'a2')}"}}`), fns, nil)
	fmt.Println(v)
	// Output: 3.5 true
}
