package headless

import (
	"os"

	"github.com/chromedp/chromedp"
)

// DisabledFeatures are the Chromium features turned off: chromedp's defaults
// (Translate, BlinkGenPropertyTrees) and the WebUI omnibox popups, for which
// Chromium 156 headless otherwise keeps a hidden renderer busy at ~80% of a core,
// taking it from the pages under test.
const DisabledFeatures = "Translate,BlinkGenPropertyTrees,WebUIOmniboxPopup,WebUIOmniboxAimPopup"

// ChromiumPath is $CHROMIUM, else the first of /usr/bin/chromium,
// /usr/bin/chromium-browser and /snap/bin/chromium that exists, else /usr/bin/chromium.
func ChromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/chromium-browser", "/snap/bin/chromium"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "/usr/bin/chromium"
}

// Options are chromedp's defaults plus headless Chromium at exe with its profile in
// profile: no sandbox (needed as root), no GPU, no QUIC, no background networking,
// component updates or sync, and DisabledFeatures. Callers append their own flags.
func Options(exe, profile string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-features", DisabledFeatures),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
	)
}
