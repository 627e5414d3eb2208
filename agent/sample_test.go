package agent_test

import "github.com/a2ui-go/a2ui/agent"

// sampleComponents uses every basic-catalog constructor, each kind of value (literal,
// binding, template, function call, action) and the common optional properties.
func sampleComponents(v agent.Version) []agent.Component {
	heading := "h1"
	if v == agent.V10 {
		heading = "body" // v1.0's Text has no heading variants
	}
	submit := agent.Event("submit", map[string]any{"name": agent.Path("/name"), "guests": 2, "vip": true})
	cs := []agent.Component{
		agent.Column("root", "title", "pic", "icon", "row", "list", "card", "tabs", "modal", "div",
			"name", "agree", "pick", "level", "when", "submit", "vid", "audio", "extra").With("align", "stretch"),
		agent.Text("title", "Book a table").Variant(heading),
		agent.Image("pic", "https://example.com/a.png").With("description", "A picture").With("fit", "scaleDown"),
		agent.Icon("icon", "check"),
		agent.Row("row", "a", "b").With("justify", "spaceBetween"),
		agent.Text("a", agent.Path("/name")).Weight(1),
		agent.Text("b", "<b>not bold</b> & plain"),
		agent.List("list").With("children", agent.Template("item", "/items")).With("direction", "vertical"),
		agent.Text("item", agent.Path("label")),
		agent.Card("card", "cardText"),
		agent.Text("cardText", "In a card").Variant("caption"),
		agent.Tabs("tabs", agent.Tab{Title: "One", Child: "t1"}, agent.Tab{Title: agent.Path("/tabTitle"), Child: "t2"}),
		agent.Text("t1", "first"),
		agent.Text("t2", "second"),
		agent.Modal("modal", "open", "dlg"),
		agent.Button("open", "openLabel", agent.Event("noop", nil)),
		agent.Text("openLabel", "Open"),
		agent.Text("dlg", "Dialog"),
		agent.Divider("div").With("axis", "horizontal"),
		agent.TextField("name", "Name", agent.Path("/name")).Variant("shortText"),
		agent.CheckBox("agree", "I agree", agent.Path("/agree")),
		agent.ChoicePicker("pick", agent.Path("/choice"),
			agent.Option{Label: "Red", Value: "red"}, agent.Option{Label: agent.Path("/blue"), Value: "blue"}).Variant("mutuallyExclusive"),
		agent.Slider("level", agent.Path("/level"), 0, 10),
		agent.DateTimeInput("when", agent.Path("/date")).With("enableDate", true).With("enableTime", false),
		agent.Button("submit", "submitLabel", submit).Variant("primary"),
		agent.Text("submitLabel", "Submit"),
		agent.Video("vid", "https://example.com/v.mp4"),
		agent.AudioPlayer("audio", "https://example.com/a.mp3").With("description", "A song"),
	}
	switch {
	case v >= agent.V09:
		// Function calls exist from v0.9 on.
		cs = append(cs,
			agent.Column("extra", "greeting", "web", "more"),
			agent.Text("greeting", agent.Call("formatString", map[string]any{"value": "Hello ${/name}"}).Returns("string")),
			agent.Button("web", "webLabel", agent.Local(agent.Call("openUrl", map[string]any{"url": "https://a2ui.org"}).Returns("void"))),
			agent.Text("webLabel", "Open a2ui.org"),
		)
		switch v {
		case agent.V010:
			cs = append(cs, agent.Button("more", "moreLabel", agent.Event("lookup", map[string]any{"q": agent.Path("/name")}).WantResponse("/result")))
		case agent.V10:
			cs = append(cs, agent.Button("more", "moreLabel", agent.Event("lookup", nil).UserMessage(agent.Path("/name"))))
		default:
			cs = append(cs, agent.Button("more", "moreLabel", agent.Event("lookup", map[string]any{})))
		}
		cs = append(cs, agent.Text("moreLabel", "More"))
	default:
		cs = append(cs, agent.Text("extra", "v0.8"))
	}
	return cs
}

// sampleData is an initial data model with every kind of JSON value.
func sampleData() map[string]any {
	return map[string]any{
		"name":     "Ada",
		"agree":    true,
		"choice":   []string{"red"},
		"blue":     "Blue",
		"level":    3,
		"date":     "2026-12-24",
		"tabTitle": "Two",
		"items":    []any{map[string]any{"label": "one"}, map[string]any{"label": "two"}},
		"address":  map[string]any{"city": "Paris", "geo": map[string]any{"lat": 48.85, "lon": 2.35}},
	}
}

// sampleMessages is a whole session of surface s in its version.
func sampleMessages(v agent.Version) []agent.Message {
	s := agent.Surface{Version: v, ID: "booking", SendDataModel: v >= agent.V09}
	if v == agent.V08 {
		s.Theme = map[string]any{"primaryColor": "#00AA88", "font": "Roboto"}
	} else if v != agent.V10 {
		s.Theme = map[string]any{"primaryColor": "#00AA88"}
	} else {
		s.Metadata = map[string]any{"extensions": map[string]any{"acme_tracking": map[string]any{"campaign": "winter"}}}
	}
	msgs := s.Show(sampleData(), sampleComponents(v)...)
	msgs = append(msgs,
		s.Components(agent.Text("title", agent.Path("/title")).Variant("caption")),
		s.Data("/name", "Grace"),
		s.Data("/address", map[string]any{"city": "Rome", "zip": "00100"}),
		s.Data("/items", []any{map[string]any{"label": "three"}}),
	)
	if v >= agent.V09 {
		msgs = append(msgs, s.Remove("/agree"))
	}
	switch v {
	case agent.V010:
		msgs = append(msgs,
			agent.ActionResponse(v, "booking-1", []string{"Ada", "Adam"}),
			agent.ActionFailed(v, "booking-2", "NOT_FOUND", "no such name"),
			agent.CallFunction(v, "call-1", agent.Call("openUrl", map[string]any{"url": "https://a2ui.org"}), true),
		)
	case agent.V10:
		msgs = append(msgs,
			agent.CallFunction(v, "call-1", agent.Call("openUrl", map[string]any{"url": "https://a2ui.org"}), true),
			agent.FunctionResult(v, "call-2", map[string]any{"ok": true}),
			agent.FunctionFailed(v, "call-3", "UNKNOWN_FUNCTION", "no such function"),
		)
	}
	return append(msgs, s.Delete())
}
