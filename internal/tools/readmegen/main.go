// Command readmegen writes generated text into README.md between markers, so the
// figures there come from the tools that measure them (make size, make size-report,
// make bench), not from hand copies:
//
//	readmegen [-readme README.md] NAME FILE [NAME FILE …]
//
// A block is the lines between <!-- NAME:begin --> and <!-- NAME:end -->; without
// those, NAME is inline: the text between <!-- NAME --> and <!-- /NAME -->. Every
// occurrence is replaced by FILE's content (trimmed for an inline one). A NAME with
// no markers is an error: the README lost a marker.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	readme := flag.String("readme", "README.md", "the file to update")
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 || len(args)%2 != 0 {
		fmt.Fprintln(os.Stderr, "usage: readmegen [-readme README.md] NAME FILE [NAME FILE …]")
		os.Exit(2)
	}
	if err := run(*readme, args); err != nil {
		fmt.Fprintln(os.Stderr, "readmegen:", err)
		os.Exit(1)
	}
}

func run(readme string, args []string) error {
	b, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	doc := string(b)
	for i := 0; i < len(args); i += 2 {
		content, err := os.ReadFile(args[i+1])
		if err != nil {
			return err
		}
		if doc, err = replace(doc, args[i], string(content)); err != nil {
			return err
		}
	}
	if doc == string(b) {
		return nil
	}
	return os.WriteFile(readme, []byte(doc), 0o644)
}

// replace puts content into every block or inline marker pair called name.
func replace(doc, name, content string) (string, error) {
	begin, end := "<!-- "+name+":begin -->", "<!-- "+name+":end -->"
	if strings.Contains(doc, begin) {
		return between(doc, begin, end, "\n"+strings.TrimRight(content, "\n")+"\n")
	}
	open, closing := "<!-- "+name+" -->", "<!-- /"+name+" -->"
	if strings.Contains(doc, open) {
		return between(doc, open, closing, strings.TrimSpace(content))
	}
	return "", errors.New("no marker " + begin + " or " + open + " in the README")
}

func between(doc, open, closing, content string) (string, error) {
	var out strings.Builder
	for {
		i := strings.Index(doc, open)
		if i < 0 {
			out.WriteString(doc)
			return out.String(), nil
		}
		j := strings.Index(doc[i+len(open):], closing)
		if j < 0 {
			return "", errors.New(open + " without " + closing)
		}
		out.WriteString(doc[:i+len(open)])
		out.WriteString(content)
		doc = doc[i+len(open)+j:]
	}
}
