// Command testsum runs `go test -json` commands side by side and turns their event
// streams into readable progress: one line per package, one line per top-level test of
// the packages matching -each (the slow browser suite), the output of every failing
// test, a "still running" line when nothing was printed for a while, and at the end the
// failures again (a line each, where a log's tail shows them) and one summary line over
// every command:
//
//	N passed, N failed, N skipped
//
// Every command runs (with bash -c), each to its end whatever the others do; testsum
// exits 1 when a test or package failed or a command exited non-zero. The commands run
// all at once, in stages when an argument is --then: the commands after it start when
// those before it have ended (a stage that saturates the CPU runs alone). A
// command ending in a shell comment, `... # wasm`, has that label on its package lines
// (two commands may test the same package, e.g. on the host and as GOOS=js). Lines a
// command prints that are not events (vet, a build) go through as they are. `make test`
// uses it.
//
//	testsum [-each REGEXP] [-quiet DURATION] CMD... [--then CMD...]...
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	each := flag.String("each", "", "print a line per top-level test for packages matching this regexp")
	quiet := flag.Duration("quiet", 10*time.Second, "print a progress line after this long without output")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: testsum [-each REGEXP] [-quiet DURATION] CMD... [--then CMD...]...")
		os.Exit(2)
	}
	s := newSummary(os.Stdout)
	if *each != "" {
		re, err := regexp.Compile(*each)
		if err != nil {
			fmt.Fprintln(os.Stderr, "testsum: -each:", err)
			os.Exit(2)
		}
		s.each = re
	}
	stop := s.heartbeat(*quiet)
	ok := s.runStages(flag.Args())
	stop()
	if !s.finish() || !ok {
		os.Exit(1)
	}
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action      string
	Package     string
	ImportPath  string // build-output, build-fail
	Test        string
	Elapsed     float64
	Output      string
	FailedBuild string
}

// pkgState is what testsum keeps of one package while its tests run.
type pkgState struct {
	passed, failed, skipped int
	out                     map[string][]outLine // top-level test -> output of it and its subtests
	failedTests             map[string]bool      // (sub)tests that failed
	pkgOut                  []string             // output outside any test (panics, timeouts, build errors)
	running                 map[string]time.Time
}

// outLine is one line of a test's output.
type outLine struct{ test, text string }

// summary aggregates events of every command. Its methods are called from the
// goroutines reading the commands and from the heartbeat goroutine, under mu.
type summary struct {
	mu                      sync.Mutex
	w                       io.Writer
	each                    *regexp.Regexp
	streams                 []*stream
	passed, failed, skipped int
	last                    time.Time // when a line was last printed
	recap                   []string  // one line per failure, printed again before the summary
}

// stream is the state of one command's event stream: its packages are its own (the
// same package may be tested by another command).
type stream struct {
	label string               // from the command's trailing "# label"; "" for none
	pkgs  map[string]*pkgState // packages that started and have not ended
	build map[string][]string  // import path -> build output
}

func newSummary(w io.Writer) *summary {
	return &summary{w: w, last: time.Now()}
}

// newStream adds the state of a command's stream; call with mu held.
func (s *summary) newStream(command string) *stream {
	st := &stream{pkgs: map[string]*pkgState{}, build: map[string][]string{}}
	if m := labelRE.FindStringSubmatch(command); m != nil {
		st.label = m[1]
	}
	s.streams = append(s.streams, st)
	return st
}

// labelRE matches a command's trailing shell comment naming it: " # wasm".
var labelRE = regexp.MustCompile(`\s#\s*([\w./-]+)\s*$`)

// name is a package as its lines show it: with the stream's label, if any.
func (st *stream) name(pkg string) string {
	if st.label == "" {
		return pkg
	}
	return pkg + " [" + st.label + "]"
}

// printf writes one or more lines; call with mu held.
func (s *summary) printf(format string, args ...any) {
	fmt.Fprintf(s.w, format, args...)
	s.last = time.Now()
}

func (st *stream) pkg(name string) *pkgState {
	p := st.pkgs[name]
	if p == nil {
		p = &pkgState{out: map[string][]outLine{}, failedTests: map[string]bool{}, running: map[string]time.Time{}}
		st.pkgs[name] = p
	}
	return p
}

// runStages runs the stages of args (commands separated by --then) one after another,
// each with runAll, whatever the stages before it did; it reports whether all succeeded.
func (s *summary) runStages(args []string) bool {
	ok := true
	for _, stage := range stages(args) {
		if !s.runAll(stage) {
			ok = false
		}
	}
	return ok
}

// stages splits args at each --then; empty stages are dropped.
func stages(args []string) [][]string {
	var out [][]string
	var cur []string
	for _, a := range append(slices.Clip(args), "--then") {
		if a != "--then" {
			cur = append(cur, a)
			continue
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		cur = nil
	}
	return out
}

// runAll runs the commands side by side (run) and reports whether every one exited 0.
func (s *summary) runAll(commands []string) bool {
	errs := make([]error, len(commands))
	var wg sync.WaitGroup
	for i, c := range commands {
		wg.Go(func() { errs[i] = s.run(c) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return false
		}
	}
	return true
}

// run executes one shell command and reads its stdout as go test -json events; its
// stderr goes straight through. It returns the command's error (non-zero exit).
func (s *summary) run(command string) error {
	s.mu.Lock()
	st := s.newStream(command)
	s.mu.Unlock()
	cmd := exec.Command("bash", "-c", command)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	reported := false
	if err = cmd.Start(); err == nil {
		reported = s.read(st, out)
		err = cmd.Wait()
	}
	if err != nil && !reported {
		// Nothing reported why (e.g. go test could not start): count the command.
		s.mu.Lock()
		s.failed++
		s.printf("FAIL %s: %v\n", command, err)
		s.mu.Unlock()
	}
	return err
}

// read consumes a go test -json stream; lines that are not events are printed as they
// are. It reports whether the stream reported a failure.
func (s *summary) read(st *stream, r io.Reader) (failed bool) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var ev event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &ev) != nil || ev.Action == "" {
			s.mu.Lock()
			s.printf("%s\n", line)
			s.mu.Unlock()
			continue
		}
		s.mu.Lock()
		before := s.failed
		s.event(st, &ev)
		failed = failed || s.failed > before
		s.mu.Unlock()
	}
	return failed
}

// top returns the top-level test of a (sub)test name.
func top(test string) string {
	name, _, _ := strings.Cut(test, "/")
	return name
}

// event applies one event of stream st; call with mu held.
func (s *summary) event(st *stream, ev *event) {
	switch ev.Action {
	case "build-output":
		st.build[ev.ImportPath] = append(st.build[ev.ImportPath], ev.Output)
		return
	case "build-fail":
		return // reported with the package's fail event (FailedBuild)
	}
	p := st.pkg(ev.Package)
	if ev.Test == "" {
		switch ev.Action {
		case "output":
			p.pkgOut = append(p.pkgOut, ev.Output)
		case "pass", "fail", "skip":
			s.endPackage(st, ev, p)
		}
		return
	}
	t := top(ev.Test)
	switch ev.Action {
	case "run", "cont":
		if t == ev.Test {
			p.running[t] = time.Now()
		}
	case "pause":
		// A parallel test waiting for its turn is not running.
		if t == ev.Test {
			delete(p.running, t)
		}
	case "output":
		if !strings.HasPrefix(ev.Output, "=== ") {
			p.out[t] = append(p.out[t], outLine{ev.Test, ev.Output})
		}
	case "pass", "fail", "skip":
		switch ev.Action {
		case "pass":
			p.passed++
			s.passed++
		case "fail":
			p.failed++
			s.failed++
			p.failedTests[ev.Test] = true
		case "skip":
			p.skipped++
			s.skipped++
		}
		if t != ev.Test {
			return
		}
		delete(p.running, t)
		perTest := s.each != nil && s.each.MatchString(ev.Package)
		switch {
		case ev.Action == "fail":
			s.printf("--- FAIL %s %s (%.1fs)\n", st.name(ev.Package), t, ev.Elapsed)
			lines := p.testOutput(t, true)
			s.printOutput(lines)
			s.recap = append(s.recap, st.name(ev.Package)+" "+t+firstWords(lines))
		case perTest && ev.Action == "skip":
			s.printf("    skip %s: %s\n", t, skipReason(p.testOutput(t, false)))
		case perTest:
			s.printf("    ok   %s (%.1fs)\n", t, ev.Elapsed)
		}
		delete(p.out, t)
	}
}

// endPackage prints the package's line (and, for a failure outside any test, its output).
func (s *summary) endPackage(st *stream, ev *event, p *pkgState) {
	delete(st.pkgs, ev.Package)
	if ev.Action == "skip" && p.passed+p.failed+p.skipped == 0 {
		return // no test files
	}
	counts := fmt.Sprintf("%d passed", p.passed)
	if p.failed > 0 {
		counts += fmt.Sprintf(", %d failed", p.failed)
	}
	if p.skipped > 0 {
		counts += fmt.Sprintf(", %d skipped", p.skipped)
	}
	if ev.Action != "fail" {
		s.printf("ok   %s (%s) %.1fs\n", st.name(ev.Package), counts, ev.Elapsed)
		return
	}
	if p.failed == 0 {
		// The package failed outside its tests: build error, panic, timeout, TestMain.
		s.failed++
		counts += ", the package itself failed"
		s.recap = append(s.recap, st.name(ev.Package)+": the package itself failed")
	}
	s.printf("FAIL %s (%s) %.1fs\n", st.name(ev.Package), counts, ev.Elapsed)
	if ev.FailedBuild != "" {
		s.printOutput(st.build[ev.FailedBuild])
		delete(st.build, ev.FailedBuild)
	}
	if p.failed == 0 || len(p.running) > 0 {
		// A panic or timeout: what the still-running tests printed, then the package's output.
		names := make([]string, 0, len(p.out))
		for n := range p.out {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			s.printOutput(p.testOutput(n, false))
		}
		s.printOutput(p.pkgOut)
	}
}

// testOutput returns the output of top-level test t and its subtests; onlyFailed keeps
// the lines of the (sub)tests that failed.
func (p *pkgState) testOutput(t string, onlyFailed bool) []string {
	var lines []string
	for _, l := range p.out[t] {
		if !onlyFailed || p.failedTests[l.test] {
			lines = append(lines, l.text)
		}
	}
	return lines
}

func (s *summary) printOutput(lines []string) {
	for _, l := range lines {
		if !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		s.printf("    %s", l)
	}
}

// logged returns what a test logged: its output lines trimmed, without empty lines and
// the --- lines of the test framework.
func logged(lines []string) []string {
	var parts []string
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "--- ") {
			continue
		}
		parts = append(parts, l)
	}
	return parts
}

// skipReason is the text a skipped test logged, on one line.
func skipReason(lines []string) string {
	parts := logged(lines)
	if len(parts) == 0 {
		return "(no reason given)"
	}
	return strings.Join(parts, " ")
}

// heartbeat prints a progress line whenever nothing was printed for quiet; the returned
// func stops it.
func (s *summary) heartbeat(quiet time.Duration) func() {
	if quiet <= 0 {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(quiet / 5)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				s.mu.Lock()
				if now.Sub(s.last) >= quiet {
					s.printf("    … %s so far; running %s\n", s.counts(), s.runningList(now))
				}
				s.mu.Unlock()
			}
		}
	})
	return func() { close(done); wg.Wait() }
}

// runningList names the top-level tests still running, longest first; call with mu held.
func (s *summary) runningList(now time.Time) string {
	type run struct {
		name  string
		since time.Duration
	}
	var rs []run
	for _, st := range s.streams {
		for _, p := range st.pkgs {
			for n, t := range p.running {
				rs = append(rs, run{n, now.Sub(t)})
			}
		}
	}
	if len(rs) == 0 {
		return "(building or between tests)"
	}
	sort.Slice(rs, func(i, j int) bool {
		return rs[i].since > rs[j].since || rs[i].since == rs[j].since && rs[i].name < rs[j].name
	})
	var b strings.Builder
	for i, r := range rs {
		if i == 4 {
			fmt.Fprintf(&b, " and %d more", len(rs)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%ds)", r.name, int(r.since.Seconds()))
	}
	return b.String()
}

func (s *summary) counts() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", s.passed, s.failed, s.skipped)
}

// finish prints the summary line (tests and subtests over every command) and reports
// whether everything passed.
func (s *summary) finish() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	// Packages that never reported an end (the stream was cut): failures.
	for _, st := range s.streams {
		names := make([]string, 0, len(st.pkgs))
		for name := range st.pkgs {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			if p := st.pkgs[name]; len(p.running) > 0 || len(p.pkgOut) > 0 {
				s.failed++
				s.printf("FAIL %s: ended without a result\n", st.name(name))
				s.recap = append(s.recap, st.name(name)+": ended without a result")
				s.printOutput(p.pkgOut)
			}
		}
	}
	if len(s.recap) > 0 {
		// Again at the end, where a log's tail (CI's excerpt) shows it.
		s.printf("failed:\n")
		for _, r := range s.recap {
			s.printf("    %s\n", r)
		}
	}
	s.printf("%s\n", s.counts())
	return s.failed == 0
}

// firstWords is ": " and the first line a failed test logged, cut to 160 runes; ""
// when it logged none.
func firstWords(lines []string) string {
	parts := logged(lines)
	if len(parts) == 0 {
		return ""
	}
	l := []rune(parts[0])
	if len(l) > 160 {
		return ": " + string(l[:160]) + "…"
	}
	return ": " + parts[0]
}
