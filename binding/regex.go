package binding

import "regexp"

type regexEntry struct {
	re  *regexp.Regexp
	err string
}

// CompileRegexp compiles pattern with Go's regexp (RE2, linear time), caching the
// compiled pattern (or its compile error) in the registry's bounded cache, so a check
// re-evaluated on every keystroke compiles once. A pattern RE2 cannot compile
// (look-around, back-references) is a FUNCTION_FAILED error (FuncError). Length limits
// on pattern and input are the caller's. Called on the goroutine running the Func.
func (c *Context) CompileRegexp(pattern string) (*regexp.Regexp, error) {
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
	re, cerr := regexp.Compile(pattern)
	e := regexEntry{re: re}
	if cerr != nil {
		e.err = "invalid pattern " + quote(pattern) + " (Go RE2 syntax; no look-around or back-references): " + cerr.Error()
	}
	if cache != nil {
		cache.put(pattern, e)
	}
	if e.err != "" {
		return nil, FuncError(c, e.err)
	}
	return re, nil
}
