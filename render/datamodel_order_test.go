package render

import "testing"

// TestDataModelKeepsStreamOrder: dataModel() writes each object's keys in stream order,
// as the JavaScript object web_core holds: later keys last, a replaced key in its place,
// array-index keys first.
func TestDataModelKeepsStreamOrder(t *testing.T) {
	r, h := newRenderer(t)
	r.Process([]byte(`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"zeta":1,"alpha":{"y":1,"b":[{"k2":1,"k1":2}]},"mid":true}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/beta","value":{"10":"x","2":"y","name":"z"}}}
{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/zeta","value":"replaced"}}
`))
	if errs := h.ofType("a2ui-error"); len(errs) > 0 {
		t.Fatalf("errors %q", errs)
	}
	want := `{"zeta":"replaced","alpha":{"y":1,"b":[{"k2":1,"k1":2}]},"mid":true,"beta":{"2":"y","10":"x","name":"z"}}`
	if got := string(r.DataModel("s")); got != want {
		t.Fatalf("dataModel()\n got %s\nwant %s", got, want)
	}
	if got := string(r.DataModel("s")); got != want { // the cached encoding
		t.Fatalf("cached dataModel() %s", got)
	}
}
