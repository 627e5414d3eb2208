// Package aguiagent is the demo agent over AG-UI, built with the community AG-UI Go SDK
// (github.com/ag-ui-protocol/ag-ui/sdks/community/go: pkg/core/events for the events,
// pkg/encoding/sse for the data: frames). It plays what @ag-ui/a2ui-middleware sends a
// renderer: a run streams the surface's generation lifecycle ("building" with
// progressTokens, a "retrying" attempt), then paints it the middleware's way
// (TOOL_CALL_START/ARGS/END, TOOL_CALL_RESULT holding {"a2ui_operations":[…]} and
// ACTIVITY_SNAPSHOT with messageId "a2ui-surface-<toolCallId>", cumulative), and answers
// an action (forwardedProps.a2uiAction.userAction) with a follow-up for the same
// surfaceId in a new slot. Modes "fail" (a "failed" lifecycle) and "error" (RUN_ERROR)
// show the failure paths. With a Script (the demo samples), a user message naming a
// sample streams it and actions on it get the script's answers: the gallery's live
// samples over AG-UI (?live=agui). It answers CORS preflights, so pages on other origins can use
// it; the demo-agent command serves it at Path, tests mount NewHandler themselves.
package aguiagent
