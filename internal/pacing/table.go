package pacing

import "time"

// Table is every pacing constant and budget of the UI loop, the frame requester and the
// ingest path. Default holds the values the engine runs with.
type Table struct {
	// UI loop (webhost/run.go).

	// Slice bounds how long queued work runs before the loop yields to the browser:
	// input and paint wait at most about this long behind a busy queue.
	Slice time.Duration
	// Line bounds how long one task (a large line decoded, a large surface built) runs
	// before it yields at its next yield point; below Slice, since a task that long has
	// already held the thread for all of it.
	Line time.Duration
	// YieldSleep is the sleep that yields when the page has no MessageChannel: the
	// shortest timer, as a MessageChannel task is not clamped.
	YieldSleep time.Duration
	// WorkLimit is how many tasks the UI queue holds before a waiting poster waits: the
	// backpressure of background goroutines on the one UI goroutine.
	WorkLimit int

	// Frame requester (webhost/frame.go).

	// FrameInterval is one animation frame at 60 Hz: a request that comes at least this
	// long (and at least the frame gap) after the last frame renders at once.
	FrameInterval time.Duration
	// CheapFrame is the frame cost below which frames follow every animation frame
	// (half a frame at 60 Hz: rendering takes at most half the time).
	CheapFrame time.Duration
	// PerNodeGap paces frames on large pages: after a patch the browser restyles and
	// lays out the whole DOM, so frames are at least nodes×PerNodeGap apart (2,000
	// nodes: every frame; 20,000 nodes: ~6 frames a second), and a stream into a huge
	// surface spends its time on messages, not on re-laying out the page.
	PerNodeGap time.Duration
	// MaxCostGap caps the cost-based part of the frame gap (three animation frames at
	// 60 Hz), so one slow frame (a cold first frame, a frame applying many held
	// payloads) does not hold the next as long again: a stream is still painted at
	// least every few animation frames.
	MaxCostGap time.Duration
	// MinWait is the least wait worth a timer: a frame due sooner renders now.
	MinWait time.Duration
	// FrameFallback is the timer that runs a requested frame when animation frames do
	// not come (a hidden tab pauses them).
	FrameFallback time.Duration

	// Ingest path (webhost/ingest.go).

	// FrameWork bounds how long a frame applies the payloads it took before it renders;
	// the rest are applied after it, so a long stream's progress is painted as it goes.
	FrameWork time.Duration
	// Piece is the size in bytes of the pieces a byte source is applied in, one per
	// task: small enough that input and frames run between them.
	Piece int
	// InputLimit is how many pieces may wait in a renderer's pump before its stream
	// readers wait (backpressure: InputLimit×Piece = 8 MiB).
	InputLimit int
}

// Default is the table the engine runs with.
var Default = Table{
	Slice:      20 * time.Millisecond,
	Line:       12 * time.Millisecond,
	YieldSleep: time.Millisecond,
	WorkLimit:  8192,

	FrameInterval: 16 * time.Millisecond,
	CheapFrame:    8 * time.Millisecond,
	PerNodeGap:    8 * time.Microsecond,
	MaxCostGap:    48 * time.Millisecond,
	MinWait:       time.Millisecond,
	FrameFallback: 100 * time.Millisecond,

	FrameWork:  8 * time.Millisecond,
	Piece:      8 << 10,
	InputLimit: 1024,
}
