package binding

import (
	"encoding/json"
	"sync"

	"github.com/a2ui-go/a2ui/internal/jsonscan"
)

// Seeder performs the v0.8 initialization shorthand: a BoundValue with both path and
// literal (lifted to {"path": p, "literal": v}) writes v into the data model at p when the
// prop is first bound, then binds to p. The write happens once per (surface, key,
// resolved path) and never again, so later user input and updateDataModel writes are not
// clobbered by re-renders. The write is unconditional the first time (the letter of the
// v0.8 spec), even when p already holds a value.
//
// The renderer keeps one Seeder and calls Forget when a surface is deleted. Safe for
// concurrent use, though the renderer only uses it on its UI goroutine.
type Seeder struct {
	mu   sync.Mutex
	done map[string]map[string]struct{} // surface ID → seeded keys
}

// NewSeeder returns an empty Seeder.
func NewSeeder() *Seeder { return &Seeder{done: map[string]map[string]struct{}{}} }

// Seed writes the literal of raw into s's data model if raw is a {"path","literal"}
// object and key has not been seeded on this surface for the same resolved path yet. key
// identifies the bound prop: the component instance key (template instances included)
// plus the prop name, e.g. "name@/items/0\x00text". seeded reports whether a write
// happened. Any other raw shape is ignored (false, nil). Errors: a scope without a
// surface or data model, a malformed path, or the model refusing the write (limits); a
// failed write is not remembered, so it is retried on the next bind.
func (sd *Seeder) Seed(s Scope, raw json.RawMessage, key string) (seeded bool, err error) {
	if len(raw) == 0 || raw[0] != '{' {
		return false, nil
	}
	v, err := jsonscan.Parse(raw)
	if err != nil {
		return false, nil
	}
	return sd.SeedValue(s, v, key)
}

// SeedValue is Seed for an already decoded value (map[string]any{"path", "literal"}).
func (sd *Seeder) SeedValue(s Scope, v any, key string) (seeded bool, err error) {
	form, ok := v.(map[string]any)
	if !ok {
		return false, nil
	}
	path, isStr := form["path"].(string)
	lit, hasLit := form["literal"]
	if !isStr || !hasLit {
		return false, nil
	}
	if s.Surface == nil || s.Surface.Data == nil {
		return false, validationErr(s, "seed "+quote(key)+": scope has no data model")
	}
	p, err := s.Resolve(path)
	if err != nil {
		return false, err
	}
	full := key + "\x00" + p.String()
	sd.mu.Lock()
	if sd.done == nil {
		sd.done = map[string]map[string]struct{}{}
	}
	keys := sd.done[s.Surface.ID]
	if _, dup := keys[full]; dup {
		sd.mu.Unlock()
		return false, nil
	}
	sd.mu.Unlock()
	if err := s.Surface.Data.Set(p, lit); err != nil {
		return false, err
	}
	sd.mu.Lock()
	keys = sd.done[s.Surface.ID]
	if keys == nil {
		keys = map[string]struct{}{}
		sd.done[s.Surface.ID] = keys
	}
	keys[full] = struct{}{}
	sd.mu.Unlock()
	return true, nil
}

// Seeded reports whether key was seeded on surfaceID (for any path).
func (sd *Seeder) Seeded(surfaceID, key string) bool {
	sd.mu.Lock()
	defer sd.mu.Unlock()
	prefix := key + "\x00"
	for k := range sd.done[surfaceID] {
		if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
			return true
		}
	}
	return false
}

// Forget drops everything remembered for surfaceID (call it when the surface is deleted,
// so a re-created surface of the same id seeds again).
func (sd *Seeder) Forget(surfaceID string) {
	sd.mu.Lock()
	delete(sd.done, surfaceID)
	sd.mu.Unlock()
}
