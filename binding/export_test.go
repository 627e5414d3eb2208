package binding

// Test-only views of unexported state for the external tests (package binding_test,
// which import catalog/basic for the basic functions; package binding cannot).

const (
	MaxEvalDepth   = maxEvalDepth
	RegexCacheSize = regexCacheSize
)

// RegexCacheLen returns how many patterns f's regex cache holds.
func RegexCacheLen(f *Functions) int { return f.regex.len() }

// NewContext is newContext.
var NewContext = newContext
