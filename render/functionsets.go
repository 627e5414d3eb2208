package render

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/binding/webcore"
)

// FunctionSetNames lists the opt-in function sets FunctionSets knows.
var FunctionSetNames = []string{webcore.SetName}

// FunctionSets returns a registry for Options.ExtraFunctions: the opt-in sets named
// ("web_core": add, subtract, … ends_with, see binding/webcore), added to every catalog's
// own functions. Names may be separated by spaces or commas (the page's
// functions="web_core" attribute or functions: ["web_core"] option); "" gives nil (no
// extra functions). An unknown name is an error, so a page's typo fails closed instead of
// leaving agents' calls unknown. Called during setup, before New.
func FunctionSets(names string) (*binding.Functions, error) {
	var fns *binding.Functions
	for _, n := range strings.FieldsFunc(names, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		switch n {
		case webcore.SetName:
			if fns == nil {
				fns = binding.NewFunctions()
			}
			webcore.Register(fns)
		default:
			return nil, &setError{n}
		}
	}
	return fns, nil
}

type setError struct{ name string }

func (e *setError) Error() string {
	return "unknown function set " + strconv.Quote(e.name) + " (known: " + strings.Join(FunctionSetNames, ", ") + ")"
}
