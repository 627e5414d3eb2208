package agui

import (
	"strings"
	"testing"
)

// TestApplyPatch follows RFC 6902's examples (appendix A) and its error cases: a patch
// that fails leaves the document as it was.
func TestApplyPatch(t *testing.T) {
	for _, tc := range []struct {
		doc, patch, want, err string
	}{
		{`{"foo":"bar"}`, `[{"op":"add","path":"/baz","value":"qux"}]`, `{"baz":"qux","foo":"bar"}`, ""},
		{`{"foo":["bar","baz"]}`, `[{"op":"add","path":"/foo/1","value":"qux"}]`, `{"foo":["bar","qux","baz"]}`, ""},
		{`{"foo":["bar"]}`, `[{"op":"add","path":"/foo/-","value":"x"}]`, `{"foo":["bar","x"]}`, ""},
		{`{"baz":"qux","foo":"bar"}`, `[{"op":"remove","path":"/baz"}]`, `{"foo":"bar"}`, ""},
		{`{"foo":["bar","qux","baz"]}`, `[{"op":"remove","path":"/foo/1"}]`, `{"foo":["bar","baz"]}`, ""},
		{`{"baz":"qux","foo":"bar"}`, `[{"op":"replace","path":"/baz","value":"boo"}]`, `{"baz":"boo","foo":"bar"}`, ""},
		{`{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}`, `[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]`,
			`{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}`, ""},
		{`{"foo":["all","grass","cows","eat"]}`, `[{"op":"move","from":"/foo/1","path":"/foo/3"}]`, `{"foo":["all","cows","eat","grass"]}`, ""},
		{`{"baz":"qux","foo":["a",2,"c"]}`, `[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]`, `{"baz":"qux","foo":["a",2,"c"]}`, ""},
		{`{"baz":"qux"}`, `[{"op":"test","path":"/baz","value":"bar"}]`, "", "test failed"},
		{`{"foo":"bar"}`, `[{"op":"add","path":"/child","value":{"grandchild":{}}}]`, `{"child":{"grandchild":{}},"foo":"bar"}`, ""},
		{`{"foo":"bar"}`, `[{"op":"add","path":"/baz/bat","value":"qux"}]`, "", "no member"},
		{`{"/":9,"~1":10}`, `[{"op":"test","path":"/~01","value":10},{"op":"replace","path":"/~1","value":1}]`, `{"/":1,"~1":10}`, ""},
		{`{"foo":["bar"]}`, `[{"op":"add","path":"/foo/-","value":["abc","def"]}]`, `{"foo":["bar",["abc","def"]]}`, ""},
		{`{"a":{"b":1}}`, `[{"op":"copy","from":"/a","path":"/c"},{"op":"replace","path":"/c/b","value":2}]`, `{"a":{"b":1},"c":{"b":2}}`, ""},
		{`{"a":1}`, `[{"op":"replace","path":"","value":[1]}]`, `[1]`, ""},
		{`{"a":1}`, `[{"op":"add","path":"/b","value":1},{"op":"remove","path":"/zz"}]`, "", "patch operation 1: no member"},
		{`{"a":[1]}`, `[{"op":"add","path":"/a/5","value":1}]`, "", "out of range"},
		{`{"a":[1]}`, `[{"op":"add","path":"/a/01","value":1}]`, "", "bad array index"},
		{`{"a":{}}`, `[{"op":"move","from":"/a","path":"/a/b"}]`, "", "into itself"},
		{`{"a":1}`, `[{"op":"frob","path":"/a"}]`, "", "unknown op"},
		{`{"a":1}`, `[{"op":"add","path":"a","value":1}]`, "", "does not start with /"},
		{`{"a":1}`, `[{"op":"add","path":"/b"}]`, "", `"value" is missing`},
		{`{"a":1}`, `{"op":"add"}`, "", "not an array"},
		{`{"a":1}`, `[{"op":"remove","path":""}]`, "", "whole document"},
		{`{"a":1}`, `[{"op":"add","path":"/a/b","value":1}]`, "", "scalar"},
	} {
		got, err := applyPatch([]byte(tc.doc), []byte(tc.patch))
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s + %s: err %v, want %q", tc.doc, tc.patch, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s + %s: %v", tc.doc, tc.patch, err)
		case tc.err == "" && string(got) != tc.want:
			t.Errorf("%s + %s = %s, want %s", tc.doc, tc.patch, got, tc.want)
		}
	}
}

// TestApplyPatchCopyBudget: a patch that keeps doubling the document by "copy" stops
// with an error instead of exhausting memory.
func TestApplyPatchCopyBudget(t *testing.T) {
	ops := []string{`{"op":"add","path":"/a","value":[1,2,3,4,5,6,7,8]}`}
	for i := 0; i < 40; i++ {
		ops = append(ops, `{"op":"copy","from":"/a","path":"/a/-"}`)
	}
	_, err := applyPatch([]byte(`{}`), []byte("["+strings.Join(ops, ",")+"]"))
	if err == nil || !strings.Contains(err.Error(), "copies too much") {
		t.Errorf("err = %v", err)
	}
}
