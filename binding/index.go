package binding

import (
	"strconv"

	"github.com/a2ui-go/a2ui/protocol"
)

// IndexFunction is v1.0's system function {"call": "@index", "args": {"offset"?: n}}: the
// 0-based index of the innermost template row being rendered, plus offset (a
// DynamicNumber, default 0). It belongs to no catalog and no policy switches it off;
// outside a template row it is a VALIDATION_FAILED error. Other versions have no such
// function (the name is unknown there).
const IndexFunction = "@index"

// index evaluates @index for already-evaluated args.
func (c *Context) index(args map[string]any) (any, error) {
	s := c.Scope
	if !s.InTemplate || len(s.Base) == 0 {
		return nil, validationErr(s, "@index can only be evaluated inside a template row")
	}
	i, err := strconv.Atoi(s.Base[len(s.Base)-1])
	if err != nil {
		return nil, validationErr(s, "@index: the template row is not an array element")
	}
	off := 0.0
	if v, ok := args["offset"]; ok && v != nil {
		f, ok := ParseNumber(v)
		if !ok {
			return nil, funcErr(s, IndexFunction, "offset must be a number")
		}
		off = f
	}
	return float64(i) + off, nil
}

// isIndexCall reports whether name is @index in a scope whose version has it.
func isIndexCall(s Scope, name string) bool {
	return name == IndexFunction && s.version() == protocol.V10
}
