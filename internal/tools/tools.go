//go:build tools

// Package tools pins the module's third-party dependencies in go.mod before every package
// that uses them exists; it is never built.
package tools

import (
	_ "github.com/a2ui-go/a2ui/internal/third_party/goldmark/parser"
	_ "github.com/a2ui-go/a2ui/internal/third_party/safejs"
	_ "github.com/chromedp/chromedp"
)
