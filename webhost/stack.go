//go:build js && wasm

package webhost

// A JS call into Go runs on the goroutine the runtime left waiting for events, which is
// often a new one with the smallest stack (a scheduler pass ends by starting another),
// and the UI goroutine's stack is shrunk by the GC while it waits. A render then grows
// the stack deep inside itself, and each growth copies the stack frame by frame, decoding
// every frame's pc tables: milliseconds in a first frame (catalog tables built under
// several frames), a fraction of one in every keystroke. growStack grows it first, while
// the stack is shallow.

// runInPlace runs f as runTask does, on the goroutine a call from JS found (the input
// fast paths, the warm-up export), its stack grown first. The UI loop grows its own stack
// when it wakes, not before every task.
func runInPlace(f func()) {
	growStack(0)
	runTask(f)
}

// growFrame is the frame growStack needs: a goroutine's stack grows to at least twice
// that (32 KB), which a keystroke's dispatch and the first frame of a large surface fit in.
const growFrame = 16 << 10

// growStack makes the calling goroutine's stack hold at least growFrame more bytes,
// growing it now (one copy of the few frames below) if it does not. Its cost when the
// stack is large enough: clearing growFrame bytes.
//
//go:noinline
func growStack(i int) byte {
	var b [growFrame]byte
	b[i&(growFrame-1)] = byte(i)
	return b[(i*7)&(growFrame-1)]
}
