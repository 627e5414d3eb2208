package catalog

// ThemeVar is one CSS custom property to set on the surface host with
// style.setProperty(Name, Value) (never via cssText or a style attribute). The renderer
// derives them from a surface's validated theme and hands them to render.Host.SurfaceTheme.
type ThemeVar struct{ Name, Value string }
