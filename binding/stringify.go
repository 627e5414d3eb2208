package binding

// stringify is ToString for a value interpolated by formatString: objects and arrays
// read from the surface's data model are written with their keys in the model's
// (JavaScript's) order, as web_core's JSON.stringify writes them; without a surface,
// ToString's sorted keys.
func (c *Context) stringify(v any) string {
	switch v.(type) {
	case map[string]any, []any:
		if s := c.Scope.Surface; s != nil && s.Data != nil {
			return string(s.Data.AppendJSON(nil, v))
		}
	}
	return ToString(v)
}
