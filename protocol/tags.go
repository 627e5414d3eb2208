package protocol

import "strings"

// The tags the A2UI agent SDKs (Python ADK, schema/constants.py) put around an A2UI JSON
// block inside an agent's text.
const (
	A2UIOpenTag  = "<a2ui-json>"
	A2UICloseTag = "</a2ui-json>"
)

// TaggedBlock is one <a2ui-json>…</a2ui-json> block of a text: its content (trimmed),
// and whether its closing tag was found.
type TaggedBlock struct {
	JSON   string
	Closed bool
}

// CutA2UIBlocks splits text into the text outside <a2ui-json> tags (the pieces joined,
// surrounding blank space trimmed) and the blocks inside them, in order. A block whose
// closing tag is missing runs to the end of the text (Closed false). Text without the
// opening tag is returned unchanged, with no blocks.
func CutA2UIBlocks(text string) (rest string, blocks []TaggedBlock) {
	if !strings.Contains(text, A2UIOpenTag) {
		return text, nil
	}
	var out strings.Builder
	for {
		before, after, found := strings.Cut(text, A2UIOpenTag)
		out.WriteString(before)
		if !found {
			break
		}
		body, tail, closed := strings.Cut(after, A2UICloseTag)
		blocks = append(blocks, TaggedBlock{JSON: strings.TrimSpace(body), Closed: closed})
		if !closed {
			break
		}
		text = tail
	}
	return strings.TrimSpace(out.String()), blocks
}
