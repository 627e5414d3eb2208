package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The testdata streams are real `go test -json` output (times removed) of a small module:
// failures.json has a failing subtest, a skip, a panicking test and a package that does
// not build; passing.json a passing package, a skip and a package without tests.
func TestSummary(t *testing.T) {
	tests := []struct {
		name     string
		each     string
		commands []string
		ok       bool
		want     string
	}{
		{
			name:     "failures",
			commands: []string{"cat testdata/failures.json; exit 1"},
			want: `--- FAIL tsx/a TestSub (0.0s)
        a_test.go:6: want 2, got 3
    --- FAIL: TestSub/bad (0.00s)
    --- FAIL: TestSub (0.00s)
FAIL tsx/a (2 passed, 2 failed, 1 skipped) 0.0s
FAIL tsx/c (0 passed, the package itself failed) 0.0s
    # tsx/c [tsx/c.test]
    c/c_test.go:3:28: undefined: undefined
    FAIL	tsx/c [build failed]
--- FAIL tsx/b TestPanic (0.0s)
    --- FAIL: TestPanic (0.00s)
    panic: assignment to entry in nil map [recovered, repanicked]
    
    goroutine 19 [running]:
    testing.tRunner.func1.2({0x55a7a0, 0x6cac40})
    	/usr/local/go/src/testing/testing.go:1974 +0x232
    testing.tRunner.func1()
    	/usr/local/go/src/testing/testing.go:1977 +0x349
    panic({0x55a7a0?, 0x6cac40?})
    	/usr/local/go/src/runtime/panic.go:860 +0x13a
    tsx/b.TestPanic(0x2d732671e488?)
    	/src/tsx/b/b_test.go:3 +0x28
    testing.tRunner(0x2d732671e488, 0x592e10)
    	/usr/local/go/src/testing/testing.go:2036 +0xea
    created by testing.(*T).Run in goroutine 1
    	/usr/local/go/src/testing/testing.go:2101 +0x4c5
FAIL tsx/b (0 passed, 1 failed) 0.0s
failed:
    tsx/a TestSub: a_test.go:6: want 2, got 3
    tsx/c: the package itself failed
    tsx/b TestPanic: panic: assignment to entry in nil map [recovered, repanicked]
2 passed, 4 failed, 1 skipped
`,
		},
		{
			name:     "passing with a line per test, two commands",
			each:     `^tsx/a$`,
			commands: []string{"cat testdata/passing.json", "echo not json; cat testdata/passing.json"},
			ok:       true,
			want: `    ok   TestOK (0.0s)
    skip TestSkip: a_test.go:8: no fixtures
ok   tsx/a (1 passed, 1 skipped) 0.0s
not json
    ok   TestOK (0.0s)
    skip TestSkip: a_test.go:8: no fixtures
ok   tsx/a (1 passed, 1 skipped) 0.0s
2 passed, 0 failed, 2 skipped
`,
		},
		{
			name:     "a command that fails without reporting a test",
			commands: []string{"exit 3", "cat testdata/passing.json"},
			want: `FAIL exit 3: exit status 3
ok   tsx/a (1 passed, 1 skipped) 0.0s
1 passed, 1 failed, 1 skipped
`,
		},
		{
			name:     "a stream cut while a test runs",
			commands: []string{"head -3 testdata/passing.json"},
			want:     "FAIL tsx/a: ended without a result\nfailed:\n    tsx/a: ended without a result\n0 passed, 1 failed, 0 skipped\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			s := newSummary(&out)
			if tc.each != "" {
				s.each = regexp.MustCompile(tc.each)
			}
			for _, c := range tc.commands {
				_ = s.run(c)
			}
			ok := s.finish()
			if ok != tc.ok {
				t.Errorf("finish() = %v, want %v", ok, tc.ok)
			}
			if got := out.String(); got != tc.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestRunAllSideBySide: the commands run at once (the first waits for a file only the
// second writes), the same package from two commands is two packages, told apart by
// their labels, and a failing command fails the whole.
func TestRunAllSideBySide(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s := newSummary(&out)
	ok := s.runAll([]string{
		"for i in $(seq 500); do [[ -f " + dir + "/go ]] && break; sleep 0.01; done; [[ -f " + dir + "/go ]] && cat testdata/passing.json # host",
		"touch " + dir + "/go; cat testdata/passing.json # wasm",
		"exit 2",
	})
	if ok {
		t.Errorf("runAll = true with a command exiting 2")
	}
	if s.finish() {
		t.Errorf("finish() = true after a failed command")
	}
	got := out.String()
	wantLabelled(t, got, "FAIL exit 2: exit status 2\n")
	if !strings.HasSuffix(got, "\n2 passed, 1 failed, 2 skipped\n") {
		t.Errorf("summary line: %q", got)
	}
}

func TestHeartbeatNamesRunningTests(t *testing.T) {
	var out syncBuffer
	s := newSummary(&out)
	stop := s.heartbeat(50 * time.Millisecond)
	s.mu.Lock()
	st := s.newStream("go test ./p")
	s.event(st, &event{Action: "run", Package: "p", Test: "TestSlow"})
	s.event(st, &event{Action: "run", Package: "p", Test: "TestWaiting"})
	s.event(st, &event{Action: "pause", Package: "p", Test: "TestWaiting"})
	s.event(st, &event{Action: "pass", Package: "p", Test: "TestFast"})
	s.mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "running TestSlow") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	stop()
	if got := out.String(); !strings.Contains(got, "    … 1 passed, 0 failed, 0 skipped so far; running TestSlow (0s)\n") {
		t.Errorf("no progress line naming the running test: %q", got)
	}
}

// syncBuffer is a bytes.Buffer the heartbeat goroutine and the test can share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestStages: --then splits the commands into stages, empty ones dropped.
func TestStages(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"a", "b"}, `[["a","b"]]`},
		{[]string{"a", "--then", "b", "c"}, `[["a"],["b","c"]]`},
		{[]string{"--then", "a", "--then", "--then", "b", "--then"}, `[["a"],["b"]]`},
		{nil, `null`},
	} {
		got, _ := json.Marshal(stages(tc.args))
		if string(got) != tc.want {
			t.Errorf("stages(%q) = %s, want %s", tc.args, got, tc.want)
		}
	}
}

// TestRunStagesInOrder: a stage starts when the one before it has ended (the second
// stage's command fails unless the first stage's has finished; the first fails if the
// second already ran), and a failing stage does not stop the next.
func TestRunStagesInOrder(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	s := newSummary(&out)
	ok := s.runStages([]string{
		"[[ ! -f " + dir + "/two ]] && touch " + dir + "/one && cat testdata/passing.json # host",
		"exit 3",
		"--then",
		"[[ -f " + dir + "/one ]] && touch " + dir + "/two && cat testdata/passing.json # wasm",
	})
	if ok {
		t.Errorf("runStages = true with a command exiting 3")
	}
	got := out.String()
	wantLabelled(t, got, "FAIL exit 3: exit status 3\n")
	if _, err := os.Stat(dir + "/two"); err != nil {
		t.Errorf("the second stage did not run after the first: %v", err)
	}
}

// wantLabelled checks that got has the passing stream's package line under both labels,
// host and wasm, and each of more.
func wantLabelled(t *testing.T, got string, more ...string) {
	t.Helper()
	for _, want := range append([]string{
		"ok   tsx/a [host] (1 passed, 1 skipped) 0.0s\n",
		"ok   tsx/a [wasm] (1 passed, 1 skipped) 0.0s\n",
	}, more...) {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}
