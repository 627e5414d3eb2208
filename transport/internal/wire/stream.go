package wire

// Stream is where a client's A2UI messages go (render.Stream, opened through
// render.Renderer.Connect so its failure stays on the page): each message is written as
// one JSONL line; Close ends it (err != nil when the turn, run or call failed).
type Stream interface {
	Write(chunk []byte)
	Close(err error)
}
