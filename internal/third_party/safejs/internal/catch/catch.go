//go:build js && wasm

// Package catch runs functions and returns panic values as errors instead.
package catch

import (
	"errors"
	"syscall/js"

	"github.com/a2ui-go/a2ui/internal/third_party/safejs/internal/stackerr"
)

// Try runs fn and returns the result. If fn panicked, the panic value is returned as an error instead.
func Try[Result any](fn func() Result) (result Result, err error) {
	defer recoverErr(&err)
	result = fn()
	return
}

// TrySideEffect is like Try, but does not have a return value.
func TrySideEffect(fn func()) (err error) {
	defer recoverErr(&err)
	fn()
	return
}

func recoverErr(err *error) {
	value := recover()
	valueErr := recoverValueToError(value)
	if valueErr != nil {
		*err = stackerr.WithStack(valueErr)
	}
}

func recoverValueToError(value any) error {
	if value == nil {
		return nil
	}
	switch value := value.(type) {
	case error:
		return value
	case js.Value:
		return js.Error{Value: value}
	default:
		return errors.New(describe(value))
	}
}

// describe words a non-error panic value without fmt (patched: keeps fmt out of the wasm).
func describe(value any) string {
	switch v := value.(type) {
	case string:
		return v
	case interface{ String() string }:
		return v.String()
	default:
		return "panic with a non-error value"
	}
}
