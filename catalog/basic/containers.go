package basic

import (
	"strconv"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
	"github.com/a2ui-go/a2ui/catalog/icons"
	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/l10n"
)

// Containers with their own UI state (Builder.Local): Tabs and Modal.

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
