package render

import (
	"strconv"
	"testing"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/internal/engine"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// TestDefaultLimitsMatchPackages: policy.DefaultLimits (what the README lists and pages
// read) are the defaults the packages apply when a cap is left zero.
func TestDefaultLimitsMatchPackages(t *testing.T) {
	d := policy.DefaultLimits()
	for _, tt := range []struct {
		name      string
		got, want int
	}{
		{"maxLine", d.MaxLine, protocol.DefaultMaxLine},
		{"maxSurfaces", d.MaxSurfaces, model.DefaultMaxSurfaces},
		{"maxComponents", d.MaxComponents, model.DefaultMaxComponents},
		{"maxDataNodes", d.MaxDataNodes, model.DefaultMaxDataNodes},
		{"maxValueDepth", d.MaxValueDepth, model.DefaultMaxValueDepth},
		{"maxPathSegments", d.MaxPathSegments, model.DefaultMaxPathSegments},
		{"maxPathBytes", d.MaxPathBytes, model.DefaultMaxPathBytes},
		{"maxKeyBytes", d.MaxKeyBytes, model.DefaultMaxKeyBytes},
		{"maxStringBytes", d.MaxStringBytes, model.DefaultMaxStringBytes},
		{"maxEntries", d.MaxEntries, model.DefaultMaxEntries},
		{"maxArrayLen", d.MaxArrayLen, model.DefaultMaxArrayLen},
		{"maxIndexGap", d.MaxIndexGap, model.DefaultMaxIndexGap},
		{"maxInstances", d.MaxInstances, engine.DefaultMaxInstances},
		{"maxDepth", d.MaxDepth, engine.DefaultMaxDepth},
		{"maxTemplateItems", d.MaxTemplateItems, engine.DefaultMaxTemplateItems},
		{"maxTextBytes", d.MaxTextBytes, engine.DefaultMaxTextBytes},
		{"maxSurfaceBytes", d.MaxSurfaceBytes, engine.DefaultMaxSurfaceBytes},
		{"maxFormatOutput", d.MaxFormatOutput, binding.DefaultMaxOutput},
	} {
		if tt.got != tt.want || d.Get(tt.name) != tt.got {
			t.Errorf("%s: policy default %d, package default %d", tt.name, tt.got, tt.want)
		}
	}
	if n := len(policy.LimitNames()); n != 18 {
		t.Errorf("%d limit names", n)
	}
}

// TestPolicyLimitsReachEveryCap: each cap of the policy's Limits lands in the option
// that applies it, over what Go set.
func TestPolicyLimitsReachEveryCap(t *testing.T) {
	var l policy.Limits
	for i, n := range policy.LimitNames() {
		l = l.Merge(mustLimit(t, n, 100+i))
	}
	pol := policy.Default()
	pol.Limits = l
	r := New(newFakeHost(t), Options{Policy: pol, Limits: model.Options{MaxComponents: 7}, RenderLimits: catalog.Limits{MaxDepth: 7}})
	o := r.opts
	got := map[string]int{
		"maxLine": o.MaxLine, "maxSurfaces": o.Limits.MaxSurfaces, "maxComponents": o.Limits.MaxComponents,
		"maxDataNodes": o.Limits.MaxDataNodes, "maxValueDepth": o.Limits.MaxValueDepth,
		"maxPathSegments": o.Limits.MaxPathSegments, "maxPathBytes": o.Limits.MaxPathBytes,
		"maxKeyBytes": o.Limits.MaxKeyBytes, "maxStringBytes": o.Limits.MaxStringBytes,
		"maxEntries": o.Limits.MaxEntries, "maxArrayLen": o.Limits.MaxArrayLen, "maxIndexGap": o.Limits.MaxIndexGap,
		"maxInstances": o.RenderLimits.MaxInstances, "maxDepth": o.RenderLimits.MaxDepth,
		"maxTemplateItems": o.RenderLimits.MaxTemplateItems, "maxTextBytes": o.RenderLimits.MaxTextBytes,
		"maxSurfaceBytes": o.RenderLimits.MaxSurfaceBytes, "maxFormatOutput": o.MaxFormatOutput,
	}
	for i, n := range policy.LimitNames() {
		if got[n] != 100+i {
			t.Errorf("%s = %d, want %d", n, got[n], 100+i)
		}
	}
	if len(got) != len(policy.LimitNames()) {
		t.Errorf("the test names %d caps, policy %d", len(got), len(policy.LimitNames()))
	}
}

func mustLimit(t *testing.T, name string, v int) policy.Limits {
	t.Helper()
	l, err := policy.ParseLimits([]byte(`{"` + name + `":` + strconv.Itoa(v) + `}`))
	if err != nil {
		t.Fatal(err)
	}
	return l
}
