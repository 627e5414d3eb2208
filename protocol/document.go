package protocol

import "strconv"

// A stream is JSON Lines unless its first non-blank line opens a JSON value it does not
// close and ends right after a '{', '[' or ',' — the way every pretty-printer starts a
// document (`{`, `[`, `[{`, `{"version": "v0.9",`). A JSONL line is a whole value, so it
// never looks like that. Such a stream is read as a JSON document instead: one or more
// top-level values in any layout, where a top-level array contributes its elements
// (an array of messages, or an official example file's {"messages": […]}).

// opensDocument reports whether the first non-blank line of a stream starts a
// multi-line JSON document.
func opensDocument(line []byte) bool {
	i, j := 0, len(line)
	for i < j && isSpace(line[i]) {
		i++
	}
	for j > i && isSpace(line[j-1]) {
		j--
	}
	if i == j || (line[i] != '{' && line[i] != '[') {
		return false
	}
	if c := line[j-1]; c != '{' && c != '[' && c != ',' {
		return false
	}
	depth, inStr, esc := 0, false, false
	for _, c := range line[i:j] {
		switch {
		case esc:
			esc = false
		case inStr:
			esc = c == '\\'
			inStr = c != '"'
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		}
	}
	return depth > 0 && !inStr
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// docSplitter frames a JSON document into values: each top-level value, or each element
// of a top-level array. A value longer than max is reported once with CodeLineTooLong and
// skipped (its brackets are still followed, so the next value is found). Bytes that are
// not a value (a stray bracket, a bare word) are emitted as they are, for the decoder to
// report.
type docSplitter struct {
	max        int
	buf        []byte
	active     bool // inside a value
	discarding bool // inside an over-long value: follow it without keeping it
	depth      int  // bracket depth inside the value
	inStr, esc bool
	scalar     bool // the value is a bare scalar (ends at a delimiter)
	inArray    bool // inside a top-level array: its elements are the values
	n          int  // values started, for error messages
}

func (d *docSplitter) write(p []byte, emit func([]byte), errs []*Error) []*Error {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if d.active {
			if d.scalar && !d.inStr && (isSpace(c) || c == ',' || c == '{' || c == '}' || c == '[' || c == ']' || c == '"') {
				d.end(emit)
				i-- // c starts what comes next
				continue
			}
			errs = d.add(c, errs)
			switch {
			case d.esc:
				d.esc = false
			case d.inStr:
				d.esc = c == '\\'
				d.inStr = c != '"'
				if !d.inStr && d.depth == 0 && !d.scalar {
					d.end(emit) // a top-level string
				}
			case d.scalar:
			case c == '"':
				d.inStr = true
			case c == '{' || c == '[':
				d.depth++
			case c == '}' || c == ']':
				d.depth--
				if d.depth == 0 {
					d.end(emit)
				}
			}
			continue
		}
		switch {
		case isSpace(c), d.inArray && c == ',':
		case d.inArray && c == ']':
			d.inArray = false
		case !d.inArray && c == '[':
			d.inArray = true
		default:
			d.active, d.n = true, d.n+1
			errs = d.add(c, errs)
			switch c {
			case '{', '[':
				d.depth = 1
			case '"':
				d.inStr = true
			case '}', ']', ',', ':':
				d.end(emit) // a stray delimiter: the decoder reports it
			default:
				d.scalar = true
			}
		}
	}
	return errs
}

// add keeps c of the current value unless the value is over the cap.
func (d *docSplitter) add(c byte, errs []*Error) []*Error {
	if d.discarding {
		return errs
	}
	if len(d.buf) >= d.max {
		d.discarding = true
		d.buf = d.buf[:0]
		return append(errs, &Error{
			Code:    CodeLineTooLong,
			Message: "JSON value " + strconv.Itoa(d.n) + " exceeds " + strconv.Itoa(d.max) + " bytes; skipped",
		})
	}
	d.buf = append(d.buf, c)
	return errs
}

// end emits the current value (unless it was over the cap) and starts looking for the next.
func (d *docSplitter) end(emit func([]byte)) {
	if !d.discarding {
		emit(d.buf)
	}
	d.buf = d.buf[:0]
	d.active, d.discarding, d.scalar, d.inStr, d.esc, d.depth = false, false, false, false, false, 0
}

// close emits an unfinished value (for the decoder to report) and reports an unclosed
// top-level array.
func (d *docSplitter) close(emit func([]byte), errs []*Error) []*Error {
	if d.active {
		d.end(emit)
	}
	if d.inArray {
		errs = append(errs, &Error{Code: CodeValidationFailed, Message: "the JSON document ended inside its top-level array"})
	}
	return errs
}
