package openwop_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/openwop"
	"github.com/a2ui-go/a2ui/render"
)

func ExampleParse() {
	env, ref := openwop.Parse([]byte(`{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"e1","correlationId":"run-1:n:0",
		"payload":{"catalogVersion":"0.9.1","surface":{"components":[{"component":"text","text":"Hello"}]}},"partial":true}`))
	fmt.Println(env.CorrelationID, env.Partial, env.Surface.Components[0].Kind, ref == nil)

	_, ref = openwop.Parse([]byte(`{"type":"ui.a2ui-surface","schemaVersion":1,"envelopeId":"e2","correlationId":"c",
		"payload":{"catalogVersion":"2.0","surface":{"components":[]}}}`))
	fmt.Println(ref.Code)
	// Output:
	// run-1:n:0 true text true
	// unknown_schema_version
}

func ExampleRedact() {
	fmt.Println(openwop.Redact("call with Authorization: Bearer abc123def456 please"))
	// Output: call with Authorization: [redacted] please
}

func ExampleProfile_Apply() {
	var opts render.Options
	openwop.New(openwop.Config{Targets: []string{"resume"}, Approval: true}).Apply(&opts)
	fmt.Println(opts.Catalog.CatalogIDs(), opts.Functions.Names())
	// Output: [urn:openwop:ui.a2ui-surface:catalog:0.9.1] [required]
}
