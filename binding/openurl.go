package binding

// OpenURL is the effect value returned by openUrl: the renderer (not this package) opens
// URL in a new browsing context with noopener/noreferrer when it runs an action's
// functionCall. Interpolated or coerced, it is "" (openUrl returns void).
type OpenURL struct {
	URL string
}
