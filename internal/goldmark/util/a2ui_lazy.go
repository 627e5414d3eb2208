// a2ui-go patch (see ../PATCHES.md): regular expressions compiled on first use, not at
// package init.

package util

import (
	"regexp"
	"sync"
)

// lazyRegexp returns a function that compiles expr on its first call (MustCompile) and
// returns the same *regexp.Regexp on every call.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return (&lazyRE{expr: expr}).get
}

type lazyRE struct {
	once sync.Once
	expr string
	re   *regexp.Regexp
}

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(l.compile)
	return l.re
}

func (l *lazyRE) compile() { l.re = regexp.MustCompile(l.expr) }
