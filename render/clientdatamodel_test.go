package render

import (
	"strings"
	"testing"
)

// TestClientDataModel: only surfaces created with sendDataModel are in it; none gives nil.
func TestClientDataModel(t *testing.T) {
	r, _ := newRenderer(t)
	r.Process([]byte(loginV09))
	if got := r.ClientDataModel(); got != nil {
		t.Errorf("without sendDataModel: %s", got)
	}
	r.Process([]byte(strings.ReplaceAll(strings.Replace(loginV09, `"catalogId"`, `"sendDataModel":true,"catalogId"`, 1), `"s1"`, `"s2"`)))
	if got, want := string(r.ClientDataModel()), `{"surfaces":{"s2":{"user":{"name":"Ada"}}},"version":"v0.9"}`; got != want {
		t.Errorf("ClientDataModel = %s, want %s", got, want)
	}
}
