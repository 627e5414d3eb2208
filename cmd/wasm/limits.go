//go:build js && wasm

package main

import (
	"math"

	"github.com/hack-pad/safejs"

	"github.com/a2ui-go/a2ui/render"
)

// applyLimits reads the mount option `limits` (an object of positive numbers; anything
// else is ignored and the default stays) into opts. The names are those of the README's
// security section.
func applyLimits(opts *render.Options, mountOpts safejs.Value) {
	lim, err := mountOpts.Get("limits")
	if err != nil || lim.Type() != safejs.TypeObject {
		return
	}
	for name, dst := range map[string]*int{
		"maxLine":          &opts.MaxLine,
		"maxSurfaces":      &opts.Limits.MaxSurfaces,
		"maxComponents":    &opts.Limits.MaxComponents,
		"maxDataNodes":     &opts.Limits.MaxDataNodes,
		"maxValueDepth":    &opts.Limits.MaxValueDepth,
		"maxPathSegments":  &opts.Limits.MaxPathSegments,
		"maxPathBytes":     &opts.Limits.MaxPathBytes,
		"maxKeyBytes":      &opts.Limits.MaxKeyBytes,
		"maxStringBytes":   &opts.Limits.MaxStringBytes,
		"maxEntries":       &opts.Limits.MaxEntries,
		"maxArrayLen":      &opts.Limits.MaxArrayLen,
		"maxIndexGap":      &opts.Limits.MaxIndexGap,
		"maxInstances":     &opts.RenderLimits.MaxInstances,
		"maxDepth":         &opts.RenderLimits.MaxDepth,
		"maxTemplateItems": &opts.RenderLimits.MaxTemplateItems,
		"maxTextBytes":     &opts.RenderLimits.MaxTextBytes,
		"maxSurfaceBytes":  &opts.RenderLimits.MaxSurfaceBytes,
		"maxFormatOutput":  &opts.MaxFormatOutput,
	} {
		v, err := lim.Get(name)
		if err != nil || v.Type() != safejs.TypeNumber {
			continue
		}
		f, err := v.Float()
		if err != nil || !(f >= 1) || f > math.MaxInt32 {
			continue
		}
		*dst = int(f)
	}
}
