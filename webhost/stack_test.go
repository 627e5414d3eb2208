//go:build js && wasm

package webhost

import (
	"testing"

	"github.com/a2ui-go/a2ui/render"
)

// BenchmarkTaskOnFreshGoroutine runs a render task (render.WarmTyping: a surface
// processed, a frame built, two keystrokes dispatched) on a new goroutine, as a call from
// JS often finds one: with the stack grown first (growStack, as runTask does) and
// without (the stack grows deep inside the render).
func BenchmarkTaskOnFreshGoroutine(b *testing.B) {
	for _, grow := range []bool{false, true} {
		name := "grown-deep"
		if grow {
			name = "grown-first"
		}
		b.Run(name, func(b *testing.B) {
			done := make(chan bool)
			for b.Loop() {
				go func() {
					if grow {
						growStack(0)
					}
					done <- render.WarmTyping()
				}()
				if !<-done {
					b.Fatal("WarmTyping failed")
				}
			}
		})
	}
}
