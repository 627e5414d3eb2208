// Package archtest holds the repository's architecture test: the import rules between
// the layers of the pipeline (protocol → model → binding → catalog → dom → render), so
// that a change that breaks them fails go test ./... with the offending import chain,
// and the wasm's budgets: what its package inits allocate (TestInitBudget) and the
// packages it must not link, Go's regexp first (TestWasmDependencies); and that a module
// outside the repository builds on it as the README shows (TestConsumerModule,
// testdata/consumer). It has no code of its own.
package archtest
