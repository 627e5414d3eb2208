package model

import (
	"unicode"
	"unicode/utf8"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/protocol"
)

// checkMetadata validates v1.0's createSurface.metadata against the schema
// (agent_to_renderer.json CreateSurfaceMessage.metadata): an object whose only member is
// the optional "extensions", itself an object whose keys are Unicode identifiers
// (common_types.json Extensions, UAX #31). It returns the first violation in stream
// order as a VALIDATION_FAILED error pointing into the message, or nil.
func checkMetadata(raw []byte, surface, base string) *protocol.Error {
	ms, err := jsonscan.Object(raw)
	if err != nil {
		return msgErr(protocol.CodeValidationFailed, surface, base, "metadata must be an object")
	}
	for _, m := range ms {
		at := base + "/" + protocol.EscapeToken(m.Key)
		if m.Key != "extensions" {
			return msgErr(protocol.CodeValidationFailed, surface, at, "unknown metadata property (only \"extensions\" is allowed)")
		}
		ext, err := jsonscan.Object(m.Value)
		if err != nil {
			return msgErr(protocol.CodeValidationFailed, surface, at, "extensions must be an object")
		}
		for _, e := range ext {
			if !isIdentifier(e.Key) {
				return msgErr(protocol.CodeValidationFailed, surface, at+"/"+protocol.EscapeToken(e.Key), "extension key must be a Unicode identifier")
			}
		}
	}
	return nil
}

// isIdentifier reports whether s matches ^[\p{XID_Start}_][\p{XID_Continue}]*$ with
// ID_Start/ID_Continue from Go's tables (UAX #31; the NFKC-closure differences between
// ID_* and XID_* concern a few compatibility characters only).
func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == utf8.RuneError {
			return false
		}
		if i == 0 {
			if r != '_' && !idStart(r) {
				return false
			}
		} else if !idContinue(r) {
			return false
		}
	}
	return true
}

func idStart(r rune) bool {
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.Nl, unicode.Other_ID_Start)
}

func idContinue(r rune) bool {
	if idStart(r) {
		return true
	}
	if unicode.In(r, unicode.Pattern_Syntax, unicode.Pattern_White_Space) {
		return false
	}
	return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}
