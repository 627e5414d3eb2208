package uiqueue

import (
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// drain runs the queue's functions on this goroutine until n have run.
func drain(q *Queue, n int) {
	for i := 0; i < n; i++ {
		q.Next()()
	}
}

// A flood from several producers, some waiting for room (stream readers) and some not
// (JS callbacks), runs every function once and each producer's functions in the order
// that producer posted them.
func TestFloodKeepsOrder(t *testing.T) {
	const producers, each = 6, 20000
	q := New(64)
	got := make([][]int, producers)
	var wg sync.WaitGroup
	for p := 0; p < producers; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				f := func() { got[p] = append(got[p], i) }
				// Even producers never wait (like a JS callback); odd ones alternate.
				if p%2 == 0 || i%3 == 0 {
					q.Post(f)
				} else {
					q.PostWait(f)
				}
			}
		}()
	}
	drain(q, producers*each)
	wg.Wait()
	if n := q.Len(); n != 0 {
		t.Fatalf("Len after draining = %d, want 0", n)
	}
	for p, seq := range got {
		if len(seq) != each {
			t.Fatalf("producer %d: %d functions ran, want %d", p, len(seq), each)
		}
		for i, v := range seq {
			if v != i {
				t.Fatalf("producer %d: position %d ran item %d (out of order)", p, i, v)
			}
		}
	}
}

// With the queue past its limit, a posted function still runs after everything posted
// before it: the old channel's fallback (a goroutine per send) could let a later chunk
// overtake an earlier one.
func TestPostPastLimitStaysInOrder(t *testing.T) {
	q := New(2)
	var ran []string
	for i := 0; i < 5; i++ {
		q.Post(func() { ran = append(ran, fmt.Sprint("chunk", i)) })
	}
	q.Next()() // room again
	q.Post(func() { ran = append(ran, "close") })
	drain(q, 5)
	want := "[chunk0 chunk1 chunk2 chunk3 chunk4 close]"
	if got := fmt.Sprint(ran); got != want {
		t.Fatalf("ran %s, want %s", got, want)
	}
}

// Post returns at once however full the queue is (a JS callback must never block).
func TestPostNeverBlocks(t *testing.T) {
	q := New(1)
	done := make(chan struct{})
	go func() {
		for i := 0; i < 100000; i++ {
			q.Post(func() {})
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Post blocked on a full queue")
	}
	if n := q.Len(); n != 100000 {
		t.Fatalf("Len = %d, want 100000", n)
	}
}

// PostWait holds its caller while the queue is at its limit and appends once the UI
// goroutine took something.
func TestPostWaitWaitsForRoom(t *testing.T) {
	q := New(2)
	q.Post(func() {})
	q.Post(func() {})
	posted := make(chan struct{})
	go func() {
		q.PostWait(func() {})
		close(posted)
	}()
	select {
	case <-posted:
		t.Fatal("PostWait appended to a full queue")
	case <-time.After(50 * time.Millisecond):
	}
	q.Next()
	select {
	case <-posted:
	case <-time.After(5 * time.Second):
		t.Fatal("PostWait still waiting after Next made room")
	}
	if n := q.Len(); n != 2 {
		t.Fatalf("Len = %d, want 2", n)
	}
}

// Next waits for work; TryNext does not. synctest.Wait returns once Next is blocked.
func TestNextWaitsTryNextDoesNot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := New(4)
		if _, ok := q.TryNext(); ok {
			t.Fatal("TryNext on an empty queue returned work")
		}
		got := make(chan int, 1)
		go func() {
			q.Next()()
		}()
		synctest.Wait()
		if len(got) != 0 {
			t.Fatal("Next returned before anything was posted")
		}
		q.Post(func() { got <- 7 })
		if v := <-got; v != 7 {
			t.Fatalf("ran %d", v)
		}
	})
}

// A queue that never empties (the UI goroutine always a little behind) keeps its order
// while it slides its backlog down, and its storage stays bounded.
func TestNeverEmptyQueueCompacts(t *testing.T) {
	q := New(1 << 20)
	next, want := 0, 0
	push := func(n int) {
		for ; n > 0; n-- {
			v := next
			q.Post(func() {
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
				t.Fatal("queue empty too early")
			}
			f()
		}
	}
	if q.Len() != 100 {
		t.Fatalf("Len = %d, want 100", q.Len())
	}
	if c := cap(q.fifo.items); c > 8192 {
		t.Fatalf("backing array grew to %d for a backlog of 100", c)
	}
}

func ExampleQueue() {
	q := New(8)
	go func() {
		for i := 1; i <= 3; i++ {
			q.PostWait(func() { fmt.Println("chunk", i) }) // a stream reader
		}
		q.Post(func() { fmt.Println("end") })
	}()
	for i := 0; i < 4; i++ {
		q.Next()() // the UI goroutine
	}
	// Output:
	// chunk 1
	// chunk 2
	// chunk 3
	// end
}
