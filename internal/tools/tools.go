//go:build tools

// Package tools pins the module's third-party dependencies in go.mod before every package
// that uses them exists; it is never built.
package tools

import (
	_ "github.com/chromedp/chromedp"
	_ "github.com/hack-pad/safejs"
	_ "github.com/yuin/goldmark/parser"
)
