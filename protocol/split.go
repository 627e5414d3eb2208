package protocol

import "strconv"

// DefaultMaxLine is the byte cap of one JSONL line (or one SSE field line / event) when
// NewSplitter or NewSSEParser is given 0.
const DefaultMaxLine = 1 << 20

// lineBuffer is the incremental line framer shared by Splitter and SSEParser. It keeps at
// most maxLine+1 bytes of a pending line; a longer line is dropped as soon as it is known
// to be too long and the rest of it is discarded until its terminator (memory stays
// bounded whatever the input).
type lineBuffer struct {
	max        int
	buf        []byte
	discarding bool   // inside an over-long line: drop bytes until the next terminator
	lineNo     int    // 1-based number of the line being read
	crEnds     bool   // a lone CR also ends a line (SSE)
	afterCR    bool   // crEnds: the previous chunk ended with CR, so a leading LF belongs to it
	started    bool   // the first byte of the stream has been seen (BOM check)
	onLong     func() // optional: called when a line is found to be too long
}

func (b *lineBuffer) init(max int, crEnds bool) {
	if max <= 0 {
		max = DefaultMaxLine
	}
	b.max = max
	b.crEnds = crEnds
	b.lineNo = 1
}

func (b *lineBuffer) tooLong() *Error {
	if b.onLong != nil {
		b.onLong()
	}
	return &Error{
		Code:    CodeLineTooLong,
		Message: "line " + strconv.Itoa(b.lineNo) + " exceeds " + strconv.Itoa(b.max) + " bytes; skipped",
	}
}

// write feeds chunk and calls line for every complete line (terminator and, for JSONL, a
// trailing CR removed). The slice passed to line is only valid during the call.
func (b *lineBuffer) write(chunk []byte, line func([]byte), errs []*Error) []*Error {
	if !b.started && len(chunk) > 0 {
		// Drop a UTF-8 byte order mark at the very start of the stream, possibly split.
		b.buf = append(b.buf, chunk...)
		if len(b.buf) < 3 && isBOMPrefix(b.buf) {
			return errs
		}
		b.started = true
		chunk = b.buf
		b.buf = nil
		if len(chunk) >= 3 && chunk[0] == 0xEF && chunk[1] == 0xBB && chunk[2] == 0xBF {
			chunk = chunk[3:]
		}
	}
	if b.afterCR && len(chunk) > 0 {
		b.afterCR = false
		if chunk[0] == '\n' {
			chunk = chunk[1:]
		}
	}
	for len(chunk) > 0 {
		i := b.indexTerm(chunk)
		if i < 0 {
			if b.discarding {
				return errs
			}
			if len(b.buf)+len(chunk) > b.max+1 {
				// Too long even allowing for a trailing CR: report now, keep nothing.
				errs = append(errs, b.tooLong())
				b.discarding = true
				b.buf = b.buf[:0]
				return errs
			}
			b.buf = append(b.buf, chunk...)
			return errs
		}
		term := chunk[i]
		part := chunk[:i]
		chunk = chunk[i+1:]
		if term == '\r' {
			// crEnds only: CR, CRLF.
			if len(chunk) == 0 {
				b.afterCR = true
			} else if chunk[0] == '\n' {
				chunk = chunk[1:]
			}
		}
		if b.discarding {
			b.discarding = false
			b.lineNo++
			continue
		}
		var l []byte
		if len(b.buf) > 0 {
			b.buf = append(b.buf, part...)
			l = b.buf
		} else {
			l = part
		}
		if !b.crEnds && len(l) > 0 && l[len(l)-1] == '\r' {
			l = l[:len(l)-1]
		}
		if len(l) > b.max {
			errs = append(errs, b.tooLong())
		} else {
			line(l)
		}
		b.buf = b.buf[:0]
		b.lineNo++
	}
	return errs
}

// close flushes a last line that has no terminator and resets the buffer for reuse.
func (b *lineBuffer) close(line func([]byte), errs []*Error) []*Error {
	if !b.started && len(b.buf) > 0 {
		// Only a partial BOM was ever seen: it is data after all.
		b.started = true
	}
	if !b.discarding && len(b.buf) > 0 {
		l := b.buf
		if !b.crEnds && l[len(l)-1] == '\r' {
			l = l[:len(l)-1]
		}
		if len(l) > b.max {
			errs = append(errs, b.tooLong())
		} else {
			line(l)
		}
	}
	max, crEnds, onLong := b.max, b.crEnds, b.onLong
	*b = lineBuffer{onLong: onLong}
	b.init(max, crEnds)
	return errs
}

func (b *lineBuffer) indexTerm(p []byte) int {
	for i, c := range p {
		if c == '\n' || (c == '\r' && b.crEnds) {
			return i
		}
	}
	return -1
}

func isBOMPrefix(p []byte) bool {
	bom := [3]byte{0xEF, 0xBB, 0xBF}
	for i, c := range p {
		if i >= 3 || c != bom[i] {
			return false
		}
	}
	return true
}

// Splitter frames a JSON Lines byte stream into lines. Feed it chunks as they arrive, in
// any size: several lines per chunk and lines split across chunks are both fine. LF and
// CRLF terminate lines, blank (whitespace-only) lines are skipped, a UTF-8 byte order mark
// at the start is dropped, and Close flushes a final line that has no newline.
//
// A stream whose first non-blank line opens a multi-line JSON value (a pretty-printed
// message, array of messages or example file) is framed as a JSON document instead: each
// top-level value, or each element of a top-level array, is emitted as one "line". The
// choice is made from the content once that first line is complete.
//
// A line (or value) longer than the cap is not buffered: it is reported once with
// CodeLineTooLong and the rest of it is discarded up to the next newline (its end); the
// stream then continues.
//
// A Splitter is not safe for concurrent use; the goroutine that reads the transport calls
// Write and Close (in the browser build: the single Go event-loop goroutine).
type Splitter struct {
	lb      lineBuffer
	decided bool         // JSONL or document: known once the first non-blank line ended
	head    []byte       // undecided: the bytes so far
	doc     *docSplitter // non-nil for a JSON document
}

// NewSplitter returns a Splitter whose lines may be at most maxLine bytes long (without
// the terminator); maxLine <= 0 selects DefaultMaxLine (1 MiB).
func NewSplitter(maxLine int) *Splitter {
	s := &Splitter{}
	s.lb.init(maxLine, false)
	return s
}

// Write consumes chunk and calls emit for each complete non-blank line, in order. The
// slice passed to emit is only valid during that call (copy it to keep it). The returned
// errors (CodeLineTooLong) are in stream order; nil when there were none.
func (s *Splitter) Write(chunk []byte, emit func(line []byte)) []*Error {
	if !s.decided {
		if chunk = s.detect(chunk, false); !s.decided {
			return nil
		}
	}
	if s.doc != nil {
		return s.doc.write(chunk, emit, nil)
	}
	return s.lb.write(chunk, func(l []byte) {
		if !isBlank(l) {
			emit(l)
		}
	}, nil)
}

// detect buffers the stream's start until its first non-blank line is complete (or at
// end), then picks the framing and returns the buffered bytes to feed it. Blank lines
// before it are dropped as they arrive (counted, for the line numbers of errors); a first
// line over the cap is JSONL (reported as too long), whatever the chunking.
func (s *Splitter) detect(chunk []byte, atEnd bool) []byte {
	s.head = append(s.head, chunk...)
	h := s.head
	if !s.lb.started { // a BOM only counts at the very start of the stream
		if len(h) < 3 && isBOMPrefix(h) && !atEnd {
			return nil
		}
		if len(h) >= 3 && h[0] == 0xEF && h[1] == 0xBB && h[2] == 0xBF {
			h = h[3:]
		}
	}
	start := 0
	for start < len(h) && isSpace(h[start]) {
		if h[start] == '\n' {
			s.lb.lineNo++
		}
		start++
	}
	// Keep only the pending line (the BOM is gone: lineBuffer need not see it).
	s.lb.started = true
	s.head = append(s.head[:0], h[start:]...)
	h = s.head
	nl := -1
	for i, c := range h {
		if c == '\n' {
			nl = i
			break
		}
	}
	if nl < 0 && !atEnd && len(h) <= s.lb.max {
		return nil
	}
	s.decided = true
	s.head = nil
	if nl >= 0 && nl <= s.lb.max && opensDocument(h[:nl]) {
		s.doc = &docSplitter{max: s.lb.max}
	}
	return h
}

// Close ends the stream: a pending final line without a newline is emitted (when not
// blank), and the Splitter is reset so that it can read a new stream.
func (s *Splitter) Close(emit func(line []byte)) []*Error {
	var errs []*Error
	if !s.decided {
		errs = s.Write(s.detect(nil, true), emit)
	}
	if s.doc != nil {
		errs = s.doc.close(emit, errs)
	} else {
		errs = s.lb.close(func(l []byte) {
			if !isBlank(l) {
				emit(l)
			}
		}, errs)
	}
	max := s.lb.max
	*s = Splitter{}
	s.lb.init(max, false)
	return errs
}

func isBlank(p []byte) bool {
	for _, c := range p {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}
