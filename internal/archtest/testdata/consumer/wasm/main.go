//go:build js && wasm

// Command wasm is a consumer's own renderer build: the standard browser host with the
// reviews catalog added (GOOS=js GOARCH=wasm go build -o a2ui.wasm ./wasm).
package main

import (
	"example.com/consumer/reviews"

	"github.com/a2ui-go/a2ui/webhost"
)

func main() {
	webhost.AddCatalog(reviews.Catalog()) // every renderer on the page gets it
	webhost.Run()
}
