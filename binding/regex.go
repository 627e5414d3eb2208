package binding

import "github.com/a2ui-go/a2ui/internal/re"

// Regexp is a compiled agent pattern (internal/re: linear time, no backtracking), named
// here so that a catalog outside this module can hold one: MatchString,
// MatchStringLimit, FindStringIndex, ReplaceAllLiteralString.
type Regexp = re.Regexp

type regexEntry struct {
	re  *Regexp
	err string
}

// CompileRegexp compiles pattern with internal/re (the RE2 syntax subset agents write,
// linear time, Go's semantics), caching the compiled pattern (or its compile error) in
// the registry's bounded cache, so a check re-evaluated on every keystroke compiles once.
// A pattern it cannot compile (look-around, back-references, a program over re.MaxInsts
// states) is a FUNCTION_FAILED error (FuncError). Length limits on pattern and input are
// the caller's. Called on the goroutine running the Func.
func (c *Context) CompileRegexp(pattern string) (*Regexp, error) {
	var cache *lru[regexEntry]
	if c.Funcs != nil {
		cache = c.Funcs.regex
	}
	if cache != nil {
		if e, ok := cache.get(pattern); ok {
			if e.err != "" {
				return nil, FuncError(c, e.err)
			}
			return e.re, nil
		}
	}
	r, cerr := re.Compile(pattern)
	e := regexEntry{re: r}
	if cerr != nil {
		e.err = "invalid pattern " + quote(pattern) + " (RE2 syntax; no look-around or back-references): " + cerr.Error()
	}
	if cache != nil {
		cache.put(pattern, e)
	}
	if e.err != "" {
		return nil, FuncError(c, e.err)
	}
	return r, nil
}
