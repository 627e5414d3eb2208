package basic

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/a2ui-go/a2ui/dom"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden renders one representative surface per component and compares the HTML
// (attributes, props as .name, listeners as @event, keys) with testdata/<name>.golden.html.
func TestGolden(t *testing.T) {
	cases := []struct{ name, comps, data string }{
		{"text", `[{"id":"root","component":"Column","children":["h","c","b","md"]},
			{"id":"h","component":"Text","text":"Title **bold**","variant":"h2"},
			{"id":"c","component":"Text","text":"small print","variant":"caption"},
			{"id":"b","component":"Text","text":{"path":"/msg"}},
			{"id":"md","component":"Text","text":"# Head\n\n- a\n- [link](https://a2ui.org)"}]`, `{"msg":"Hello"}`},
		{"image", `[{"id":"root","component":"Image","url":"https://img.example/p.png","description":"Photo","fit":"cover","variant":"header"}]`, ""},
		{"icon", `[{"id":"root","component":"Row","children":["i1","i2","i3"]},
			{"id":"i1","component":"Icon","name":"check"},
			{"id":"i2","component":"Icon","name":{"svgPath":"M0 0L24 24"},"accessibility":{"label":"Custom"}},
			{"id":"i3","component":"Icon","name":{"path":"/icon"}}]`, `{"icon":"not_an_icon"}`},
		{"media", `[{"id":"root","component":"Column","children":["v","au"]},
			{"id":"v","component":"Video","url":"https://v.example/m.mp4","posterUrl":"https://v.example/p.jpg"},
			{"id":"au","component":"AudioPlayer","url":"https://v.example/a.mp3","description":"Episode 1"}]`, ""},
		{"layout", `[{"id":"root","component":"Column","justify":"spaceBetween","align":"center","children":["row","list","div"]},
			{"id":"row","component":"Row","children":["t1","t2"]},
			{"id":"t1","component":"Text","text":"grow","weight":2},
			{"id":"t2","component":"Text","text":"fixed"},
			{"id":"list","component":"List","direction":"horizontal","children":{"componentId":"item","path":"/items"}},
			{"id":"item","component":"Card","child":"itxt"},
			{"id":"itxt","component":"Text","text":{"path":"name"}},
			{"id":"div","component":"Divider","axis":"vertical"}]`, `{"items":[{"name":"A"},{"name":"B"}]}`},
		{"tabs", `[{"id":"root","component":"Tabs","tabs":[{"title":"One","child":"a"},{"title":{"path":"/t2"},"child":"b"}]},
			{"id":"a","component":"Text","text":"first"},{"id":"b","component":"Text","text":"second"}]`, `{"t2":"Two"}`},
		{"modal", `[{"id":"root","component":"Modal","trigger":"btn","content":"body"},
			{"id":"btn","component":"Button","child":"bt","variant":"primary","action":{"event":{"name":"open"}}},
			{"id":"bt","component":"Text","text":"Open"},{"id":"body","component":"Text","text":"Hi"}]`, ""},
		{"button", `[{"id":"root","component":"Row","children":["b1","b2"]},
			{"id":"b1","component":"Button","child":"t1","variant":"borderless","action":{"event":{"name":"x"}}},
			{"id":"t1","component":"Text","text":"Link-like"},
			{"id":"b2","component":"Button","child":"t2","action":{"event":{"name":"y"}},
			 "checks":[{"condition":{"path":"/ok"},"message":"not ok"}],"accessibility":{"label":"Submit form","description":"Sends it"}},
			{"id":"t2","component":"Text","text":"Submit"}]`, `{"ok":false}`},
		{"textfield", `[{"id":"root","component":"Column","children":["s","l","n","o"]},
			{"id":"s","component":"TextField","label":"Name","value":{"path":"/name"},"placeholder":"Ada"},
			{"id":"l","component":"TextField","label":"Bio","variant":"longText","value":"text"},
			{"id":"n","component":"TextField","label":"Age","variant":"number","value":{"path":"/age"},
			 "checks":[{"condition":{"call":"numeric","args":{"value":{"path":"/age"},"min":18}},"message":"Must be 18+"}]},
			{"id":"o","component":"TextField","label":"Password","variant":"obscured","validationRegexp":"^[0-9]{4}$","value":"12"}]`, `{"name":"","age":"12"}`},
		{"checkbox", `[{"id":"root","component":"CheckBox","label":"I agree","value":{"path":"/agree"}}]`, `{"agree":true}`},
		{"choicepicker", `[{"id":"root","component":"Column","children":["r","c"]},
			{"id":"r","component":"ChoicePicker","label":"Size","options":[{"label":"S","value":"s"},{"label":"L","value":"l"}],"value":["l"]},
			{"id":"c","component":"ChoicePicker","variant":"multipleSelection","displayStyle":"chips","filterable":true,
			 "options":[{"label":"Red","value":"r"},{"label":"Blue","value":"b"}],"value":{"path":"/c"}}]`, `{"c":["b"]}`},
		{"slider", `[{"id":"root","component":"Slider","label":"Volume","min":0,"max":10,"steps":5,"value":{"path":"/v"}}]`, `{"v":4}`},
		{"datetime", `[{"id":"root","component":"Column","children":["d","t"]},
			{"id":"d","component":"DateTimeInput","label":"Day","enableDate":true,"value":"2025-03-04","min":"2025-01-01"},
			{"id":"t","component":"DateTimeInput","label":"When","value":{"path":"/at"}}]`, `{"at":"2025-03-04T05:06:07"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, s := newSurface(t, tc.comps, tc.data)
			root, errs := buildSurface(s, testEnv())
			for _, e := range errs {
				t.Errorf("error: %v", e)
			}
			got := dom.Outline(root)
			file := filepath.Join("testdata", tc.name+".golden.html")
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s mismatch:\n--- got\n%s\n--- want\n%s", file, got, want)
			}
		})
	}
}
