package basic

import (
	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/catalog"
)

// Functions returns a new registry holding the v0.9 basic catalog's functions
// (required, regex, length, numeric, email, formatString, formatNumber, formatCurrency,
// formatDate, pluralize, openUrl, and, or, not) plus the minimal catalog's capitalize: a
// fresh one per call, to extend or restrict; Catalog().Functions() is the shared one.
// Semantics follow basic_catalog_implementation_guide.md §2 and web_core, with binding's
// coercion table; the per-function doc comments note every deviation.
func Functions() *binding.Functions {
	f := binding.NewFunctions()
	for name, fn := range funcImpls() {
		f.Register(name, fn)
	}
	return f
}

// funcImpls maps each basic function's name to its implementation.
func funcImpls() map[string]binding.Func {
	return map[string]binding.Func{
		"required":       fnRequired,
		"regex":          fnRegex,
		"length":         fnLength,
		"numeric":        fnNumeric,
		"email":          fnEmail,
		"formatString":   fnFormatString,
		"formatNumber":   fnFormatNumber,
		"formatCurrency": fnFormatCurrency,
		"formatDate":     fnFormatDate,
		"pluralize":      fnPluralize,
		"openUrl":        fnOpenURL,
		"and":            fnAnd,
		"or":             fnOr,
		"not":            fnNot,
		"capitalize":     fnCapitalize,
	}
}

func arg(name, typ, desc string) catalog.ArgSpec {
	return catalog.ArgSpec{Name: name, Type: typ, Description: desc}
}

func reqArg(name, typ, desc string) catalog.ArgSpec {
	return catalog.ArgSpec{Name: name, Type: typ, Description: desc, Required: true}
}

// funcDefs declares the signatures of the basic catalog's functions (v0.9 basic
// catalog §2; capitalize is the minimal catalog's) with their implementations.
func funcDefs() []*catalog.FuncDef {
	impl := funcImpls()
	def := func(name, desc, returns string, args ...catalog.ArgSpec) *catalog.FuncDef {
		fn, ok := impl[name]
		if !ok {
			panic("basic: no function " + name)
		}
		return &catalog.FuncDef{Name: name, Description: desc, Returns: returns, Args: args, Func: fn}
	}
	fmtArgs := []catalog.ArgSpec{arg("decimals", "number", "Digits after the decimal point."),
		arg("grouping", "boolean", "Group thousands (default true).")}
	return []*catalog.FuncDef{
		def("required", "Checks that the value is not null, empty or an empty list.", "boolean", reqArg("value", "any", "The value to check.")),
		def("regex", "Checks that the value matches a regular expression (RE2).", "boolean",
			reqArg("value", "string", "The text to check."), reqArg("pattern", "string", "The regular expression.")),
		def("length", "Checks the length of a string or list.", "boolean", reqArg("value", "any", "A string or list."),
			arg("min", "number", "The minimum length."), arg("max", "number", "The maximum length.")),
		def("numeric", "Checks that a number lies within a range.", "boolean", reqArg("value", "number", "The number."),
			arg("min", "number", "The minimum."), arg("max", "number", "The maximum.")),
		def("email", "Checks that the value is an email address.", "boolean", reqArg("value", "string", "The text to check.")),
		def("formatString", "Interpolates ${expression} placeholders of a template.", "string", reqArg("value", "string", "The template.")),
		def("formatNumber", "Formats a number for the user's locale.", "string",
			append([]catalog.ArgSpec{reqArg("value", "number", "The number.")}, fmtArgs...)...),
		def("formatCurrency", "Formats an amount of money for the user's locale.", "string",
			append([]catalog.ArgSpec{reqArg("value", "number", "The amount."), reqArg("currency", "string", "The ISO 4217 currency code.")}, fmtArgs...)...),
		def("formatDate", "Formats a date with a Unicode date pattern.", "string",
			reqArg("value", "any", "An ISO 8601 string or a timestamp."), reqArg("format", "string", "The date pattern.")),
		def("pluralize", "Chooses the text for a count's plural category.", "string", reqArg("value", "number", "The count."),
			arg("zero", "string", ""), arg("one", "string", ""), arg("two", "string", ""), arg("few", "string", ""),
			arg("many", "string", ""), reqArg("other", "string", "The text for any other count.")),
		def("openUrl", "Opens a URL in a new browsing context (actions only).", "void", reqArg("url", "string", "The URL.")),
		def("and", "True when every value is true.", "boolean", reqArg("values", "array", "The booleans.")),
		def("or", "True when any value is true.", "boolean", reqArg("values", "array", "The booleans.")),
		def("not", "Negates a boolean.", "boolean", reqArg("value", "boolean", "The boolean.")),
		def("capitalize", "Upper-cases the first letter.", "string", reqArg("value", "string", "The text.")),
	}
}
