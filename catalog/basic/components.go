package basic

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/icons"
	"github.com/a2ui-go/a2ui/catalog/markdown"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/protocol"
)

var (
	textVariants   = []string{"body", "h1", "h2", "h3", "h4", "h5", "caption"}
	imageFits      = []string{"fill", "contain", "cover", "none", "scaleDown", "scale-down"}
	imageVariants  = []string{"mediumFeature", "icon", "avatar", "smallFeature", "largeFeature", "header"}
	justifyValues  = []string{"start", "center", "end", "spaceBetween", "spaceAround", "spaceEvenly", "stretch"}
	alignValues    = []string{"stretch", "start", "center", "end"}
	directions     = []string{"vertical", "horizontal"}
	axes           = []string{"horizontal", "vertical"}
	buttonVariants = []string{"default", "primary", "borderless"}
	fieldVariants  = []string{"shortText", "longText", "number", "obscured", "date"}
	choiceVariants = []string{"mutuallyExclusive", "multipleSelection"}
	choiceStyles   = []string{"checkbox", "chips"}
)

func req(name string, k catalog.PropKind) catalog.PropSpec {
	return catalog.PropSpec{Name: name, Kind: k, Required: true}
}
func opt(name string, k catalog.PropKind) catalog.PropSpec {
	return catalog.PropSpec{Name: name, Kind: k}
}
func enum(name string, vs []string) catalog.PropSpec {
	return catalog.PropSpec{Name: name, Kind: catalog.KindEnum, Values: vs}
}

func defs() []*catalog.ComponentDef {
	return []*catalog.ComponentDef{
		{Name: "Text", Render: renderText, Props: []catalog.PropSpec{req("text", catalog.KindDynamicString), enum("variant", textVariants)}},
		{Name: "Image", Render: renderImage, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("description", catalog.KindDynamicString), enum("fit", imageFits), enum("variant", imageVariants)}},
		{Name: "Icon", Render: renderIcon, Props: []catalog.PropSpec{req("name", catalog.KindObject)}},
		{Name: "Video", Render: renderVideo, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("posterUrl", catalog.KindDynamicString)}},
		{Name: "AudioPlayer", Render: renderAudio, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("description", catalog.KindDynamicString)}},
		{Name: "Row", Render: renderRow, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("justify", justifyValues), enum("align", alignValues)}},
		{Name: "Column", Render: renderColumn, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("justify", justifyValues), enum("align", alignValues)}},
		{Name: "List", Render: renderList, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("direction", directions), enum("align", alignValues)}},
		{Name: "Card", Render: renderCard, Props: []catalog.PropSpec{req("child", catalog.KindComponentID)}},
		{Name: "Tabs", Render: renderTabs, Props: []catalog.PropSpec{req("tabs", catalog.KindObject)}},
		{Name: "Divider", Render: renderDivider, Props: []catalog.PropSpec{enum("axis", axes)}},
		{Name: "Modal", Render: renderModal, Props: []catalog.PropSpec{req("trigger", catalog.KindComponentID), req("content", catalog.KindComponentID)}},
		{Name: "Button", Render: renderButton, Props: []catalog.PropSpec{req("child", catalog.KindComponentID), req("action", catalog.KindAction), enum("variant", buttonVariants), opt("checks", catalog.KindChecks)}},
		{Name: "TextField", Render: renderTextField, Props: []catalog.PropSpec{req("label", catalog.KindDynamicString), opt("value", catalog.KindDynamicString), enum("variant", fieldVariants), opt("validationRegexp", catalog.KindString), opt("placeholder", catalog.KindDynamicString), opt("checks", catalog.KindChecks)}},
		{Name: "CheckBox", Render: renderCheckBox, Props: []catalog.PropSpec{req("label", catalog.KindDynamicString), req("value", catalog.KindDynamicBoolean), opt("checks", catalog.KindChecks)}},
		{Name: "ChoicePicker", Render: renderChoicePicker, Props: []catalog.PropSpec{opt("label", catalog.KindDynamicString), enum("variant", choiceVariants), req("options", catalog.KindObject), req("value", catalog.KindDynamicList), enum("displayStyle", choiceStyles), opt("filterable", catalog.KindBoolean), opt("checks", catalog.KindChecks)}},
		{Name: "Slider", Render: renderSlider, Props: []catalog.PropSpec{opt("label", catalog.KindDynamicString), opt("min", catalog.KindNumber), opt("max", catalog.KindNumber), opt("steps", catalog.KindNumber), req("value", catalog.KindDynamicNumber), opt("checks", catalog.KindChecks)}},
		{Name: "DateTimeInput", Render: renderDateTime, Props: []catalog.PropSpec{req("value", catalog.KindDynamicString), opt("enableDate", catalog.KindBoolean), opt("enableTime", catalog.KindBoolean), opt("min", catalog.KindDynamicString), opt("max", catalog.KindDynamicString), opt("label", catalog.KindDynamicString), opt("checks", catalog.KindChecks)}},
	}
}

// ---- display components

func renderText(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	variant := b.Enum(in, "variant", textVariants...)
	s := b.String(in, "text")
	if b.InPhrasing() {
		n := el("span", a("class", "a2ui-text a2ui-text-"+variant))
		n.Children = b.MarkdownInline(in, s)
		return n
	}
	switch variant {
	case "h1", "h2", "h3", "h4", "h5":
		// An agent heading starts below the page's own (Policy.HeadingBase); the class
		// keeps the variant's look.
		lvl, aria := markdown.HeadingLevel(int(variant[1]-'0'), b.Policy().HeadingBase)
		tag := "h" + strconv.Itoa(lvl)
		if strings.TrimSpace(s) == "" {
			tag, aria = "div", 0 // an empty heading would be announced as one
		}
		n := el(tag, a("class", "a2ui-text a2ui-text-"+variant))
		if aria > 0 {
			setAttr(n, "aria-level", strconv.Itoa(aria))
		}
		n.Children = b.MarkdownInline(in, s)
		return n
	case "caption":
		n := el("p", a("class", "a2ui-text a2ui-text-caption"))
		n.Children = b.MarkdownInline(in, s)
		return n
	}
	blocks := b.MarkdownBlocks(in, s)
	if inner, ok := markdown.SingleParagraph(blocks); ok {
		n := el("p", a("class", "a2ui-text a2ui-text-body"))
		n.Children = inner
		return n
	}
	n := el("div", a("class", "a2ui-text a2ui-text-body"))
	n.Children = blocks
	return n
}

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
		n := el("span", a("class", class+" a2ui-media-blocked"), a("role", "img"))
		if alt != "" {
			setAttr(n, "aria-label", alt)
		}
		return n
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

// ---- layout

func renderFlex(b *catalog.Builder, in *catalog.Instance, kind string) *dom.Node {
	j := b.Enum(in, "justify", justifyValues...)
	if !in.Has("justify") && in.Has("distribution") {
		j = b.Enum(in, "distribution", justifyValues...)
	}
	al := b.Enum(in, "align", alignValues...)
	if !in.Has("align") && in.Has("alignment") {
		al = b.Enum(in, "alignment", alignValues...)
	}
	n := el("div", a("class", "a2ui-"+kind+" a2ui-justify-"+j+" a2ui-align-"+al))
	n.Children = b.Children(in, "children")
	return n
}

func renderRow(b *catalog.Builder, in *catalog.Instance) *dom.Node { return renderFlex(b, in, "row") }
func renderColumn(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	return renderFlex(b, in, "column")
}

func renderList(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	dir := b.Enum(in, "direction", directions...)
	al := b.Enum(in, "align", alignValues...)
	if !in.Has("align") && in.Has("alignment") {
		al = b.Enum(in, "alignment", alignValues...)
	}
	n := el("div", a("class", "a2ui-list a2ui-list-"+dir+" a2ui-align-"+al))
	if dir == "horizontal" {
		setAttr(n, "aria-orientation", "horizontal")
	}
	n.Children = b.Children(in, "children")
	return n
}

func renderCard(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	return add(el("div", a("class", "a2ui-card")), b.ChildProp(in, "child"))
}

func renderDivider(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	if b.Enum(in, "axis", axes...) == "vertical" {
		return el("div", a("aria-orientation", "vertical"), a("class", "a2ui-divider a2ui-divider-vertical"), a("role", "separator"))
	}
	return el("hr", a("class", "a2ui-divider a2ui-divider-horizontal"))
}

func renderTabs(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	items, _ := raw(in, "tabs").([]any)
	if items == nil {
		items, _ = raw(in, "tabItems").([]any)
	}
	e := b.Local(in)
	if e.Index >= len(items) || e.Index < 0 {
		e.Index = 0
	}
	sel := e.Index
	wrap := el("div", a("class", "a2ui-tabs"))
	list := el("div", a("class", "a2ui-tablist"), a("data-a2ui-roving", ""), a("role", "tablist"))
	list.Key = "tablist"
	panelID := b.DOMID(in, "panel")
	tabIDs := make([]string, len(items))
	for i := range items {
		tabIDs[i] = b.DOMID(in, "tab"+strconv.Itoa(i))
	}
	n := len(items)
	selectTab := func(i int) {
		if i != e.Index {
			e.Index = i
			b.Invalidate()
		}
	}
	var selChild string
	for i, it := range items {
		m, _ := it.(map[string]any)
		title := binding.ToString(b.Eval(in, "tabs/"+strconv.Itoa(i)+"/title", m["title"]))
		if i == sel {
			selChild, _ = m["child"].(string)
		}
		btn := el("button", a("aria-selected", strconv.FormatBool(i == sel)), a("class", "a2ui-tab"),
			a("id", tabIDs[i]), a("role", "tab"), a("type", "button"))
		btn.Key = "tab" + strconv.Itoa(i)
		if i == sel {
			addClass(btn, "a2ui-tab-selected")
			setAttr(btn, "aria-controls", panelID)
			setAttr(btn, "tabindex", "0")
		} else {
			setAttr(btn, "tabindex", "-1")
		}
		idx := i
		on(btn, "click", b.Handler(func(dom.Event) { selectTab(idx) }))
		on(btn, "keydown", b.Handler(func(ev dom.Event) {
			if next, ok := b.RovingKey(ev.Key, idx, n, false); ok {
				selectTab(next)
			}
		}))
		add(btn, txt(title))
		add(list, btn)
	}
	panel := el("div", a("class", "a2ui-tabpanel"), a("id", panelID), a("role", "tabpanel"))
	panel.Key = "panel"
	if n > 0 {
		setAttr(panel, "aria-labelledby", tabIDs[sel])
		if selChild != "" {
			add(panel, b.Child(in, selChild))
		}
	}
	return add(wrap, list, panel)
}

func renderModal(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	e := b.Local(in)
	open := func() {
		if !e.Open {
			e.Open = true
			b.Invalidate()
		}
	}
	closeFn := func(dom.Event) {
		if e.Open {
			e.Open = false
			b.Invalidate()
		}
	}
	triggerID := b.DOMID(in, "trigger")
	trigger := el("div", a("class", "a2ui-modal-trigger"), a("id", triggerID))
	trigger.Key = "trigger"
	on(trigger, "click", b.Handler(func(dom.Event) { open() }))
	add(trigger, b.TriggerChild(in, "trigger", open))

	dlg := el("dialog", a("aria-labelledby", triggerID), a("aria-modal", "true"), a("class", "a2ui-modal-dialog"))
	dlg.Key = "dialog"
	setProp(dlg, "open", boolProp(e.Open))
	on(dlg, "close", b.Handler(closeFn))
	if e.Open {
		closeBtn := el("button", a("aria-label", b.Msg(l10n.Close)), a("class", "a2ui-modal-close"), a("type", "button"))
		closeBtn.Key = "close"
		ps, _ := icons.Lookup("close")
		add(closeBtn, svgIcon("close", ps))
		on(closeBtn, "click", b.Handler(closeFn))
		body := add(el("div", a("class", "a2ui-modal-body")), b.ChildProp(in, "content"))
		body.Key = "body"
		add(dlg, closeBtn, body)
	}
	return add(el("div", a("class", "a2ui-modal")), trigger, dlg)
}

// ---- interactive components

func renderButton(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	variant := b.Enum(in, "variant", buttonVariants...)
	btn := el("button", a("class", "a2ui-button a2ui-button-"+variant), a("data-a2ui-control", "button"), a("type", "button"))
	b.Phrasing(func() { add(btn, b.ChildProp(in, "child")) })
	if !hasText(btn) {
		// An icon-only button is named by its icon in words, else its action's name
		// (an accessibility label, applied after render, takes precedence).
		name := humanize(findAttr(btn, "data-icon"))
		if name == "" {
			if act, ok := raw(in, "action").(map[string]any); ok {
				if ev, ok := act["event"].(map[string]any); ok {
					s, _ := ev["name"].(string)
					name = humanize(s)
				} else if fc, ok := act["functionCall"].(map[string]any); ok {
					s, _ := fc["call"].(string)
					name = humanize(s)
				}
			}
		}
		if name != "" {
			setAttr(btn, "aria-label", name)
		}
	}
	_, ok := b.Checks(in, true)
	if !ok {
		// Not `disabled`: the button stays focusable and a click shows what is missing.
		setAttr(btn, "aria-disabled", "true")
	}
	if act, isObj := raw(in, "action").(map[string]any); !isObj && in.Has("action") {
		b.Error(in, protocol.CodeValidationFailed, "action", "action must be an object")
	} else if ev, ok := act["event"].(map[string]any); ok {
		if name, _ := ev["name"].(string); !b.Policy().AllowAction(name) {
			// Fail closed where the user sees it: the Button cannot be pressed.
			b.Error(in, protocol.CodePolicy, "action", "action "+strconv.Quote(name)+" is not allowed by the page's policy")
			setAttr(btn, "disabled", "")
			setAttr(btn, "aria-disabled", "true")
		}
	}
	busy, failed := b.ActionState(in)
	if busy {
		setAttr(btn, "aria-busy", "true")
		setAttr(btn, "aria-disabled", "true")
		addClass(btn, "a2ui-busy")
	}
	on(btn, "click", b.ActionHandler(in))
	if failed == "" {
		return btn
	}
	// The failed action shows beside its Button, with a Retry that re-sends it.
	id := b.DOMID(in, "failed")
	addToken(btn, "aria-describedby", id)
	btn.Key = "control"
	retry := el("button", a("class", "a2ui-button a2ui-button-borderless a2ui-retry"), a("type", "button"))
	retry.Key = "retry"
	add(retry, txt("Retry"))
	on(retry, "click", b.RetryHandler(in))
	msg := add(el("span", a("class", "a2ui-error a2ui-action-error"), a("id", id), a("role", "alert")), txt(failed))
	msg.Key = "error"
	return add(el("span", a("class", "a2ui-action-failed")), btn, msg, retry)
}

func label(forID, text string) *dom.Node {
	l := add(el("label", a("class", "a2ui-label"), a("for", forID)), txt(text))
	l.Key = "label"
	return l
}

func control(n *dom.Node, id string) *dom.Node {
	setAttr(n, "data-a2ui-control", "input")
	setAttr(n, "id", id)
	n.Key = "control"
	return n
}

func renderCheckBox(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	id := b.DOMID(in, "input")
	input := control(el("input", a("class", "a2ui-checkbox-input"), a("type", "checkbox")), id)
	checked := boolProp(b.Bool(in, "value", false))
	if ptr, ok := b.BoundPath(in, "value"); ok {
		touch := b.Toucher(in)
		// The control's "value" for editing is its checked state ("true" or "").
		shown, edited := b.Editing(in, input, ptr, checked, func(v string) any { return v == "true" },
			func(ev dom.Event) string { return boolProp(ev.Checked) })
		checked = shown
		on(input, "change", b.Handler(func(ev dom.Event) {
			touch()
			edited(boolProp(ev.Checked))
			b.Write(in, ptr, ev.Checked)
		}))
	}
	setProp(input, "checked", checked)
	lbl := b.String(in, "label")
	b.NameControl(input, lbl, "", l10n.InputValue)
	wrap := add(el("div", a("class", "a2ui-field a2ui-checkbox")), input, label(id, lbl))
	b.FieldError(in, wrap, input, "")
	return wrap
}

func renderTextField(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	variant := b.Enum(in, "variant", fieldVariants...)
	if !in.Has("variant") && in.Has("textFieldType") {
		variant = b.Enum(in, "textFieldType", fieldVariants...)
	}
	value := b.String(in, "value")
	id := b.DOMID(in, "input")
	var input *dom.Node
	switch variant {
	case "longText":
		input = el("textarea", a("class", "a2ui-input"), a("rows", "3"))
	case "number":
		input = el("input", a("class", "a2ui-input"), a("inputmode", "decimal"), a("type", "number"))
	case "obscured":
		input = el("input", a("autocomplete", "off"), a("class", "a2ui-input"), a("type", "password"))
		if ptr, ok := b.BoundPath(in, "value"); ok {
			b.MarkSecret(ptr)
		}
	case "date":
		input = el("input", a("class", "a2ui-input"), a("type", "date"))
		value = dateInputValue("date", value)
	default:
		input = el("input", a("class", "a2ui-input"), a("type", "text"))
	}
	control(input, id)
	if ptr, ok := b.BoundPath(in, "value"); ok {
		toModel := func(v string) any { return v }
		if variant == "date" {
			toModel = func(v string) any { return dateModelValue("date", v) }
		}
		shown, edited := b.Editing(in, input, ptr, value, toModel, nil)
		value = shown
		on(input, "input", b.Handler(func(ev dom.Event) {
			edited(ev.Value)
			b.Write(in, ptr, toModel(ev.Value))
		}))
	}
	setProp(input, "value", value)
	ph := b.String(in, "placeholder")
	if ph != "" {
		setAttr(input, "placeholder", ph)
	}
	lbl := b.String(in, "label")
	b.NameControl(input, lbl, ph, l10n.InputValue)
	wrap := el("div", a("class", "a2ui-field a2ui-textfield"))
	if lbl != "" {
		add(wrap, label(id, lbl))
	}
	add(wrap, input)
	extra := ""
	if pat, ok := raw(in, "validationRegexp").(string); ok && value != "" {
		// A pattern that fails to evaluate is recorded and counts as failing.
		r := b.Eval(in, "validationRegexp", map[string]any{"call": "regex", "args": map[string]any{"value": value, "pattern": pat}})
		if !binding.ToBool(r) {
			extra = b.Msg(l10n.InvalidValue)
		}
	}
	b.FieldError(in, wrap, input, extra)
	return wrap
}

// dateInputValue converts an ISO 8601 model value to the value syntax of an <input> of
// type typ ("date", "time", "datetime-local"); unparsable values become "".
func dateInputValue(typ, v string) string {
	v = strings.TrimSpace(v)
	isDate := func(s string) bool {
		return len(s) == 10 && s[4] == '-' && s[7] == '-' && digits(s[:4]) && digits(s[5:7]) && digits(s[8:10])
	}
	isTime := func(s string) bool { return len(s) >= 5 && s[2] == ':' && digits(s[:2]) && digits(s[3:5]) }
	var date, clock string
	switch {
	case len(v) >= 10 && isDate(v[:10]):
		date = v[:10]
		if len(v) > 11 && (v[10] == 'T' || v[10] == ' ') && isTime(v[11:]) {
			clock = v[11:]
		}
	case isTime(v):
		clock = v
	}
	if clock != "" {
		if len(clock) >= 8 && clock[5] == ':' && digits(clock[6:8]) && clock[6:8] != "00" {
			clock = clock[:8]
		} else {
			clock = clock[:5]
		}
	}
	switch typ {
	case "date":
		return date
	case "time":
		return clock
	}
	if date == "" {
		return ""
	}
	if clock == "" {
		clock = "00:00"
	}
	return date + "T" + clock
}

// dateModelValue converts an <input> value to the ISO 8601 string stored in the model:
// "YYYY-MM-DD", "HH:MM:SS" or "YYYY-MM-DDTHH:MM:SS" (local wall time, no zone).
func dateModelValue(typ, v string) string {
	if v == "" {
		return ""
	}
	withSeconds := func(c string) string {
		if len(c) == 5 {
			return c + ":00"
		}
		return c
	}
	switch typ {
	case "time":
		return withSeconds(v)
	case "datetime-local":
		if len(v) > 11 && v[10] == 'T' {
			return v[:11] + withSeconds(v[11:])
		}
	}
	return v
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func renderDateTime(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	d := b.Bool(in, "enableDate", false)
	t := b.Bool(in, "enableTime", false)
	typ := "datetime-local"
	if d && !t {
		typ = "date"
	} else if t && !d {
		typ = "time"
	}
	id := b.DOMID(in, "input")
	input := control(el("input", a("class", "a2ui-input"), a("type", typ)), id)
	value := dateInputValue(typ, b.String(in, "value"))
	for _, lim := range [...]string{"min", "max"} {
		if in.Has(lim) {
			if v := dateInputValue(typ, b.String(in, lim)); v != "" {
				setAttr(input, lim, v)
			}
		}
	}
	if ptr, ok := b.BoundPath(in, "value"); ok {
		toModel := func(v string) any { return dateModelValue(typ, v) }
		shown, edited := b.Editing(in, input, ptr, value, toModel, nil)
		value = shown
		on(input, "input", b.Handler(func(ev dom.Event) {
			edited(ev.Value)
			b.Write(in, ptr, toModel(ev.Value))
		}))
	}
	setProp(input, "value", value)
	wrap := el("div", a("class", "a2ui-field a2ui-datetime"))
	l := b.String(in, "label")
	if l != "" {
		add(wrap, label(id, l))
	}
	name := l10n.InputDateTime
	if typ == "date" {
		name = l10n.InputDate
	} else if typ == "time" {
		name = l10n.InputTime
	}
	b.NameControl(input, l, "", name)
	add(wrap, input)
	b.FieldError(in, wrap, input, "")
	return wrap
}

func renderSlider(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	lo := b.Number(in, "min", 0)
	hi := b.Number(in, "max", 100)
	if !in.Has("min") && in.Has("minValue") {
		lo = b.Number(in, "minValue", 0)
	}
	if !in.Has("max") && in.Has("maxValue") {
		hi = b.Number(in, "maxValue", 100)
	}
	if !(hi > lo) {
		b.Error(in, protocol.CodeValidationFailed, "max", "max must be greater than min")
		hi = lo + 100
	}
	step := "any"
	if in.Has("steps") {
		n := b.Number(in, "steps", 0)
		if n >= 1 && n <= 1e6 && n == float64(int64(n)) {
			step = fmtNum((hi - lo) / n)
		} else {
			b.Error(in, protocol.CodeValidationFailed, "steps", "steps must be an integer from 1 to 1000000")
		}
	}
	val := b.Number(in, "value", lo)
	if step == "any" && whole(lo) && whole(hi) && whole(val) {
		step = "1" // whole numbers stay whole under the arrow keys
	}
	id := b.DOMID(in, "input")
	input := control(el("input", a("class", "a2ui-slider-input"), a("max", fmtNum(hi)), a("min", fmtNum(lo)),
		a("step", step), a("type", "range")), id)
	shownVal := fmtNum(val)
	if ptr, ok := b.BoundPath(in, "value"); ok {
		toModel := func(v string) any {
			if f, ok := binding.ParseNumber(v); ok {
				return f
			}
			return val
		}
		var edited func(string)
		shownVal, edited = b.Editing(in, input, ptr, shownVal, toModel, nil)
		on(input, "input", b.Handler(func(ev dom.Event) {
			f, ok := binding.ParseNumber(ev.Value)
			if ok {
				edited(ev.Value)
				b.Write(in, ptr, f)
			}
		}))
	}
	setProp(input, "value", shownVal)
	out := add(el("output", a("class", "a2ui-slider-value"), a("for", id)), txt(binding.FormatJSNumber(val)))
	out.Key = "output"
	wrap := el("div", a("class", "a2ui-field a2ui-slider"))
	l := b.String(in, "label")
	if l != "" {
		add(wrap, label(id, l))
	}
	b.NameControl(input, l, "", l10n.InputValue)
	add(wrap, input, out)
	b.FieldError(in, wrap, input, "")
	return wrap
}

func renderChoicePicker(b *catalog.Builder, in *catalog.Instance) *dom.Node {
	variant := b.Enum(in, "variant", choiceVariants...)
	style := b.Enum(in, "displayStyle", choiceStyles...)
	filterable := b.Bool(in, "filterable", false)
	single := variant == "mutuallyExclusive"
	selected := map[string]bool{}
	for _, s := range b.StringList(in, "value") {
		selected[s] = true
	}
	ptr, bound := b.BoundPath(in, "value")
	e := b.Local(in)

	role := "group"
	if single {
		role = "radiogroup"
	}
	wrap := el("div", a("class", "a2ui-field a2ui-choicepicker a2ui-choicepicker-"+style), a("role", role))
	if l := b.String(in, "label"); l != "" {
		lid := b.DOMID(in, "label")
		ln := add(el("div", a("class", "a2ui-label"), a("id", lid)), txt(l))
		ln.Key = "label"
		add(wrap, ln)
		setAttr(wrap, "aria-labelledby", lid)
	} else {
		setAttr(wrap, "aria-label", b.Msg(l10n.InputChoice))
	}
	if filterable {
		f := el("input", a("aria-label", b.Msg(l10n.FilterOptions)), a("class", "a2ui-input a2ui-filter"), a("type", "search"))
		f.Key = "filter"
		setProp(f, "value", e.Filter)
		on(f, "input", b.Handler(func(ev dom.Event) {
			if ev.Value != e.Filter {
				e.Filter = ev.Value
				b.Invalidate()
			}
		}))
		add(wrap, f)
	}
	// choose computes the new selection at event time from the model's current value.
	touch := b.Toucher(in)
	choose := func(val string, on bool) {
		touch()
		if !bound {
			return
		}
		cur, _ := b.Surface().Data.Get(ptr)
		list := binding.ToStringList(cur)
		out := make([]any, 0, len(list)+1)
		if single {
			if on {
				out = append(out, val)
			}
		} else {
			for _, s := range list {
				if s != val {
					out = append(out, s)
				}
			}
			if on {
				out = append(out, val)
			}
		}
		b.Write(in, ptr, out)
	}
	opts := el("div", a("class", "a2ui-options"))
	opts.Key = "options"
	items, _ := raw(in, "options").([]any)
	group := b.DOMID(in, "group")
	filter := strings.ToLower(e.Filter)
	var chips []*dom.Node
	var chipVals []string
	firstChecked := -1
	for i, it := range items {
		m, _ := it.(map[string]any)
		val := binding.ToString(m["value"])
		lbl := binding.ToString(b.Eval(in, "options/"+strconv.Itoa(i)+"/label", m["label"]))
		if filterable && filter != "" && !strings.Contains(strings.ToLower(lbl), filter) {
			continue
		}
		checked := selected[val]
		key := "opt" + strconv.Itoa(i) + ":" + val
		if style == "chips" {
			// APG radio group (single) or toggle buttons (multiple), one tab stop:
			// arrow keys move it (and the selection, for a radio group).
			chip := el("button", a("class", "a2ui-chip"), a("type", "button"))
			if single {
				setAttr(chip, "role", "radio")
				setAttr(chip, "aria-checked", strconv.FormatBool(checked))
			} else {
				setAttr(chip, "aria-pressed", strconv.FormatBool(checked))
			}
			if checked {
				addClass(chip, "a2ui-chip-selected")
			}
			chip.Key = key
			v := val
			pos := len(chips)
			on(chip, "click", b.Handler(func(dom.Event) {
				e.Rove, e.RoveSet = pos, true
				if single {
					choose(v, true)
					return
				}
				cur, _ := b.Surface().Data.Get(ptr)
				has := false
				for _, s := range binding.ToStringList(cur) {
					has = has || s == v
				}
				choose(v, !has)
			}))
			chips = append(chips, chip)
			chipVals = append(chipVals, val)
			if checked && firstChecked < 0 {
				firstChecked = pos
			}
			add(opts, add(chip, txt(lbl)))
			continue
		}
		oid := b.DOMID(in, "opt"+strconv.Itoa(i))
		typ := "checkbox"
		if single {
			typ = "radio"
		}
		input := el("input", a("class", "a2ui-option-input"), a("id", oid), a("name", group), a("type", typ), a("value", val))
		setProp(input, "checked", boolProp(checked))
		v := val
		on(input, "change", b.Handler(func(ev dom.Event) { choose(v, ev.Checked || single) }))
		row := add(el("div", a("class", "a2ui-option")), input, add(el("label", a("for", oid)), txt(lbl)))
		row.Key = key
		add(opts, row)
	}
	if len(chips) > 0 {
		setAttr(opts, "data-a2ui-roving", "")
		stop := e.Rove
		if !e.RoveSet && firstChecked >= 0 {
			stop = firstChecked
		}
		if stop < 0 || stop >= len(chips) {
			stop = 0
		}
		for i, c := range chips {
			setAttr(c, "tabindex", map[bool]string{true: "0", false: "-1"}[i == stop])
			pos := i
			on(c, "keydown", b.Handler(func(ev dom.Event) {
				next, ok := b.RovingKey(ev.Key, pos, len(chipVals), true)
				if !ok {
					return
				}
				e.Rove, e.RoveSet = next, true
				if single {
					choose(chipVals[next], true)
				}
				b.Invalidate()
			}))
		}
	}
	add(wrap, opts)
	// the group is the control that carries aria-invalid / describedby
	setAttr(wrap, "data-a2ui-control", "group")
	b.FieldError(in, wrap, wrap, "")
	return wrap
}
