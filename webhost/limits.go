//go:build js && wasm

package webhost

import (
	"github.com/a2ui-go/a2ui/policy"
)

// mountLimits merges the mount option `limits` (the loader passes it as JSON; "" for
// none) into pol's limits, cap by cap over the profile's and the policy's "limits". It is
// read with the rules of the policy's "limits" member (policy.ParseLimits): an unknown
// name or a value that is not a positive integer is a policy error, and the renderer
// fails closed.
func mountLimits(pol *policy.Policy, limits string) error {
	if limits == "" {
		return nil
	}
	l, err := policy.ParseLimits([]byte(limits))
	if err != nil {
		return err
	}
	pol.Limits = pol.Limits.Merge(l)
	return nil
}
