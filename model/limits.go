package model

import (
	"strconv"

	"github.com/a2ui-go/a2ui/protocol"
)

// Default caps on what one data-model update may carry (security.md §6.4, WinUI's
// DataModelStore). Options fields <= 0 select them. Every violation is a
// protocol.CodeLimit error naming the offending path; see Processor.Apply for what is
// skipped.
const (
	// DefaultMaxValueDepth bounds the nesting of one value: a scalar is 0, {} or [] is 1,
	// {"a":[1]} is 2.
	DefaultMaxValueDepth = 32
	// DefaultMaxPathSegments and DefaultMaxPathBytes bound a data path (the path of an
	// update and of every write into the model).
	DefaultMaxPathSegments = 32
	DefaultMaxPathBytes    = 1024
	// DefaultMaxKeyBytes bounds an object key inside a value.
	DefaultMaxKeyBytes = 256
	// DefaultMaxStringBytes bounds one string value.
	DefaultMaxStringBytes = 64 << 10
	// DefaultMaxEntries bounds the entries of one update: the members of an object value
	// (v0.8: the contents entries), or 1 for any other value.
	DefaultMaxEntries = 1024
	// DefaultMaxArrayLen bounds the length of any array in the model.
	DefaultMaxArrayLen = 10000
	// DefaultMaxIndexGap bounds how far past an array's end a write may land (the slots
	// between are padded with null): /items/<len+gap> is the furthest allowed.
	DefaultMaxIndexGap = 1000
)

// limits are a DataModel's caps (defaults filled in).
type limits struct {
	valueDepth, pathSegments, pathBytes, keyBytes, stringBytes, entries, arrayLen, indexGap int
}

func (o Options) limits() limits {
	pick := func(v, d int) int {
		if v <= 0 {
			return d
		}
		return v
	}
	return limits{
		valueDepth:   pick(o.MaxValueDepth, DefaultMaxValueDepth),
		pathSegments: pick(o.MaxPathSegments, DefaultMaxPathSegments),
		pathBytes:    pick(o.MaxPathBytes, DefaultMaxPathBytes),
		keyBytes:     pick(o.MaxKeyBytes, DefaultMaxKeyBytes),
		stringBytes:  pick(o.MaxStringBytes, DefaultMaxStringBytes),
		entries:      pick(o.MaxEntries, DefaultMaxEntries),
		arrayLen:     pick(o.MaxArrayLen, DefaultMaxArrayLen),
		indexGap:     pick(o.MaxIndexGap, DefaultMaxIndexGap),
	}
}

var defaultLimits = Options{}.limits()

// checkPointer enforces the path caps on p.
func (l *limits) checkPointer(p Pointer) *protocol.Error {
	if len(p) > l.pathSegments {
		return newErr(protocol.CodeLimit, "data path has "+strconv.Itoa(len(p))+" segments (max "+strconv.Itoa(l.pathSegments)+")")
	}
	n := 0
	for _, t := range p {
		n += len(t) + 1
	}
	if n > l.pathBytes {
		return newErr(protocol.CodeLimit, "data path is "+strconv.Itoa(n)+" bytes long (max "+strconv.Itoa(l.pathBytes)+")")
	}
	return nil
}

// checkIndex enforces the array caps on a write to index idx (token i of p) of an array
// of length n.
func (l *limits) checkIndex(p Pointer, i, idx, n int) *protocol.Error {
	if idx-n > l.indexGap {
		return newErr(protocol.CodeLimit, "index "+strconv.Itoa(idx)+" in "+strconv.Quote(Pointer(p[:i+1]).String())+
			" is "+strconv.Itoa(idx-n)+" past the end of the array (max "+strconv.Itoa(l.indexGap)+")")
	}
	if idx >= l.arrayLen {
		return newErr(protocol.CodeLimit, "index "+strconv.Itoa(idx)+" in "+strconv.Quote(Pointer(p[:i+1]).String())+
			" would make the array longer than "+strconv.Itoa(l.arrayLen)+" elements")
	}
	return nil
}

// checkPathText enforces the byte cap on a path as received, before it is parsed.
func (l *limits) checkPathText(s string) *protocol.Error {
	if len(s) > l.pathBytes {
		return newErr(protocol.CodeLimit, "data path is "+strconv.Itoa(len(s))+" bytes long (max "+strconv.Itoa(l.pathBytes)+")")
	}
	return nil
}

// checkValue enforces the value caps on v (a decoded JSON tree). at is the JSON Pointer
// of the offending value inside v ("" for v itself). The recursion stops at the depth cap,
// which it checks before descending.
func (l *limits) checkValue(v any) (at string, err *protocol.Error) { return l.checkValueAt(v, 0) }

// checkValueAt is checkValue for a value that sits depth levels down already.
func (l *limits) checkValueAt(v any, depth int) (at string, err *protocol.Error) {
	var toks []string
	err = l.walk(v, depth, &toks)
	if err != nil {
		for i := len(toks) - 1; i >= 0; i-- {
			at += "/" + protocol.EscapeToken(toks[i])
		}
	}
	return at, err
}

// walk checks v at depth; on error, toks receives the path to it, innermost first.
func (l *limits) walk(v any, depth int, toks *[]string) *protocol.Error {
	switch x := v.(type) {
	case string:
		if len(x) > l.stringBytes {
			return newErr(protocol.CodeLimit, "string of "+strconv.Itoa(len(x))+" bytes (max "+strconv.Itoa(l.stringBytes)+")")
		}
	case map[string]any:
		if depth >= l.valueDepth {
			return newErr(protocol.CodeLimit, "value nested deeper than "+strconv.Itoa(l.valueDepth)+" levels")
		}
		for k, e := range x {
			if len(k) > l.keyBytes {
				*toks = append(*toks, k)
				return newErr(protocol.CodeLimit, "object key of "+strconv.Itoa(len(k))+" bytes (max "+strconv.Itoa(l.keyBytes)+")")
			}
			if err := l.walk(e, depth+1, toks); err != nil {
				*toks = append(*toks, k)
				return err
			}
		}
	case []any:
		if depth >= l.valueDepth {
			return newErr(protocol.CodeLimit, "value nested deeper than "+strconv.Itoa(l.valueDepth)+" levels")
		}
		if len(x) > l.arrayLen {
			return newErr(protocol.CodeLimit, "array of "+strconv.Itoa(len(x))+" elements (max "+strconv.Itoa(l.arrayLen)+")")
		}
		for i, e := range x {
			if err := l.walk(e, depth+1, toks); err != nil {
				*toks = append(*toks, strconv.Itoa(i))
				return err
			}
		}
	}
	return nil
}
