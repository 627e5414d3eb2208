package mountopts

import (
	"errors"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/basic"
	"github.com/a2ui-go/a2ui/catalog/host"
	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// Call runs the page function registered under key (web/a2ui.js
// hooks.callFunction) with args, a JSON object, and returns the page's answer: the JSON
// {"v": result} or {"error": message}.
type Call func(key, args string) (string, error)

// PageCatalogs parses and builds the page's catalog declarations (the JSON array
// web/a2ui.js makes of A2UI.defineCatalog's and the mount option's); def is the id of
// the first one flagged v08Default. Their page functions run through call (nil: such a
// function fails when called).
func PageCatalogs(src []byte, call Call) (cats []*catalog.Catalog, def string, err error) {
	decls, err := host.Parse(src, func(key string) func(map[string]any) (any, error) {
		return func(args map[string]any) (any, error) { return callPage(call, key, args) }
	})
	if err != nil {
		return nil, "", err
	}
	for i := range decls {
		base := catalog.New(nil)
		if decls[i].Extends == "basic" {
			base = basic.Catalog()
		}
		cats = append(cats, host.Build(base, &decls[i], nil))
		if decls[i].V08Default && def == "" {
			def = decls[i].ID
		}
	}
	return cats, def, nil
}

// callPage runs one page function through call and decodes its answer.
func callPage(call Call, key string, args map[string]any) (any, error) {
	if call == nil {
		return nil, errors.New("no page functions")
	}
	out, err := call(key, string(protocol.AppendJSON(nil, args)))
	if err != nil {
		return nil, err
	}
	v, err := jsonscan.Parse([]byte(out))
	if err != nil {
		return nil, errors.New("result is not JSON: " + err.Error())
	}
	m, _ := v.(map[string]any)
	if msg, ok := m["error"].(string); ok {
		return nil, errors.New(msg)
	}
	return m["v"], nil
}
