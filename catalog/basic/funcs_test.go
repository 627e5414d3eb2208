package basic

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/protocol"
)

// isCode reports whether err is a *protocol.Error with code.
func isCode(err error, code string) bool {
	var pe *protocol.Error
	return errors.As(err, &pe) && pe.Code == code
}

// The regex limits (security.md) fail the check closed with FUNCTION_FAILED; a
// pattern or input exactly at the cap still runs.
func TestRegexLimits(t *testing.T) {
	fns := Functions()
	long := strings.Repeat("a", MaxRegexPattern+1)
	if _, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"a","pattern":"`+long+`"}}`), fns, nil); !isCode(err, protocol.CodeFunction) {
		t.Fatalf("long pattern: err %v", err)
	}
	big := strings.Repeat("a", MaxRegexInput+1)
	if _, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"`+big+`","pattern":"a"}}`), fns, nil); !isCode(err, protocol.CodeFunction) {
		t.Fatalf("long input: err %v", err)
	}
	ok := strings.Repeat("a", MaxRegexInput)
	if got, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"`+ok+`","pattern":"^a+$"}}`), fns, nil); err != nil || got != true {
		t.Fatalf("input at the cap: %v, %v", got, err)
	}
	// A thousand live states over 64 KiB: over MaxRegexSteps, an error within milliseconds.
	_, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"`+ok+`","pattern":"(a?){1000}b"}}`), fns, nil)
	if !isCode(err, protocol.CodeFunction) || !strings.Contains(err.Error(), "too costly") {
		t.Fatalf("costly pattern: err %v", err)
	}
	// The same pattern on a short input still runs.
	if got, err := binding.Eval(binding.Scope{}, json.RawMessage(`{"call":"regex","args":{"value":"aab","pattern":"(a?){1000}b"}}`), fns, nil); err != nil || got != true {
		t.Fatalf("costly pattern, short input: %v, %v", got, err)
	}
}
