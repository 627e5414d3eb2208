package util

import "sync"

//go:generate go run ../_tools unicode-case-folding-map -o ../_tools/unicode-case-folding-map.json
//go:generate go run ../_tools emb-structs -i ../_tools/unicode-case-folding-map.json -o ./unicode_case_folding.gen.go

// a2ui-go patch (see ../PATCHES.md): the map is built on first use, not by an init
// function at every program start (1,530 entries).
var (
	unicodeCaseFoldingsOnce sync.Once
	unicodeCaseFoldingsMap  map[rune][]rune
)

func unicodeCaseFoldings() map[rune][]rune {
	unicodeCaseFoldingsOnce.Do(buildUnicodeCaseFoldings)
	return unicodeCaseFoldingsMap
}

func buildUnicodeCaseFoldings() {
	m := make(map[rune][]rune, _unicodeCaseFoldingLength)
	cTo := 0
	for i := range _unicodeCaseFoldingLength {
		tTo := cTo + int(_unicodeCaseFoldingToIndex[i])
		to := _unicodeCaseFoldingTo[cTo:tTo]
		m[_unicodeCaseFoldingFrom[i]] = to
		cTo = tTo
	}
	unicodeCaseFoldingsMap = m
}
