package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/a2ui-go/a2ui/dom"
	"github.com/a2ui-go/a2ui/policy"
	"github.com/a2ui-go/a2ui/prerender"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: a2ui prerender [flags] stream.jsonl|- > out.html`

// run is main with its streams and exit status, for tests.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "prerender" {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	fs := flag.NewFlagSet("prerender", flag.ContinueOnError)
	fs.SetOutput(stderr)
	page := fs.Bool("page", false, "write a whole HTML page (with the loader's script tag), not a fragment")
	script := fs.String("script", "a2ui.js", "the loader's URL in -page output")
	title := fs.String("title", "", "the page title in -page output")
	base := fs.String("base", "", "the URL the page is served at (relative URLs in the stream resolve against it; none: refused)")
	locale := fs.String("locale", "en-US", "the renderer's locale (locale attribute, lang, built-in strings)")
	heading := fs.Int("heading-level", 0, "the page's heading level around the renderer (0..5; 0: the policy's)")
	profile := fs.String("profile", "", "policy profile (default, strict), also written as the profile attribute")
	pol := fs.String("policy", "", "policy overrides (JSON), also written as the policy attribute")
	src := fs.String("src", "", "the src attribute (a live stream the runtime connects to after takeover)")
	actionURL := fs.String("action-url", "", "the action-url attribute (where the runtime posts actions)")
	label := fs.String("label", "", "the label attribute (the surfaces' region name)")
	dir := fs.String("dir", "", "the dir attribute (ltr or rtl; default: the locale's)")
	noStream := fs.Bool("no-stream", false, "do not embed the stream (the runtime must get it from -src)")
	cssHref := fs.String("css-href", "", "link this stylesheet instead of inlining a2ui.css")
	strict := fs.Bool("strict", false, "exit 1 when the stream had errors")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	in := stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "a2ui:", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	p, err := policy.Resolve(*profile, []byte(*pol))
	if err != nil {
		fmt.Fprintln(stderr, "a2ui: policy:", err)
		return 2
	}
	opts := prerender.Options{Locale: *locale, HeadingLevel: *heading, NoStream: *noStream,
		StyleHref: *cssHref, Page: *page, Script: *script, Title: *title}
	opts.Render.Policy, opts.Render.BaseURL = p, *base
	for _, a := range []dom.Attr{{Name: "src", Value: *src}, {Name: "action-url", Value: *actionURL},
		{Name: "label", Value: *label}, {Name: "dir", Value: *dir}, {Name: "profile", Value: *profile}, {Name: "policy", Value: *pol}} {
		if a.Value != "" {
			opts.Attrs = append(opts.Attrs, a)
		}
	}
	errs := 0
	opts.OnError = func(detail []byte) {
		errs++
		fmt.Fprintf(stderr, "%s\n", detail)
	}
	out := bufio.NewWriter(stdout)
	if err := prerender.Render(out, in, opts); err != nil {
		fmt.Fprintln(stderr, "a2ui:", err)
		return 2
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintln(stderr, "a2ui:", err)
		return 2
	}
	if *strict && errs > 0 {
		return 1
	}
	return 0
}
