package agui

import "math/rand/v2"

// newUUID returns a random (version 4) UUID, as @ag-ui/client makes runIds and
// threadIds. math/rand/v2's generator is seeded from the platform's random source
// (crypto.getRandomValues in the browser) and is already linked into the wasm.
func newUUID() string {
	const hex = "0123456789abcdef"
	var b [16]byte
	for i := 0; i < 16; i += 8 {
		u := rand.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(u >> (8 * j))
		}
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	out := make([]byte, 0, 36)
	for i, c := range b {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			out = append(out, '-')
		}
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}
