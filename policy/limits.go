package policy

// Limits are every cap on what an agent sends (security.md §6.4; the README's Limits
// table): zero keeps the value of DefaultLimits. The JSON and mount-option name of each
// is in LimitNames. Over a cap the renderer reports the error and skips the entry, line
// or message, or fails the surface closed (see the README).
type Limits struct {
	MaxLine         int // bytes in one JSONL line or SSE event (render)
	MaxSurfaces     int // live surfaces (model)
	MaxComponents   int // components per surface (model)
	MaxDataNodes    int // data-model nodes per surface (model)
	MaxValueDepth   int // nesting of one written value (model)
	MaxPathSegments int // segments of a data path (model)
	MaxPathBytes    int // bytes of a data path (model)
	MaxKeyBytes     int // bytes of an object key (model)
	MaxStringBytes  int // bytes of a string value (model)
	MaxEntries      int // entries of one data-model update (model)
	MaxArrayLen     int // elements of an array value (model)
	MaxIndexGap     int // how far past an array's end an index may write (model)
	// render budgets: over one, the surface fails closed
	MaxInstances     int // component instances per build (catalog)
	MaxDepth         int // component nesting depth (catalog)
	MaxTemplateItems int // rows of one template; more are summarized (catalog)
	MaxTextBytes     int // bytes of one text node or attribute (catalog)
	MaxSurfaceBytes  int // text and attribute bytes of a surface (catalog)
	MaxFormatOutput  int // bytes of one formatString result (binding)
}

// DefaultLimits returns the renderer's default caps (render tests check that they are
// the defaults of the packages that apply them).
func DefaultLimits() Limits {
	return Limits{
		MaxLine: 1 << 20, MaxSurfaces: 100, MaxComponents: 20000, MaxDataNodes: 100000,
		MaxValueDepth: 32, MaxPathSegments: 32, MaxPathBytes: 1024, MaxKeyBytes: 256,
		MaxStringBytes: 64 << 10, MaxEntries: 1024, MaxArrayLen: 10000, MaxIndexGap: 1000,
		MaxInstances: 20000, MaxDepth: 64, MaxTemplateItems: 1000,
		MaxTextBytes: 256 << 10, MaxSurfaceBytes: 4 << 20, MaxFormatOutput: 256 << 10,
	}
}

// limitNames are the JSON names of Limits' fields, in the README's order.
var limitNames = [...]string{"maxLine", "maxSurfaces", "maxComponents", "maxDataNodes",
	"maxValueDepth", "maxPathSegments", "maxPathBytes", "maxKeyBytes", "maxStringBytes",
	"maxEntries", "maxArrayLen", "maxIndexGap", "maxInstances", "maxDepth",
	"maxTemplateItems", "maxTextBytes", "maxSurfaceBytes", "maxFormatOutput"}

// LimitNames returns the names of the caps in a policy's "limits" member and the mount
// option "limits".
func LimitNames() []string { return limitNames[:] }

// field returns the cap called name (nil when there is none).
func (l *Limits) field(name string) *int {
	switch name {
	case "maxLine":
		return &l.MaxLine
	case "maxSurfaces":
		return &l.MaxSurfaces
	case "maxComponents":
		return &l.MaxComponents
	case "maxDataNodes":
		return &l.MaxDataNodes
	case "maxValueDepth":
		return &l.MaxValueDepth
	case "maxPathSegments":
		return &l.MaxPathSegments
	case "maxPathBytes":
		return &l.MaxPathBytes
	case "maxKeyBytes":
		return &l.MaxKeyBytes
	case "maxStringBytes":
		return &l.MaxStringBytes
	case "maxEntries":
		return &l.MaxEntries
	case "maxArrayLen":
		return &l.MaxArrayLen
	case "maxIndexGap":
		return &l.MaxIndexGap
	case "maxInstances":
		return &l.MaxInstances
	case "maxDepth":
		return &l.MaxDepth
	case "maxTemplateItems":
		return &l.MaxTemplateItems
	case "maxTextBytes":
		return &l.MaxTextBytes
	case "maxSurfaceBytes":
		return &l.MaxSurfaceBytes
	case "maxFormatOutput":
		return &l.MaxFormatOutput
	}
	return nil
}

// Get returns the cap called name (one of LimitNames; 0: the default).
func (l Limits) Get(name string) int {
	if p := l.field(name); p != nil {
		return *p
	}
	return 0
}

// Merge returns l with the non-zero caps of o in their place.
func (l Limits) Merge(o Limits) Limits {
	for _, n := range limitNames {
		if v := o.Get(n); v > 0 {
			*l.field(n) = v
		}
	}
	return l
}

// Effective returns l with DefaultLimits' value for each zero cap: the caps in force.
func (l Limits) Effective() Limits { return DefaultLimits().Merge(l) }

// ParseLimits reads a JSON object of caps (the mount option "limits") with the rules of
// a policy's "limits" member; errors name their JSON Pointer under "/limits".
func ParseLimits(b []byte) (Limits, error) {
	var l Limits
	err := limits(b, "/limits", &l)
	return l, err
}
