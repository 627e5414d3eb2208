package agui

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// maxPatchCopy bounds the nodes one patch may copy (the "copy" op), so that a patch
// cannot double a document again and again.
const maxPatchCopy = 1 << 18

// applyPatch applies the RFC 6902 JSON Patch patch (an array of operations) to doc and
// returns the new document (object keys sorted). It fails, leaving doc as it was, on
// malformed JSON, an unknown op, a path that does not resolve or a failed "test": the
// whole patch is atomic, as fast-json-patch's applyPatch with validation is for
// @ag-ui/client.
func applyPatch(doc, patch []byte) ([]byte, error) {
	root, err := jsonscan.Parse(doc)
	if err != nil {
		return nil, err
	}
	p, err := jsonscan.Parse(patch)
	if err != nil {
		return nil, err
	}
	ops, ok := p.([]any)
	if !ok {
		return nil, errors.New("the patch is not an array")
	}
	budget := maxPatchCopy
	for i, o := range ops {
		root, err = applyOp(root, o, &budget)
		if err != nil {
			return nil, errors.New("patch operation " + strconv.Itoa(i) + ": " + err.Error())
		}
	}
	return protocol.AppendJSON(nil, root), nil
}

func applyOp(root, o any, budget *int) (any, error) {
	op, ok := o.(map[string]any)
	if !ok {
		return nil, errors.New("not an object")
	}
	name, _ := op["op"].(string)
	path, err := pointer(op["path"])
	if err != nil {
		return nil, err
	}
	value, hasValue := op["value"]
	switch name {
	case "add", "replace", "test":
		if !hasValue {
			return nil, errors.New(`"value" is missing`)
		}
	case "move", "copy":
		from, err := pointer(op["from"])
		if err != nil {
			return nil, errors.New(`"from": ` + err.Error())
		}
		value, err = get(root, from)
		if err != nil {
			return nil, err
		}
		if name == "move" {
			if len(path) > len(from) && slices.Equal(path[:len(from)], from) {
				return nil, errors.New("cannot move a value into itself")
			}
			if root, err = edit(root, from, remove); err != nil {
				return nil, err
			}
		} else if value, err = deepCopy(value, budget); err != nil {
			return nil, err
		}
		name = "add"
	case "remove":
	default:
		return nil, errors.New("unknown op " + strconv.Quote(name))
	}
	switch name {
	case "add":
		return edit(root, path, func(parent any, key string) (any, error) { return add(parent, key, value) })
	case "replace":
		if _, err := get(root, path); err != nil {
			return nil, err
		}
		if len(path) == 0 {
			return value, nil
		}
		return edit(root, path, func(parent any, key string) (any, error) {
			if a, ok := parent.([]any); ok {
				i, err := index(key, len(a)-1)
				if err != nil {
					return nil, err
				}
				a[i] = value
				return a, nil
			}
			parent.(map[string]any)[key] = value
			return parent, nil
		})
	case "remove":
		if len(path) == 0 {
			return nil, errors.New("cannot remove the whole document")
		}
		return edit(root, path, remove)
	default: // test
		got, err := get(root, path)
		if err != nil {
			return nil, err
		}
		if !bytes.Equal(protocol.AppendJSON(nil, got), protocol.AppendJSON(nil, value)) {
			return nil, errors.New("test failed at " + strconv.Quote(op["path"].(string)))
		}
		return root, nil
	}
}

// pointer splits an RFC 6901 JSON Pointer into its unescaped tokens.
func pointer(v any) ([]string, error) {
	s, ok := v.(string)
	if !ok {
		return nil, errors.New(`"path" is not a string`)
	}
	if s == "" {
		return nil, nil
	}
	if s[0] != '/' {
		return nil, errors.New("pointer " + strconv.Quote(s) + " does not start with /")
	}
	toks := strings.Split(s[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return toks, nil
}

// index reads an array index token, at most max ("-" is max+1's stand-in only for add).
func index(tok string, max int) (int, error) {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') {
		return 0, errors.New("bad array index " + strconv.Quote(tok))
	}
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || i > max {
		return 0, errors.New("array index " + strconv.Quote(tok) + " out of range")
	}
	return i, nil
}

func get(node any, path []string) (any, error) {
	for _, tok := range path {
		switch n := node.(type) {
		case map[string]any:
			v, ok := n[tok]
			if !ok {
				return nil, errors.New("no member " + strconv.Quote(tok))
			}
			node = v
		case []any:
			i, err := index(tok, len(n)-1)
			if err != nil {
				return nil, err
			}
			node = n[i]
		default:
			return nil, errors.New("cannot step into a scalar at " + strconv.Quote(tok))
		}
	}
	return node, nil
}

// edit calls leaf with the container of path's last token and stores what it returns
// (a slice may move) back into its own parent. path must not be empty, except for add.
func edit(node any, path []string, leaf func(parent any, key string) (any, error)) (any, error) {
	if len(path) == 0 {
		return leaf(nil, "")
	}
	if len(path) == 1 {
		switch node.(type) {
		case map[string]any, []any:
			return leaf(node, path[0])
		}
		return nil, errors.New("cannot step into a scalar at " + strconv.Quote(path[0]))
	}
	switch n := node.(type) {
	case map[string]any:
		child, ok := n[path[0]]
		if !ok {
			return nil, errors.New("no member " + strconv.Quote(path[0]))
		}
		c, err := edit(child, path[1:], leaf)
		if err != nil {
			return nil, err
		}
		n[path[0]] = c
		return n, nil
	case []any:
		i, err := index(path[0], len(n)-1)
		if err != nil {
			return nil, err
		}
		c, err := edit(n[i], path[1:], leaf)
		if err != nil {
			return nil, err
		}
		n[i] = c
		return n, nil
	}
	return nil, errors.New("cannot step into a scalar at " + strconv.Quote(path[0]))
}

func add(parent any, key string, value any) (any, error) {
	switch p := parent.(type) {
	case nil:
		return value, nil // the whole document
	case map[string]any:
		p[key] = value
		return p, nil
	case []any:
		i := len(p)
		if key != "-" {
			var err error
			if i, err = index(key, len(p)); err != nil {
				return nil, err
			}
		}
		p = append(p, nil)
		copy(p[i+1:], p[i:])
		p[i] = value
		return p, nil
	}
	return nil, errors.New("cannot add into a scalar")
}

func remove(parent any, key string) (any, error) {
	switch p := parent.(type) {
	case map[string]any:
		if _, ok := p[key]; !ok {
			return nil, errors.New("no member " + strconv.Quote(key))
		}
		delete(p, key)
		return p, nil
	case []any:
		i, err := index(key, len(p)-1)
		if err != nil {
			return nil, err
		}
		return append(p[:i], p[i+1:]...), nil
	}
	return nil, errors.New("cannot remove from a scalar")
}

func deepCopy(v any, budget *int) (any, error) {
	*budget--
	if *budget < 0 {
		return nil, errors.New("the patch copies too much")
	}
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			c, err := deepCopy(e, budget)
			if err != nil {
				return nil, err
			}
			m[k] = c
		}
		return m, nil
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			c, err := deepCopy(e, budget)
			if err != nil {
				return nil, err
			}
			a[i] = c
		}
		return a, nil
	}
	return v, nil
}
