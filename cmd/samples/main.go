package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	root := flag.String("root", "", "repository root (default: walk up from the working directory to go.mod)")
	out := flag.String("out", "dist/samples", "output directory (created if missing; existing files with the same names are replaced)")
	requireOfficial := flag.Bool("require-official", os.Getenv("A2UI_REQUIRE_FIXTURES") != "",
		"fail when the official examples (node_modules/@a2ui/web_core) are missing (default: env A2UI_REQUIRE_FIXTURES set)")
	flag.Parse()

	if *root == "" {
		r, err := findRoot()
		if err != nil {
			fmt.Fprintln(os.Stderr, "samples:", err)
			os.Exit(1)
		}
		*root = r
	}
	list, warnings, err := Collect(*root, *requireOfficial)
	for _, w := range warnings {
		fmt.Fprintln(os.Stderr, "samples: warning:", w)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "samples:", err)
		os.Exit(1)
	}
	if err := Write(*out, list); err != nil {
		fmt.Fprintln(os.Stderr, "samples:", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "samples: wrote %d samples to %s\n", len(list), *out)
}
