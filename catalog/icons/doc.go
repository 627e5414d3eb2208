// Package icons holds the SVG path data of the Material icons that the A2UI Icon
// component can name, embedded in the binary as static Go data (icons_gen.go, generated
// by ./gen from the npm package @material-design-icons/svg, Apache-2.0).
//
// Place in the pipeline: catalog's Icon component calls Lookup while building a surface's
// dom.Node tree; the result becomes an inline <svg> built from nodes (never innerHTML).
// Nothing here runs at package init.
package icons

//go:generate go run ./gen
