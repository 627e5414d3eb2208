//go:build js && wasm

// Command wasm is the browser entry point of the A2UI renderer (GOOS=js GOARCH=wasm): the
// webhost package with the basic catalog and the page's catalogs from JavaScript. A build
// of your own adds Go catalogs first:
//
//	func main() {
//		webhost.AddCatalog(basic.Catalog().Extend([]string{myCatalogID}, rating))
//		webhost.Run()
//	}
package main

import "github.com/a2ui-go/a2ui/webhost"

func main() { webhost.Run() }
