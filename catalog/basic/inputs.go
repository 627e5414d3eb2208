package basic

import (
	"strconv"
	"strings"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

// Inputs: Button (its action through Builder.ActionHandler) and the fields, bound
// two-way through Builder.Editing, with their checks shown by Builder.FieldError.

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
		touch := b.Typing().Toucher(in)
		// The control's "value" for editing is its checked state ("true" or "").
		shown, edited := b.Typing().Editing(in, input, ptr, checked, func(v string) any { return v == "true" },
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
		shown, edited := b.Typing().Editing(in, input, ptr, value, toModel, nil)
		value = shown
		// A keystroke need not render the field again (it shows what the user typed)
		// unless a pattern or a conversion depends on the value.
		var echo func(string)
		if !in.Has("validationRegexp") && variant != "date" {
			echo = b.Typing().Echo(in, input, ptr)
		}
		if echo != nil && (variant == "shortText" || variant == "longText") {
			// The Texts showing ptr may echo the typing (dom.EchoProp).
			setProp(input, dom.EchoProp, ptr.String())
		}
		on(input, "input", b.Handler(func(ev dom.Event) {
			edited(ev.Value)
			b.Write(in, ptr, toModel(ev.Value))
			if echo != nil {
				echo(ev.Value)
			}
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
		shown, edited := b.Typing().Editing(in, input, ptr, value, toModel, nil)
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
		shownVal, edited = b.Typing().Editing(in, input, ptr, shownVal, toModel, nil)
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
	list := b.StringList(in, "value")
	ptr, bound := b.BoundPath(in, "value")
	e := b.Local(in)

	role := "group"
	if single {
		role = "radiogroup"
	}
	wrap := el("div", a("class", "a2ui-field a2ui-choicepicker a2ui-choicepicker-"+style), a("role", role))
	// While focus is inside the group the user's selection stands (editing); focus
	// events bubble from the options to the group.
	edited := func(string) {}
	if bound {
		var shown string
		shown, edited = b.Typing().Editing(in, wrap, ptr, encodeChoice(list), decodeChoice, func(dom.Event) string {
			if user, editing := b.Typing().EditingValue(in); editing {
				return user
			}
			cur, _ := b.Surface().Data.Get(ptr)
			return encodeChoice(binding.ToStringList(cur))
		})
		list = binding.ToStringList(decodeChoice(shown))
	}
	selected := map[string]bool{}
	for _, s := range list {
		selected[s] = true
	}
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
	touch := b.Typing().Toucher(in)
	choose := func(val string, on bool) {
		touch()
		if !bound {
			return
		}
		list := choiceNow(b, in, ptr)
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
		edited(encodeChoice(binding.ToStringList(out)))
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
				has := false
				for _, s := range choiceNow(b, in, ptr) {
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

// choiceNow is a ChoicePicker's selection at event time: the user's while they are in
// the group (an agent write meanwhile is a conflict), else the model's.
func choiceNow(b *catalog.Builder, in *catalog.Instance, ptr model.Pointer) []string {
	if user, editing := b.Typing().EditingValue(in); editing {
		return binding.ToStringList(decodeChoice(user))
	}
	cur, _ := b.Surface().Data.Get(ptr)
	return binding.ToStringList(cur)
}

// encodeChoice and decodeChoice carry a selection as the string editing compares
// (each value as its byte length, ':', the value).
func encodeChoice(list []string) string {
	var sb strings.Builder
	for _, v := range list {
		sb.WriteString(strconv.Itoa(len(v)))
		sb.WriteByte(':')
		sb.WriteString(v)
	}
	return sb.String()
}

func decodeChoice(s string) any {
	out := []any{}
	for s != "" {
		i := strings.IndexByte(s, ':')
		n, err := strconv.Atoi(s[:max(i, 0)])
		if i < 0 || err != nil || n < 0 || n > len(s)-i-1 {
			break
		}
		out = append(out, s[i+1:i+1+n])
		s = s[i+1+n:]
	}
	return out
}
