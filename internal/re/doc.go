// Package re is a small linear-time regular expression engine for the patterns agents
// send: the regex function (binding, catalog/basic's checks and TextField's
// validationRegexp) and the OpenWOP redaction. It replaces Go's regexp in the wasm: the
// two save 66 KB brotli net and the unicode package's 12 ms init (its category maps).
//
// Syntax is the RE2 subset agents write: literals and escapes (\n \t \x7F \x{10FFFF}
// \uFFFF \0 octal, escaped punctuation), . [] [^] with ranges, \d \w \s \D \W \S, the
// POSIX classes [[:alpha:]] and friends, the general categories \p{L} \p{Lu} \p{Ll}
// \p{M} \p{N} \p{Nd} \p{P} \p{S} \p{Z} (also \pL, \P{L}, \p{^L}), anchors ^ $ \A \z
// \b \B, groups ((), (?:), (?P<n>), (?<n>)), alternation, * + ? {n} {n,} {n,m} and
// their lazy forms, and the flags i m s U.
// Semantics are Go's: \d \w \s \b are ASCII, $ without m is the end of the text, (?i)
// uses Unicode simple case folding. Look-around and back-references are errors.
//
// Matching is a Pike VM (Thompson NFA simulation with thread priorities, leftmost-first
// like Go's regexp): time O(len(input) × program size), no backtracking; the program
// is capped at MaxInsts instructions, so a pattern like (a{1000}){1000} is a compile
// error. Nothing runs at package init. A *Regexp is safe for concurrent use.
package re
