package binding_test

import (
	"encoding/json"
	"testing"

	"github.com/a2ui-go/a2ui/binding"

	"github.com/a2ui-go/a2ui/model"
	"github.com/a2ui-go/a2ui/protocol"
)

func TestSeederWritesOnce(t *testing.T) {
	surf := newSurface(t, protocol.V08, `{}`)
	s := binding.Scope{Surface: surf}
	sd := binding.NewSeeder()
	raw := json.RawMessage(`{"path":"/user/name","literal":"Guest"}`)
	name := model.MustPointer("/user/name")

	seeded, err := sd.Seed(s, raw, "name-field\x00text")
	if err != nil || !seeded {
		t.Fatalf("first Seed = %v, %v; want true, nil", seeded, err)
	}
	if v, _ := surf.Data.Get(name); v != "Guest" {
		t.Fatalf("model after seed = %#v, want \"Guest\"", v)
	}
	if got, _ := binding.Eval(s, raw, nil, nil); got != "Guest" {
		t.Fatalf("Eval after seed = %#v", got)
	}

	// The user types; re-binding the same prop must not clobber the input.
	if err := surf.Data.Set(name, "Ada"); err != nil {
		t.Fatal(err)
	}
	seeded, err = sd.Seed(s, raw, "name-field\x00text")
	if err != nil || seeded {
		t.Fatalf("second Seed = %v, %v; want false, nil", seeded, err)
	}
	if v, _ := surf.Data.Get(name); v != "Ada" {
		t.Fatalf("user input clobbered: %#v", v)
	}
	if got, _ := binding.Eval(s, raw, nil, nil); got != "Ada" {
		t.Fatalf("Eval after input = %#v, want \"Ada\"", got)
	}
	if !sd.Seeded("s1", "name-field\x00text") || sd.Seeded("s1", "other") {
		t.Fatal("Seeded reports wrong keys")
	}

	// Forget (surface deleted and re-created) seeds again.
	sd.Forget("s1")
	if seeded, _ := sd.Seed(s, raw, "name-field\x00text"); !seeded {
		t.Fatal("Seed after Forget did not write")
	}
	if v, _ := surf.Data.Get(name); v != "Guest" {
		t.Fatalf("model after re-seed = %#v", v)
	}
}

func TestSeederTemplateInstancesAndShapes(t *testing.T) {
	surf := newSurface(t, protocol.V08, `{"items":[{},{}]}`)
	sd := binding.NewSeeder()
	raw := json.RawMessage(`{"path":"/done","literal":false}`)
	for i := 0; i < 2; i++ {
		s := binding.Scope{Surface: surf, Base: model.MustPointer("/items").AppendIndex(i), InTemplate: true}
		// The same key in two template instances resolves to different paths: both seed.
		if seeded, err := sd.Seed(s, raw, "check\x00value"); err != nil || !seeded {
			t.Fatalf("instance %d: %v, %v", i, seeded, err)
		}
	}
	got, _ := json.Marshal(surf.Data.Snapshot())
	if string(got) != `{"items":[{"done":false},{"done":false}]}` {
		t.Fatalf("model = %s", got)
	}
	s := binding.Scope{Surface: surf}
	for _, r := range []string{`"text"`, `{"path":"/x"}`, `{"literal":"x"}`, `[1]`, ``, `{bad`} {
		if seeded, err := sd.Seed(s, json.RawMessage(r), "k"); seeded || err != nil {
			t.Errorf("Seed(%s) = %v, %v; want no-op", r, seeded, err)
		}
	}
	if _, err := sd.Seed(binding.Scope{}, json.RawMessage(`{"path":"/a","literal":1}`), "k"); codeOf(err) != protocol.CodeValidationFailed {
		t.Errorf("Seed without surface: err %v", err)
	}
	if _, err := sd.Seed(s, json.RawMessage(`{"path":"/a~9","literal":1}`), "k"); codeOf(err) != protocol.CodeValidationFailed {
		t.Errorf("Seed with bad path: err %v", err)
	}
	// The zero Seeder is usable.
	var zero binding.Seeder
	if seeded, err := zero.Seed(s, json.RawMessage(`{"path":"/z","literal":1}`), "k"); !seeded || err != nil {
		t.Errorf("zero Seeder: %v, %v", seeded, err)
	}
}
