//go:build browser

package browser

import (
	"testing"
)

// TestLocaleMessages: built-in strings come from the locale's table, the page's
// messages override them, and an RTL locale sets the direction.
func TestLocaleMessages(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	comps := `{"id":"root","component":"Column","children":["modal","bad","when"]},` +
		`{"id":"modal","component":"Modal","trigger":"open","content":"body"},` +
		`{"id":"open","component":"Button","child":"open-t","action":{"event":{"name":"o"}}},{"id":"open-t","component":"Text","text":"Open"},` +
		`{"id":"body","component":"Text","text":"Body"},` +
		`{"id":"bad","component":"Rocket"},` +
		`{"id":"when","component":"DateTimeInput","value":{"path":"/when"},"enableDate":true}`
	for _, tc := range []struct {
		opts, close, unknown, dateName, dir, lang string
	}{
		{`{locale: "en-US"}`, "Close", "Unsupported component: Rocket", "Date", "ltr", "en-US"},
		{`{locale: "de-DE"}`, "Schließen", "Nicht unterstützte Komponente: Rocket", "Datum", "ltr", "de-DE"},
		{`{locale: "fr", messages: {close: "Fermer la fenêtre"}}`, "Fermer la fenêtre", "Composant non pris en charge : Rocket", "Date", "ltr", "fr"},
		{`{locale: "ar"}`, "إغلاق", "مكوّن غير مدعوم: Rocket", "التاريخ", "rtl", "ar"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			t.Parallel()
			ctx := openRenderer(t, base, tc.opts)
			processLines(ctx, "host", surfaceLines(comps, `{"when":""}`)...)
			clickIn(ctx, "host", ".a2ui-modal-trigger button")
			waitJS(ctx, `T.q("host", "dialog[open] .a2ui-modal-close")`)
			type state struct{ Close, Unknown, DateName, Dir, Lang string }
			got := evalJS[state](ctx, `({Close: T.q("host", ".a2ui-modal-close").getAttribute("aria-label"), Unknown: T.q("host", ".a2ui-unknown").textContent, DateName: T.q("host", "input[type=date]").getAttribute("aria-label"), Dir: T.q("host", ".a2ui-root").getAttribute("dir"), Lang: T.q("host", ".a2ui-root").getAttribute("lang")})`)
			if want := (state{tc.close, tc.unknown, tc.dateName, tc.dir, tc.lang}); got != want {
				t.Errorf("got %+v, want %+v", got, want)
			}
		})
	}
}

// TestAccessibleNames: icon-only buttons are named by their icon in words (or their
// accessibility label), surfaces are regions named by their first heading (or the
// page's label), headings are renumbered below the host's level with no skipped level,
// and the dialog is named by its trigger.
func TestAccessibleNames(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	ctx := openRenderer(t, base, `{headingLevel: 2}`)
	processLines(ctx, "host", surfaceLines(
		`{"id":"root","component":"Column","children":["title","sub","cart","fav","close","modal"]},`+
			`{"id":"title","component":"Text","variant":"h1","text":"Your order"},`+
			`{"id":"sub","component":"Text","variant":"h4","text":"Items"},`+
			`{"id":"cart","component":"Button","child":"cart-i","action":{"event":{"name":"open_cart"}}},{"id":"cart-i","component":"Icon","name":"shoppingCart"},`+
			`{"id":"fav","component":"Button","child":"fav-i","accessibility":{"label":"Save for later"},"action":{"event":{"name":"fav"}}},{"id":"fav-i","component":"Icon","name":"favorite"},`+
			`{"id":"close","component":"Button","child":"close-i","action":{"event":{"name":"dismiss_all"}}},{"id":"close-i","component":"Icon","name":{"svgPath":"M6 6l12 12M18 6L6 18"}},`+
			`{"id":"modal","component":"Modal","trigger":"more","content":"more-body"},`+
			`{"id":"more","component":"Button","child":"more-t","action":{"event":{"name":"m"}}},{"id":"more-t","component":"Text","text":"More details"},`+
			`{"id":"more-body","component":"Text","text":"Details"}`, "")...)
	type state struct {
		Names    []string
		Region   string
		Levels   []string
		Dialog   string
		Sections int
	}
	got := evalJS[state](ctx, `({
		Names: T.qa("host", "button.a2ui-button").map((b) => b.getAttribute("aria-label") || T.norm(b.textContent)),
		Region: T.q("host", "section.a2ui-surface").getAttribute("aria-label"),
		Levels: T.qa("host", "h1,h2,h3,h4,h5,h6").map((h) => h.localName + ":" + (h.getAttribute("aria-level") || "")),
		Dialog: T.q("host", "#" + T.q("host", "dialog").getAttribute("aria-labelledby")).textContent,
		Sections: T.qa("host", "section[aria-label]").length,
	})`)
	want := state{
		Names:    []string{"Shopping cart", "Save for later", "Dismiss all", "More details"},
		Region:   "Your order",
		Levels:   []string{"h1:3", "h4:"}, // h4 is already the next level below h3
		Dialog:   "More details",
		Sections: 1,
	}
	if !equalJSON(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}

	// The name follows the heading's text when a data write changes it.
	processLines(ctx, "host", `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"title","component":"Text","variant":"h1","text":{"path":"/title"}}]}}`,
		`{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/title","value":"Your order, updated"}}`)
	if got := evalJS[string](ctx, `T.q("host", "section.a2ui-surface").getAttribute("aria-label")`); got != "Your order, updated" {
		t.Errorf("region name after the heading's text changed: %q", got)
	}

	// A page label wins over the heading; a second surface with the same heading gets
	// a distinct name.
	ctx2 := openRenderer(t, base, `{label: {b: "Order summary"}}`)
	for _, id := range []string{"a", "b", "c"} {
		processLines(ctx2, "host",
			`{"version":"v0.9","createSurface":{"surfaceId":"`+id+`","catalogId":"`+basicCatalog+`"}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"`+id+`","components":[{"id":"root","component":"Text","variant":"h2","text":"Same title"}]}}`)
	}
	if got := evalJS[[]string](ctx2, `T.qa("host", "section").map((s) => s.getAttribute("aria-label"))`); !equalJSON(got, []string{"Same title", "Order summary", "Same title (2)"}) {
		t.Errorf("region names %q", got)
	}
}

// TestThemeAttribute: theme="dark" and "light" force the scheme whatever the OS
// prefers, the agent's primaryColor drives the primary button with a contrasting
// label, and component roots carry ::part names.
func TestThemeAttribute(t *testing.T) {
	t.Parallel()
	requireBuilt(t)
	base := serve(t, rendererPage())
	for _, tc := range []struct{ theme, surfaceBG string }{
		{"light", "rgb(255, 255, 255)"},
		{"dark", "rgb(19, 19, 20)"},
	} {
		ctx := openRenderer(t, base, `{theme: "`+tc.theme+`"}`)
		processLines(ctx, "host",
			`{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"`+basicCatalog+`","theme":{"primaryColor":"#ffeb3b"}}}`,
			`{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Button","variant":"primary","child":"t","action":{"event":{"name":"x"}}},{"id":"t","component":"Text","text":"Go"}]}}`)
		type st struct{ BG, ButtonBG, ButtonFG, Attr string }
		got := evalJS[st](ctx, `(() => { const b = T.q("host", "button"); return {BG: getComputedStyle(T.q("host", "section")).backgroundColor, ButtonBG: getComputedStyle(b).backgroundColor, ButtonFG: getComputedStyle(b).color, Attr: document.getElementById("host").getAttribute("theme")}; })()`)
		if got.BG != tc.surfaceBG || got.Attr != tc.theme {
			t.Errorf("theme %s: %+v", tc.theme, got)
		}
		// A light yellow primary takes black text in both schemes.
		if got.ButtonFG != "rgb(0, 0, 0)" && got.ButtonFG != "oklch(0 0 0)" {
			t.Errorf("theme %s: on-primary %s on %s, want black", tc.theme, got.ButtonFG, got.ButtonBG)
		}
	}
}
