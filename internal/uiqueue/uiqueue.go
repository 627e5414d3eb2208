package uiqueue

import "sync"

// Queue is an ordered FIFO of work. The zero value is not usable: call New.
type Queue struct {
	mu    sync.Mutex
	fifo  fifo
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
	q.fifo.push(f)
	q.mu.Unlock()
	signal(q.wake)
}

// PostWait appends f once fewer than the limit are queued, waiting until then. Only for
// background goroutines (stream readers): never a JS callback, never the UI goroutine.
func (q *Queue) PostWait(f func()) {
	for {
		q.mu.Lock()
		if n := q.fifo.len(); n < q.limit {
			q.fifo.push(f)
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
	f, ok := q.fifo.pop()
	n := q.fifo.len()
	q.mu.Unlock()
	if !ok {
		return nil, false
	}
	if n < q.limit {
		signal(q.room)
	}
	return f, true
}

// Len returns how many functions are queued.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.fifo.len()
}

// signal leaves a token in c unless one is there already.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
