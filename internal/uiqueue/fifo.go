package uiqueue

// fifo is the slice-backed FIFO under Queue and Pump (their locks guard it): pop slides
// the backlog down once half the backing array is spent, so a FIFO that never empties
// does not grow forever.
type fifo struct {
	items []func()
	head  int // items[head:] are pending
}

func (f *fifo) push(fn func()) { f.items = append(f.items, fn) }

func (f *fifo) len() int { return len(f.items) - f.head }

// pop removes and returns the oldest function, or reports false when there is none.
func (f *fifo) pop() (func(), bool) {
	if f.head == len(f.items) {
		return nil, false
	}
	fn := f.items[f.head]
	f.items[f.head] = nil
	f.head++
	switch {
	case f.head == len(f.items):
		f.items, f.head = f.items[:0], 0
	case f.head >= 1024 && f.head*2 >= len(f.items):
		k := copy(f.items, f.items[f.head:])
		clear(f.items[k:])
		f.items, f.head = f.items[:k], 0
	}
	return fn, true
}
