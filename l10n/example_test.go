package l10n_test

import (
	"fmt"

	"github.com/a2ui-go/a2ui/l10n"
)

func ExampleNew() {
	m := l10n.New("fr-CA", map[string]string{"retry": "Renvoyer"}, "")
	fmt.Println(m.Get(l10n.Close), m.Get(l10n.Retry), m.Dir())
	fmt.Println(l10n.New("ar", nil, "").Dir())
	// Output:
	// Fermer Renvoyer ltr
	// rtl
}
