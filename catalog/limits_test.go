package catalog

import (
	"testing"

	"github.com/a2ui-go/a2ui/policy"
)

// TestDefaultLimitsMatchPolicy: the build caps policy.DefaultLimits lists are the ones
// the builder applies when a cap is left zero.
func TestDefaultLimitsMatchPolicy(t *testing.T) {
	d := policy.DefaultLimits()
	if d.MaxInstances != defaultMaxInstances || d.MaxDepth != defaultMaxDepth || d.MaxTemplateItems != defaultMaxTemplateItems {
		t.Errorf("policy defaults %d/%d/%d, catalog %d/%d/%d", d.MaxInstances, d.MaxDepth, d.MaxTemplateItems,
			defaultMaxInstances, defaultMaxDepth, defaultMaxTemplateItems)
	}
}
