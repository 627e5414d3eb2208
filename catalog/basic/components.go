package basic

import (
	"github.com/a2ui-go/a2ui/catalog"
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
	iconName, tabItems, choiceOptions := propSchemas()
	return []*catalog.ComponentDef{
		{Name: "Text", Render: renderText, Props: []catalog.PropSpec{req("text", catalog.KindDynamicString), enum("variant", textVariants)}},
		{Name: "Image", Render: renderImage, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("description", catalog.KindDynamicString), enum("fit", imageFits), enum("variant", imageVariants)}},
		{Name: "Icon", Render: renderIcon, Props: []catalog.PropSpec{{Name: "name", Kind: catalog.KindObject, Required: true, Schema: iconName}}},
		{Name: "Video", Render: renderVideo, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("posterUrl", catalog.KindDynamicString)}},
		{Name: "AudioPlayer", Render: renderAudio, Props: []catalog.PropSpec{req("url", catalog.KindDynamicString), opt("description", catalog.KindDynamicString)}},
		{Name: "Row", Render: renderRow, Layout: true, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("justify", justifyValues), enum("align", alignValues)}},
		{Name: "Column", Render: renderColumn, Layout: true, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("justify", justifyValues), enum("align", alignValues)}},
		{Name: "List", Render: renderList, Layout: true, Props: []catalog.PropSpec{req("children", catalog.KindChildList), enum("direction", directions), enum("align", alignValues)}},
		{Name: "Card", Render: renderCard, Layout: true, Props: []catalog.PropSpec{req("child", catalog.KindComponentID)}},
		{Name: "Tabs", Render: renderTabs, Props: []catalog.PropSpec{{Name: "tabs", Kind: catalog.KindObject, Required: true, Schema: tabItems}}},
		{Name: "Divider", Render: renderDivider, Props: []catalog.PropSpec{enum("axis", axes)}},
		{Name: "Modal", Render: renderModal, Props: []catalog.PropSpec{req("trigger", catalog.KindComponentID), req("content", catalog.KindComponentID)}},
		{Name: "Button", Render: renderButton, Props: []catalog.PropSpec{req("child", catalog.KindComponentID), req("action", catalog.KindAction), enum("variant", buttonVariants), opt("checks", catalog.KindChecks)}},
		{Name: "TextField", Render: renderTextField, Props: []catalog.PropSpec{req("label", catalog.KindDynamicString), opt("value", catalog.KindDynamicString), enum("variant", fieldVariants), opt("validationRegexp", catalog.KindString), opt("placeholder", catalog.KindDynamicString), opt("checks", catalog.KindChecks)}},
		{Name: "CheckBox", Render: renderCheckBox, Props: []catalog.PropSpec{req("label", catalog.KindDynamicString), req("value", catalog.KindDynamicBoolean), opt("checks", catalog.KindChecks)}},
		{Name: "ChoicePicker", Render: renderChoicePicker, Props: []catalog.PropSpec{opt("label", catalog.KindDynamicString), enum("variant", choiceVariants), {Name: "options", Kind: catalog.KindObject, Required: true, Schema: choiceOptions}, req("value", catalog.KindDynamicList), enum("displayStyle", choiceStyles), opt("filterable", catalog.KindBoolean), opt("checks", catalog.KindChecks)}},
		{Name: "Slider", Render: renderSlider, Props: []catalog.PropSpec{opt("label", catalog.KindDynamicString), opt("min", catalog.KindNumber), opt("max", catalog.KindNumber), opt("steps", catalog.KindNumber), req("value", catalog.KindDynamicNumber), opt("checks", catalog.KindChecks)}},
		{Name: "DateTimeInput", Render: renderDateTime, Props: []catalog.PropSpec{req("value", catalog.KindDynamicString), opt("enableDate", catalog.KindBoolean), opt("enableTime", catalog.KindBoolean), opt("min", catalog.KindDynamicString), opt("max", catalog.KindDynamicString), opt("label", catalog.KindDynamicString), opt("checks", catalog.KindChecks)}},
	}
}

// propSchemas returns the JSON Schemas of the structured props for the catalog
// document (Catalog.Document). A function, not package variables: maps would be built at
// package init.
func propSchemas() (iconName, tabItems, choiceOptions map[string]any) {
	dynamicString := map[string]any{"anyOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "object"}}}
	iconName = map[string]any{"anyOf": []any{
		map[string]any{"type": "string"},
		map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}, "svgPath": map[string]any{"type": "string"}}}}}
	tabItems = map[string]any{"type": "array", "items": map[string]any{"type": "object",
		"properties": map[string]any{"title": dynamicString, "child": map[string]any{"type": "string"}}, "required": []string{"title", "child"}}}
	choiceOptions = map[string]any{"type": "array", "items": map[string]any{"type": "object",
		"properties": map[string]any{"label": dynamicString, "value": map[string]any{"type": "string"}}, "required": []string{"label", "value"}}}
	return iconName, tabItems, choiceOptions
}
