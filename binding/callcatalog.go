package binding

import (
	"sort"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/protocol"
)

// callFuncs returns the registry the function call named name runs in (the spec's
// "Catalog resolution", as upstream web_core and its conformance suite read it):
//   - before v1.0 a call cannot select a catalog: a "catalogId" on it is ignored and it
//     runs in the surface's catalog (f itself);
//   - from v1.0 a call runs in the catalog its "catalogId" names (Functions.SetCatalogs),
//     else in the surface's default catalog. A v1.0 surface created without a catalogId
//     has no default, so a call naming none fails (CATALOG_UNSUPPORTED), wherever it
//     sits: in a prop, in another call's args, in @index's args.
//
// System functions ("@" names, such as @index) belong to no catalog: they are not
// resolved here.
func callFuncs(f *Functions, s Scope, name string, call map[string]any) (*Functions, error) {
	if s.version() < protocol.V10 || strings.HasPrefix(name, "@") {
		return f, nil
	}
	if cid, has := call["catalogId"]; has {
		return f.forCatalog(s, cid)
	}
	if s.Surface != nil && s.Surface.CatalogID == "" {
		return nil, noDefaultCatalog(s.surfaceID(), name)
	}
	return f, nil
}

func noDefaultCatalog(surfaceID, name string) *protocol.Error {
	return &protocol.Error{Code: protocol.CodeCatalogUnsupported, SurfaceID: surfaceID,
		Message: "function call " + strconv.Quote(name) + " names no catalogId and surface " + strconv.Quote(surfaceID) + " has no default catalogId"}
}

// CallsWithoutCatalog calls report for every function call in v, a component prop's
// value on the v1.0 surface surfaceID that has no default catalog, that names no
// catalogId: calls that can never run there, found when the component arrives rather
// than when (if ever) it is evaluated. path is the call's JSON Pointer inside v. Calls
// are found as Eval finds them, in args (@index's too), arrays and objects; a binding
// ({"path"}) holds none. The walk stops at Eval's nesting cap.
func CallsWithoutCatalog(surfaceID string, v any, report func(path string, err *protocol.Error)) {
	callsWithoutCatalog(surfaceID, v, "", 0, report)
}

func callsWithoutCatalog(surfaceID string, v any, at string, depth int, report func(string, *protocol.Error)) {
	if depth > maxEvalDepth {
		return
	}
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			callsWithoutCatalog(surfaceID, e, at+"/"+strconv.Itoa(i), depth+1, report)
		}
	case map[string]any:
		if _, ok := x["path"]; ok {
			return
		}
		if n, ok := x["call"]; ok {
			name, _ := n.(string)
			if _, named := x["catalogId"]; !named && !strings.HasPrefix(name, "@") {
				report(at, noDefaultCatalog(surfaceID, name))
			}
			if args, ok := x["args"].(map[string]any); ok {
				callsWithoutCatalog(surfaceID, args, at+"/args", depth+1, report)
			}
			return
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // reports in a stable order
		for _, k := range keys {
			callsWithoutCatalog(surfaceID, x[k], at+"/"+protocol.EscapeToken(k), depth+1, report)
		}
	}
}
