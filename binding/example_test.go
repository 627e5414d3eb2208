package binding_test

import (
	"encoding/json"
	"fmt"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

func ExampleEval() {
	surf := &model.Surface{ID: "shop", Version: protocol.V09, Data: model.NewDataModel()}
	_ = surf.Data.Set(model.MustPointer("/reviewCount"), 2847.0)
	_ = surf.Data.Set(model.MustPointer("/total"), 1188.0)

	fns := basic.Functions()
	reads := &binding.Reads{}
	scope := binding.Scope{Surface: surf, Reads: reads}
	text := json.RawMessage(`{"call":"formatString","args":{"value":
		"${formatNumber(value: ${/reviewCount})} ${pluralize(value: ${/reviewCount}, one: 'review', other: 'reviews')} · ${formatCurrency(value: ${/total}, currency: 'USD')}/year"}}`)

	v, err := binding.Eval(scope, text, fns, binding.NewGoFormatter("en-US"))
	fmt.Println(v, err)
	for _, p := range reads.Paths {
		fmt.Println("depends on", p.String())
	}
	// Output:
	// 2,847 reviews · $1,188.00/year <nil>
	// depends on /reviewCount
	// depends on /total
}

func ExampleChecks() {
	surf := &model.Surface{ID: "login", Version: protocol.V09, Data: model.NewDataModel()}
	_ = surf.Data.Set(model.MustPointer("/email"), "ada@example")
	checks := json.RawMessage(`[
		{"condition": {"call": "required", "args": {"value": {"path": "/email"}}}, "message": "Email is required"},
		{"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Please enter a valid email address"}]`)
	msg, ok, errs := binding.Checks(binding.Scope{Surface: surf}, checks, basic.Functions(), nil)
	fmt.Printf("%q %v %d\n", msg, ok, len(errs))
	// Output:
	// "Please enter a valid email address" false 0
}

// v1.0's @index system function: the row index of the template being rendered.
func ExampleIndexFunction() {
	s := &model.Surface{ID: "s", Version: protocol.V10, Data: model.NewDataModel()}
	row := binding.Scope{Surface: s, Base: model.MustPointer("/items/2"), InTemplate: true}
	v, _ := binding.Eval(row, []byte(`{"call":"@index","args":{"offset":1}}`), basic.Functions(), nil)
	fmt.Println(v)
	_, err := binding.Eval(binding.Scope{Surface: s}, []byte(`{"call":"@index"}`), basic.Functions(), nil)
	fmt.Println(err)
	// Output:
	// 3
	// VALIDATION_FAILED [s]: @index can only be evaluated inside a template row
}

// A catalog's own function built on binding's exported helpers, the way the basic
// catalog's are: CompileRegexp caches the pattern per registry, FormatValue reads a
// number argument, ToFixed formats it as JavaScript's toFixed.
func ExampleContext_CompileRegexp() {
	fns := binding.NewFunctions()
	fns.Register("skuPrice", func(c *binding.Context, args map[string]any) (any, error) {
		re, err := c.CompileRegexp(`^[A-Z]{3}-\d+$`)
		if err != nil {
			return nil, err
		}
		if !re.MatchString(binding.ToString(args["sku"])) {
			return nil, binding.FuncError(c, "sku must look like ABC-123")
		}
		n, ok, err := binding.FormatValue(c, args["price"])
		if !ok {
			return "", err
		}
		return binding.ToString(args["sku"]) + " " + binding.ToFixed(n, 2), nil
	})
	v, _ := binding.Eval(binding.Scope{}, []byte(`{"call":"skuPrice","args":{"sku":"ABC-42","price":"9.5"}}`), fns, nil)
	fmt.Println(v)
	_, err := binding.Eval(binding.Scope{}, []byte(`{"call":"skuPrice","args":{"sku":"nope","price":1}}`), fns, nil)
	fmt.Println(err)
	_, err = binding.Eval(binding.Scope{}, []byte(`{"call":"skuPrice","args":{"sku":"ABC-1","price":true}}`), fns, nil)
	fmt.Println(err)
	// Output:
	// ABC-42 9.50
	// FUNCTION_FAILED: skuPrice: sku must look like ABC-123
	// FUNCTION_FAILED: skuPrice: value must be a number, got boolean
}
