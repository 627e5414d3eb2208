// a2ui-go patch (see ../PATCHES.md): regular expressions compiled on first use, not at
// package init.

package parser

import (
	"regexp"
	"sync"
)

// lazyRegexp returns a function that compiles expr on its first call (MustCompile) and
// returns the same *regexp.Regexp on every call.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
