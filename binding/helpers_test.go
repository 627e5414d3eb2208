package binding_test

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/a2ui-go/a2ui/binding"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// newSurface returns a surface of version v with a default catalog whose data model is
// dataJSON (an object).
func newSurface(t testing.TB, v protocol.Version, dataJSON string) *model.Surface {
	t.Helper()
	s := &model.Surface{ID: "s1", Version: v, CatalogID: "https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json", Data: model.NewDataModel()}
	if dataJSON != "" {
		var d any
		if err := json.Unmarshal([]byte(dataJSON), &d); err != nil {
			t.Fatalf("bad test data %s: %v", dataJSON, err)
		}
		if err := s.Data.Set(nil, d); err != nil {
			t.Fatalf("Set root: %v", err)
		}
	}
	return s
}

// jsonOf renders v as compact JSON with sorted keys (for comparing results).
func jsonOf(t testing.TB, v any) string {
	t.Helper()
	if u, ok := v.(binding.OpenURL); ok {
		return `{"openUrl":` + strconv.Quote(u.URL) + `}`
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal %#v: %v", v, err)
	}
	return string(b)
}

// codeOf returns the protocol error code of err ("" for nil or another error type).
func codeOf(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}
