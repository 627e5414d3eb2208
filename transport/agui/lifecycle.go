package agui

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
	"github.com/a2ui-go/a2ui/transport/internal/wire"
)

// Lifecycle is the generation state @ag-ui/a2ui-middleware sends in a slot before its
// surface paints: content {"status":"building"|"retrying"|"failed", ...}.
type Lifecycle struct {
	// Status is "building", "retrying" or "failed".
	Status string
	// Text is what the placeholder says: "Building the interface…" (with "(N tokens)"
	// when progressTokens is given), "Retrying: attempt N of M", "The interface could
	// not be built.", or, when the run ended before the slot painted, "The interface was
	// not built: <why> before it was ready."
	Text string
	// Detail is the error detail debugExposure lets the page show ("" when none):
	// the failure's error, or a retry's validation errors.
	Detail string
	// Exposure is the content's debugExposure: "collapsed" (Detail behind a
	// disclosure; also when absent or unknown, CopilotKit's default), "verbose" (Detail
	// shown) or "hidden" (no Detail).
	Exposure string
	// Tokens, Attempt and MaxAttempts are progressTokens, attempt and maxAttempts (0
	// when absent).
	Tokens, Attempt, MaxAttempts int
}

// Alert reports whether the state is a failure (role="alert"; the others are
// role="status").
func (l *Lifecycle) Alert() bool { return l.Status == "failed" }

// JSON encodes the lifecycle for the page: {"status","text","detail","exposure",
// "alert"}; detail only when the exposure shows it.
func (l *Lifecycle) JSON() []byte {
	b := wire.ObjectJSON("status", l.Status, "text", l.Text, "detail", l.Detail, "exposure", l.Exposure)
	b = append(b[:len(b)-1], `,"alert":`...)
	b = strconv.AppendBool(b, l.Alert())
	return append(b, '}')
}

// unbuilt is the failure that replaces l when the run ended (why) before its slot
// painted: "The interface was not built: <why> before it was ready.", with l's detail.
func (l *Lifecycle) unbuilt(why string) *Lifecycle {
	return &Lifecycle{Status: "failed", Text: "The interface was not built: " + why + " before it was ready.",
		Detail: l.Detail, Exposure: l.Exposure}
}

// parseLifecycle reads a content object without a2ui_operations (nil when it has no
// known status).
func parseLifecycle(top map[string][]byte) *Lifecycle {
	status, _ := jsonscan.String(top["status"])
	l := &Lifecycle{Status: status, Tokens: intMember(top["progressTokens"]),
		Attempt: intMember(top["attempt"]), MaxAttempts: intMember(top["maxAttempts"])}
	switch exp, _ := jsonscan.String(top["debugExposure"]); exp {
	case "hidden", "verbose":
		l.Exposure = exp
	default:
		l.Exposure = "collapsed"
	}
	var detail string
	switch status {
	case "building":
		l.Text = "Building the interface…"
		if l.Tokens > 0 {
			l.Text += " (" + strconv.Itoa(l.Tokens) + " tokens)"
		}
	case "retrying":
		l.Text = "Retrying"
		if l.Attempt > 0 {
			l.Text += ": attempt " + strconv.Itoa(l.Attempt)
			if l.MaxAttempts > 0 {
				l.Text += " of " + strconv.Itoa(l.MaxAttempts)
			}
		}
		l.Text += "…"
		detail = errorList(top["errors"])
	case "failed":
		l.Text = "The interface could not be built."
		detail, _ = jsonscan.String(top["error"])
		if detail == "" {
			detail = "A2UI generation failed"
		}
	default:
		return nil
	}
	if l.Exposure != "hidden" {
		l.Detail = detail
	}
	return l
}

// intMember reads a non-negative integer member (0 when absent or not one).
func intMember(raw []byte) int {
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f < 0 || f > 1e9 {
		return 0
	}
	return int(f)
}

// errorList joins a retry's errors ([{code, path, message}]) as "message (path)" lines.
func errorList(raw []byte) string {
	list, err := jsonscan.Array(raw)
	if err != nil {
		return ""
	}
	var lines []string
	for _, e := range list {
		m, err := jsonscan.ObjectMap(e)
		if err != nil {
			continue
		}
		msg, _ := jsonscan.String(m["message"])
		if msg == "" {
			msg, _ = jsonscan.String(m["code"])
		}
		if p, _ := jsonscan.String(m["path"]); p != "" {
			msg += " (" + p + ")"
		}
		lines = append(lines, msg)
	}
	return strings.Join(lines, "\n")
}
