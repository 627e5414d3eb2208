// Command brotli compresses with github.com/andybalholm/brotli, so the build needs no
// system brotli binary. It takes the flags the Makefile and scripts use of the real one:
//
//	brotli [-q N] [-f] -o OUT IN    compress IN into OUT
//	brotli [-q N] -c [IN]           compress IN (default stdin) to stdout
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/andybalholm/brotli"
)

func main() {
	q := flag.Int("q", 11, "quality, 0-11")
	out := flag.String("o", "", "output file")
	toStdout := flag.Bool("c", false, "write to stdout")
	flag.Bool("f", true, "overwrite OUT (always)")
	flag.Parse()
	if err := run(*q, *out, *toStdout, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "brotli:", err)
		os.Exit(1)
	}
}

func run(q int, out string, toStdout bool, args []string) error {
	if len(args) > 1 || (out == "" && !toStdout) || (out != "" && toStdout) {
		return fmt.Errorf("usage: brotli [-q N] [-f] -o OUT IN | brotli [-q N] -c [IN]")
	}
	in := io.Reader(os.Stdin)
	if len(args) == 1 {
		f, err := os.Open(args[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	if toStdout {
		return compress(os.Stdout, in, q)
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), ".brotli-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := compress(tmp, in, q); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), out)
}

func compress(w io.Writer, r io.Reader, q int) error {
	bw := brotli.NewWriterLevel(w, q)
	if _, err := io.Copy(bw, r); err != nil {
		return err
	}
	return bw.Close()
}
