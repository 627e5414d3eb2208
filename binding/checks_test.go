package binding_test

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog/basic"

	"github.com/a2ui-go/a2ui/protocol"
)

// loginChecks is 09_login-form's password field plus the email field's checks.
const loginChecks = `[
  {"condition": {"call": "required", "args": {"value": {"path": "/email"}}}, "message": "Email is required"},
  {"condition": {"call": "email", "args": {"value": {"path": "/email"}}}, "message": "Please enter a valid email address"},
  {"condition": {"call": "length", "args": {"value": {"path": "/password"}, "min": 8}}, "message": "Password must be at least 8 characters long"}
]`

func TestChecks(t *testing.T) {
	tests := []struct {
		name, data, checks string
		wantMsg            string
		wantOK             bool
		wantErrs           []string // codes
		wantReads          int
	}{
		{name: "all failing: first message", data: `{"email":"","password":""}`, checks: loginChecks,
			wantMsg: "Email is required", wantReads: 2},
		{name: "second failing", data: `{"email":"ada@","password":"longenough"}`, checks: loginChecks,
			wantMsg: "Please enter a valid email address", wantReads: 2},
		{name: "third failing", data: `{"email":"ada@example.com","password":"short"}`, checks: loginChecks,
			wantMsg: "Password must be at least 8 characters long", wantReads: 2},
		{name: "all pass", data: `{"email":"ada@example.com","password":"longenough"}`, checks: loginChecks,
			wantOK: true, wantReads: 2},
		{name: "empty list", checks: `[]`, wantOK: true},
		{name: "null", checks: `null`, wantOK: true},
		{name: "absent", checks: ``, wantOK: true},
		{name: "literal and path conditions", data: `{"agree":"false"}`,
			checks:  `[{"condition": true, "message": "a"}, {"condition": {"path": "/agree"}, "message": "Please agree"}]`,
			wantMsg: "Please agree", wantReads: 1},
		{name: "regex look-ahead fails closed", data: `{"v":"a"}`,
			checks:  `[{"condition": {"call": "regex", "args": {"value": {"path": "/v"}, "pattern": "(?=a)"}}, "message": "Bad value"}]`,
			wantMsg: "Bad value", wantErrs: []string{protocol.CodeFunction}, wantReads: 1},
		{name: "unknown function fails closed, later checks still evaluated", data: `{"x":""}`,
			checks:  `[{"condition": {"call": "nope", "args": {}}, "message": "first"}, {"condition": {"call": "required", "args": {"value": {"path": "/x"}}}, "message": "second"}]`,
			wantMsg: "first", wantErrs: []string{protocol.CodeFunction}, wantReads: 1},
		{name: "lenient flat form", data: `{"zip":"123"}`,
			checks:  `[{"call": "regex", "args": {"value": {"path": "/zip"}, "pattern": "^[0-9]{5}$"}, "message": "Must be exactly 5 digits"}]`,
			wantMsg: "Must be exactly 5 digits", wantReads: 1},
		{name: "missing message", checks: `[{"condition": false}]`, wantMsg: binding.DefaultCheckMessage},
		{name: "no condition", checks: `[{"message": "m"}]`, wantMsg: "m", wantErrs: []string{protocol.CodeValidationFailed}},
		{name: "entry not an object", checks: `[true]`, wantMsg: binding.DefaultCheckMessage, wantErrs: []string{protocol.CodeValidationFailed}},
		{name: "not an array", checks: `{"condition": true}`, wantMsg: binding.DefaultCheckMessage, wantErrs: []string{protocol.CodeValidationFailed}},
		{name: "string true passes", checks: `[{"condition": "TRUE", "message": "m"}]`, wantOK: true},
	}
	fns := basic.Functions()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := tt.data
			if data == "" {
				data = "{}"
			}
			s := binding.Scope{Surface: newSurface(t, protocol.V09, data), Reads: &binding.Reads{}}
			msg, ok, errs := binding.Checks(s, json.RawMessage(tt.checks), fns, nil)
			if msg != tt.wantMsg || ok != tt.wantOK {
				t.Errorf("Checks = %q, %v; want %q, %v", msg, ok, tt.wantMsg, tt.wantOK)
			}
			if len(errs) != len(tt.wantErrs) {
				t.Fatalf("errs = %v, want codes %v", errs, tt.wantErrs)
			}
			for i, e := range errs {
				if codeOf(e) != tt.wantErrs[i] {
					t.Errorf("errs[%d] = %v, want code %s", i, e, tt.wantErrs[i])
				}
			}
			if len(s.Reads.Paths) != tt.wantReads {
				t.Errorf("Reads = %v, want %d paths", s.Reads.Paths, tt.wantReads)
			}
		})
	}
}

// 32_advanced-form-validator's button: the cross-field condition flips as data changes.
func TestChecksReactToData(t *testing.T) {
	checks := json.RawMessage(`[{"condition": {"call": "and", "args": {"values": [{"path": "/formData/agree"}, {"call": "or", "args": {"values": [{"call": "required", "args": {"value": {"path": "/formData/email"}}}, {"call": "required", "args": {"value": {"path": "/formData/phone"}}}]}}, {"call": "required", "args": {"value": {"path": "/formData/zip"}}}]}}, "message": "You must agree to terms AND provide either Email or Phone, plus a Zip code."}]`)
	surf := newSurface(t, protocol.V09, `{"formData":{"email":"","phone":"","zip":"","agree":false}}`)
	s := binding.Scope{Surface: surf}
	fns := basic.Functions()
	steps := []struct {
		path string
		val  any
		ok   bool
	}{
		{"", nil, false},
		{"/formData/agree", true, false},
		{"/formData/phone", "5551234567", false},
		{"/formData/zip", "94043", true},
		{"/formData/agree", false, false},
	}
	for _, st := range steps {
		if st.path != "" {
			p, _ := s.Resolve(st.path)
			if err := surf.Data.Set(p, st.val); err != nil {
				t.Fatal(err)
			}
		}
		msg, ok, errs := binding.Checks(s, checks, fns, nil)
		if ok != st.ok || len(errs) != 0 {
			t.Fatalf("after %s=%v: ok %v errs %v (msg %q), want ok %v", st.path, st.val, ok, errs, msg, st.ok)
		}
	}
}
