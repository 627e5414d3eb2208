// Package archtest holds the repository's architecture test: the import rules between
// the layers of the pipeline (protocol → model → binding → catalog → dom → render), so
// that a change that breaks them fails go test ./... with the offending import chain.
// It has no code of its own.
package archtest
