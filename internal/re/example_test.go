package re_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/internal/re"
)

func Example() {
	zip := re.MustCompile(`^\d{5}(?:-\d{4})?$`)
	fmt.Println(zip.MatchString("12345"), zip.MatchString("1234"))

	_, err := re.Compile(`^(?=.*\d).{8,}$`)
	fmt.Println(err)

	ok, err := re.MustCompile(`(a?){1000}b`).MatchStringLimit("aaab", 1<<20)
	fmt.Println(ok, err)

	key := re.MustCompile(`(?i)\bapi[_-]?key\s*[:=]\s*\S+`)
	fmt.Println(key.ReplaceAllLiteralString("use API_KEY=abc123 here", "[redacted]"))
	// Output:
	// true false
	// look-around is not supported: `(?=`
	// true <nil>
	// use [redacted] here
}
