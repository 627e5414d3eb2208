//go:build js && wasm

package webhost

import (
	"strconv"
	"time"

	"github.com/a2ui-go/a2ui/binding"
	"github.com/a2ui-go/a2ui/internal/third_party/safejs"
)

// intlFormatter implements binding.Formatter with the browser's Intl, so numbers,
// currencies and plural categories match what the page's other JS shows. Formatter
// objects are cached per option set. Dates use binding's TR35 formatter (Intl has no
// pattern API) in the user's local time zone. Called on the UI goroutine.
type intlFormatter struct {
	locale string
	cache  map[string]safejs.Value
	plural safejs.Value // made on the first PluralCategory (Intl objects cost at start-up)
	tried  bool         // plural was attempted
	dates  *binding.GoFormatter
	ok     bool
}

func newIntlFormatter(locale string) *intlFormatter {
	f := &intlFormatter{locale: locale, cache: map[string]safejs.Value{}, dates: binding.NewGoFormatter(locale)}
	f.dates.Zone = time.Local
	if intl, err := safejs.Global().Get("Intl"); err == nil && intl.Type() == safejs.TypeObject {
		f.ok = true
	}
	return f
}

func (f *intlFormatter) Locale() string { return f.locale }

func (f *intlFormatter) Location() *time.Location { return time.Local }

func (f *intlFormatter) numberFormat(key string, opts map[string]any) (safejs.Value, bool) {
	if nf, ok := f.cache[key]; ok {
		return nf, true
	}
	intl, err := safejs.Global().Get("Intl")
	if err != nil {
		return safejs.Undefined(), false
	}
	ctor, err := intl.Get("NumberFormat")
	if err != nil {
		return safejs.Undefined(), false
	}
	o, _ := safejs.ValueOf(opts)
	nf, err := ctor.New(f.locale, o)
	if err != nil {
		return safejs.Undefined(), false
	}
	if len(f.cache) > 64 {
		clear(f.cache)
	}
	f.cache[key] = nf
	return nf, true
}

func (f *intlFormatter) format(nf safejs.Value, v float64) (string, bool) {
	s, err := nf.Call("format", v)
	if err != nil {
		return "", false
	}
	str, err := s.String()
	return str, err == nil
}

func (f *intlFormatter) FormatNumber(v float64, decimals int, grouping bool) string {
	if f.ok {
		opts := map[string]any{"useGrouping": grouping}
		key := "n" + strconv.Itoa(decimals) + strconv.FormatBool(grouping)
		if decimals >= 0 {
			opts["minimumFractionDigits"] = decimals
			opts["maximumFractionDigits"] = decimals
		}
		if nf, ok := f.numberFormat(key, opts); ok {
			if s, ok := f.format(nf, v); ok {
				return s
			}
		}
	}
	return f.dates.FormatNumber(v, decimals, grouping)
}

func (f *intlFormatter) FormatCurrency(v float64, currency string, decimals int, grouping bool) string {
	if f.ok {
		opts := map[string]any{"style": "currency", "currency": currency, "useGrouping": grouping}
		key := "c" + currency + strconv.Itoa(decimals) + strconv.FormatBool(grouping)
		if decimals >= 0 {
			opts["minimumFractionDigits"] = decimals
			opts["maximumFractionDigits"] = decimals
		}
		if nf, ok := f.numberFormat(key, opts); ok {
			if s, ok := f.format(nf, v); ok {
				return s
			}
		}
	}
	return f.dates.FormatCurrency(v, currency, decimals, grouping)
}

func (f *intlFormatter) FormatDate(t time.Time, pattern string) string {
	return f.dates.FormatDate(t, pattern)
}

func (f *intlFormatter) PluralCategory(v float64) string {
	if f.ok && !f.tried {
		f.tried = true
		if intl, err := safejs.Global().Get("Intl"); err == nil {
			if ctor, err := intl.Get("PluralRules"); err == nil {
				f.plural, _ = ctor.New(f.locale)
			}
		}
	}
	if f.ok && !f.plural.IsUndefined() {
		if s, err := f.plural.Call("select", v); err == nil {
			if str, err := s.String(); err == nil {
				return str
			}
		}
	}
	return f.dates.PluralCategory(v)
}
