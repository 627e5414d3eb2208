package uiqueue

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
)

// runAll runs the queue's tasks on this goroutine until it is empty, recovering panics
// as the UI loop does.
func runAll(q *Queue) {
	for {
		f, ok := q.TryNext()
		if !ok {
			return
		}
		func() {
			defer func() { _ = recover() }()
			f()
		}()
	}
}

// A pump applies its functions one per task: work posted to the queue while a large
// input is pending runs between two of its pieces, not after all of them.
func TestPumpInterleaves(t *testing.T) {
	q := New(64)
	p := NewPump(q, 64)
	var ran []string
	for i := 0; i < 4; i++ {
		p.Push(func() { ran = append(ran, fmt.Sprint("piece", i)) })
	}
	if n := q.Len(); n != 1 {
		t.Fatalf("%d tasks queued for 4 pieces, want 1 (one step at a time)", n)
	}
	f, _ := q.TryNext()
	f()
	q.Post(func() { ran = append(ran, "input") })
	runAll(q)
	want := "[piece0 piece1 input piece2 piece3]"
	if got := fmt.Sprint(ran); got != want {
		t.Errorf("ran %s, want %s", got, want)
	}
	if p.Len() != 0 || q.Len() != 0 {
		t.Errorf("left %d pending, %d queued", p.Len(), q.Len())
	}
}

// Everything pushed runs in push order, from every producer: the UI goroutine (also
// from inside a pushed function), JS callbacks (Push) and readers (PushWait).
func TestPumpKeepsPushOrder(t *testing.T) {
	q := New(8192)
	p := NewPump(q, 3)
	var ran []string
	p.Push(func() {
		ran = append(ran, "a")
		p.Push(func() { ran = append(ran, "a-then") }) // after what is pending
	})
	p.Push(func() { ran = append(ran, "b") })
	runAll(q)
	p.Push(func() { ran = append(ran, "c") }) // the pump had stopped: it starts again
	runAll(q)
	if got, want := strings.Join(ran, " "), "a b a-then c"; got != want {
		t.Errorf("ran %q, want %q", got, want)
	}

	// Two readers waiting for room and a JS callback: each one's functions in order.
	const each = 500
	got := make([][]int, 3)
	var wg sync.WaitGroup
	for r := 0; r < 3; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				f := func() { got[r] = append(got[r], i) }
				if r == 2 {
					p.Push(f)
				} else {
					p.PushWait(f)
				}
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for {
		select {
		case <-done:
			runAll(q)
			for r, seq := range got {
				if len(seq) != each {
					t.Fatalf("producer %d: %d ran, want %d", r, len(seq), each)
				}
				for i, v := range seq {
					if v != i {
						t.Fatalf("producer %d: position %d ran %d", r, i, v)
					}
				}
			}
			return
		default:
			if f, ok := q.TryNext(); ok {
				f()
			} else {
				runtime.Gosched()
			}
		}
	}
}

// PushWait holds a reader while the limit is pending and lets it go once a piece ran.
func TestPumpPushWaitWaitsForRoom(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := New(64)
		p := NewPump(q, 2)
		p.Push(func() {})
		p.Push(func() {})
		pushed := false
		go func() {
			p.PushWait(func() {})
			pushed = true
		}()
		synctest.Wait()
		if pushed || p.Len() != 2 {
			t.Fatalf("PushWait appended past the limit (pending %d)", p.Len())
		}
		f, _ := q.TryNext()
		f() // one piece runs: room for one
		synctest.Wait()
		if !pushed || p.Len() != 2 {
			t.Fatalf("PushWait still waiting after a piece ran (pushed %v, pending %d)", pushed, p.Len())
		}
	})
}

// A function that panics does not stop the pump: the next step was posted before it ran.
func TestPumpSurvivesPanic(t *testing.T) {
	q := New(64)
	p := NewPump(q, 64)
	var ran []string
	p.Push(func() { panic("boom") })
	p.Push(func() { ran = append(ran, "after") })
	runAll(q)
	if fmt.Sprint(ran) != "[after]" {
		t.Errorf("ran %v after a panic, want [after]", ran)
	}
}

// A pump that never empties keeps its order while it compacts, and its storage stays
// bounded.
func TestPumpCompacts(t *testing.T) {
	q := New(1 << 20)
	p := NewPump(q, 1<<20)
	next, want := 0, 0
	push := func(n int) {
		for ; n > 0; n-- {
			v := next
			p.Push(func() {
				if v != want {
					t.Fatalf("ran %d, want %d", v, want)
				}
				want++
			})
			next++
		}
	}
	push(100)
	for round := 0; round < 200; round++ {
		push(50)
		for i := 0; i < 50; i++ {
			f, ok := q.TryNext()
			if !ok {
				t.Fatal("pump stopped early")
			}
			f()
		}
	}
	if p.Len() != 100 {
		t.Fatalf("Len = %d, want 100", p.Len())
	}
	if c := cap(p.fifo.items); c > 8192 {
		t.Fatalf("backing array grew to %d for a backlog of 100", c)
	}
}
