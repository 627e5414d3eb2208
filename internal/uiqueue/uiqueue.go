package uiqueue

import "sync"

// Queue is an ordered FIFO of work. The zero value is not usable: call New.
type Queue struct {
	mu    sync.Mutex
	items []func()
	head  int // items[head:] are queued
	limit int
	// wake holds a token while work may be queued (Next waits on it); room holds one
	// while PostWait may append (a waiter passes it on when room remains).
	wake chan struct{}
	room chan struct{}
}

// New returns an empty queue; PostWait waits while limit or more functions are queued
// (limit < 1 means 1). Post ignores the limit.
func New(limit int) *Queue {
	return &Queue{limit: max(limit, 1), wake: make(chan struct{}, 1), room: make(chan struct{}, 1)}
}

// Post appends f and returns at once, whatever the queue holds. Any goroutine, JS
// callbacks included.
func (q *Queue) Post(f func()) {
	q.mu.Lock()
	q.items = append(q.items, f)
	q.mu.Unlock()
	signal(q.wake)
}

// PostWait appends f once fewer than the limit are queued, waiting until then. Only for
// background goroutines (stream readers): never a JS callback, never the UI goroutine.
func (q *Queue) PostWait(f func()) {
	for {
		q.mu.Lock()
		if n := len(q.items) - q.head; n < q.limit {
			q.items = append(q.items, f)
			more := n+1 < q.limit
			q.mu.Unlock()
			signal(q.wake)
			if more {
				signal(q.room) // another waiter may go on
			}
			return
		}
		q.mu.Unlock()
		<-q.room
	}
}

// Next removes and returns the oldest function, waiting while the queue is empty. UI
// goroutine.
func (q *Queue) Next() func() {
	for {
		if f, ok := q.TryNext(); ok {
			return f
		}
		<-q.wake
	}
}

// TryNext removes and returns the oldest function, or reports false when the queue is
// empty. UI goroutine.
func (q *Queue) TryNext() (func(), bool) {
	q.mu.Lock()
	n := len(q.items) - q.head
	if n == 0 {
		q.mu.Unlock()
		return nil, false
	}
	f := q.items[q.head]
	q.items[q.head] = nil
	q.head++
	switch {
	case q.head == len(q.items):
		q.items, q.head = q.items[:0], 0
	case q.head >= 1024 && q.head*2 >= len(q.items):
		// Slide the rest down so a queue that never empties does not grow forever.
		k := copy(q.items, q.items[q.head:])
		clear(q.items[k:])
		q.items, q.head = q.items[:k], 0
	}
	q.mu.Unlock()
	if n-1 < q.limit {
		signal(q.room)
	}
	return f, true
}

// Len returns how many functions are queued.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items) - q.head
}

// signal leaves a token in c unless one is there already.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
