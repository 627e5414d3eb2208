package basic

import (
	"strings"

	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/icons"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

// Media: Image, Icon (catalog/icons, {svgPath}), Video and AudioPlayer; every URL passes
// Builder.URL (the policy's allowlist of its kind).

func renderImage(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	fit := b.Enum(in, "fit", imageFits...)
	if fit == "scale-down" {
		fit = "scaleDown"
	}
	variant := b.Enum(in, "variant", imageVariants...)
	alt := b.String(in, "description")
	if alt == "" && in.Has("altText") {
		alt = b.String(in, "altText")
	}
	class := "a2ui-image a2ui-image-" + variant + " a2ui-fit-" + fit
	src, ok := b.URL(in, "url", policy.Image)
	if !ok {
		// Without a description the image is decorative (as <img alt="">): hidden from
		// assistive technology, unless the accessibility prop labels it.
		if alt == "" {
			return el("span", a("aria-hidden", "true"), a("class", class+" a2ui-media-blocked"))
		}
		return el("span", a("aria-label", alt), a("class", class+" a2ui-media-blocked"), a("role", "img"))
	}
	return el("img", a("alt", alt), a("class", class), a("decoding", "async"), a("loading", "lazy"),
		a("referrerpolicy", "no-referrer"), a("src", src))
}

// maxSVGPath bounds a custom {svgPath} icon.
const maxSVGPath = 4096

func validSVGPath(d string) bool {
	if d == "" || len(d) > maxSVGPath {
		return false
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		switch {
		case c >= '0' && c <= '9', c == '.', c == ',', c == '-', c == '+', c == ' ', c == '\t', c == '\n', c == '\r':
		case strings.IndexByte("MmLlHhVvCcSsQqTtAaZzEe", c) >= 0:
		default:
			return false
		}
	}
	return true
}

func svgIcon(name string, paths []string) *dom.Node {
	n := el("svg", a("aria-hidden", "true"), a("class", "a2ui-icon"), a("fill", "currentColor"),
		a("focusable", "false"), a("height", "24"), a("viewBox", icons.ViewBox), a("width", "24"))
	if name != "" {
		setAttr(n, "data-icon", name)
	}
	for _, d := range paths {
		n.Children = append(n.Children, el("path", a("d", d)))
	}
	return n
}

func renderIcon(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	if m, ok := raw(in, "name").(map[string]any); ok {
		if d, isStr := m["svgPath"].(string); isStr {
			if !validSVGPath(d) {
				b.Error(in, protocol.CodeValidationFailed, "name/svgPath", "svgPath must be SVG path data")
				return el("span", a("aria-hidden", "true"), a("class", "a2ui-icon a2ui-icon-unknown"))
			}
			return svgIcon("", []string{d})
		}
	}
	name := b.String(in, "name")
	if ps, ok := icons.Lookup(name); ok {
		return svgIcon(name, ps)
	}
	// Names bound through data are not validated by the schema: show a neutral box.
	return el("span", a("aria-hidden", "true"), a("class", "a2ui-icon a2ui-icon-unknown"), a("data-icon", name))
}

func renderVideo(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	src, ok := b.URL(in, "url", policy.Media)
	if !ok {
		return add(el("div", a("class", "a2ui-video a2ui-media-blocked")), txt(b.Msg(l10n.VideoUnavailable)))
	}
	n := el("video", a("class", "a2ui-video"), a("controls", ""), a("playsinline", ""), a("preload", "none"), a("src", src))
	if in.Has("posterUrl") {
		if p, ok := b.URL(in, "posterUrl", policy.Image); ok {
			setAttr(n, "poster", p)
		}
	}
	return n
}

func renderAudio(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	desc := b.String(in, "description")
	wrap := el("div", a("class", "a2ui-audio"))
	if desc != "" {
		add(wrap, add(el("p", a("class", "a2ui-audio-description")), txt(desc)))
	}
	src, ok := b.URL(in, "url", policy.Media)
	if !ok {
		return add(wrap, add(el("div", a("class", "a2ui-media-blocked")), txt(b.Msg(l10n.AudioUnavailable))))
	}
	au := el("audio", a("controls", ""), a("preload", "none"), a("src", src))
	if desc != "" {
		setAttr(au, "aria-label", desc)
	}
	return add(wrap, au)
}
