package headless

import (
	"slices"
	"strings"
	"testing"
)

// TestDisabledFeaturesKeepDefaults: the list overrides chromedp's default
// --disable-features, so it must still hold every default feature, plus the
// omnibox popups whose hidden renderer would compete with the pages under test.
func TestDisabledFeaturesKeepDefaults(t *testing.T) {
	got := strings.Split(DisabledFeatures, ",")
	for _, want := range []string{"Translate", "BlinkGenPropertyTrees", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"} {
		if !slices.Contains(got, want) {
			t.Errorf("DisabledFeatures = %q lacks %s", DisabledFeatures, want)
		}
	}
}
