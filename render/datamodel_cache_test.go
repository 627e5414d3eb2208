package render

import "testing"

// TestDataModelCached: DataModel answers an unchanged model with the encoding it made
// before (the same bytes, not a new encoding), and a new one after the model changes.
func TestDataModelCached(t *testing.T) {
	r, _ := newRenderer(t)
	r.Process([]byte(loginV09))
	first := r.DataModel("s1")
	again := r.DataModel("s1")
	if len(first) == 0 || &first[0] != &again[0] {
		t.Fatalf("DataModel of an unchanged model encoded it again: %s", again)
	}
	r.Process([]byte(`{"version":"v0.9","updateDataModel":{"surfaceId":"s1","path":"/user/name","value":"Grace"}}` + "\n"))
	changed := r.DataModel("s1")
	if &changed[0] == &first[0] || string(changed) != `{"user":{"name":"Grace"}}` {
		t.Errorf("DataModel after a change = %s (re-encoded: %v)", changed, &changed[0] != &first[0])
	}
	if r.DataModel("nope") != nil {
		t.Errorf("DataModel of an unknown surface is not nil")
	}
}
