package uiqueue

import "sync"

// Pump is one renderer's ordered input on a Queue: the functions pushed to it run in
// push order, one per task of the Queue, each task posting the next. Work posted to the
// Queue meanwhile (an input event, a frame) so runs between two of them, while a large
// input is applied. The zero value is not usable: call NewPump.
type Pump struct {
	q       *Queue
	limit   int
	mu      sync.Mutex
	fifo    fifo
	running bool
	room    chan struct{} // holds a token while PushWait may append
}

// NewPump returns an empty pump on q; PushWait waits while limit or more functions are
// pending (limit < 1 means 1). Push ignores the limit.
func NewPump(q *Queue, limit int) *Pump {
	return &Pump{q: q, limit: max(limit, 1), room: make(chan struct{}, 1)}
}

// Push appends f and returns at once, whatever is pending. Any goroutine, JS callbacks
// included.
func (p *Pump) Push(f func()) {
	p.mu.Lock()
	p.fifo.push(f)
	start := !p.running
	p.running = true
	p.mu.Unlock()
	if start {
		p.q.Post(p.step)
	}
}

// PushWait appends f once fewer than the limit are pending, waiting until then. Only for
// background goroutines (stream readers): never a JS callback, never the UI goroutine.
func (p *Pump) PushWait(f func()) {
	for {
		p.mu.Lock()
		if n := p.fifo.len(); n < p.limit {
			p.fifo.push(f)
			start := !p.running
			p.running = true
			more := n+1 < p.limit
			p.mu.Unlock()
			if start {
				p.q.Post(p.step)
			}
			if more {
				signal(p.room) // another waiter may go on
			}
			return
		}
		p.mu.Unlock()
		<-p.room
	}
}

// Len returns how many functions are pending.
func (p *Pump) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fifo.len()
}

// step runs the oldest pending function (a task of the Queue). The next step is posted
// before it runs, so a function that panics does not stop the pump.
func (p *Pump) step() {
	p.mu.Lock()
	f, ok := p.fifo.pop()
	if !ok || p.fifo.len() == 0 {
		p.running = false
	}
	if !ok {
		p.mu.Unlock()
		return
	}
	more := p.running
	p.mu.Unlock()
	signal(p.room)
	if more {
		p.q.Post(p.step)
	}
	f()
}
