package policy

import "strings"

// asciiHost returns host lower-cased with every non-ASCII label in its Punycode form
// ("xn--..."; RFC 3492), the form the user should see and allowlists compare. It does
// no other IDNA mapping: a host the browser would map differently fails the allowlist
// (closed), never passes it. ok is false for a label that cannot be encoded.
func asciiHost(host string) (string, bool) {
	host = strings.ToLower(host)
	ascii := true
	for i := 0; i < len(host); i++ {
		if host[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return host, true
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		enc, ok := punyLabel(l)
		if !ok {
			return "", false
		}
		labels[i] = enc
	}
	return strings.Join(labels, "."), true
}

func punyLabel(l string) (string, bool) {
	rs := []rune(l)
	var out []byte
	basic := 0
	for _, r := range rs {
		if r < 0x80 {
			out = append(out, byte(r))
			basic++
		}
	}
	if basic == len(rs) {
		return l, true
	}
	const (
		base, tmin, tmax, skew, damp = 36, 1, 26, 38, 700
		initialBias, initialN        = 72, 128
	)
	digit := func(d int) byte {
		if d < 26 {
			return byte('a' + d)
		}
		return byte('0' + d - 26)
	}
	adapt := func(delta, numPoints int, first bool) int {
		if first {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / numPoints
		k := 0
		for delta > ((base-tmin)*tmax)/2 {
			delta /= base - tmin
			k += base
		}
		return k + (base-tmin+1)*delta/(delta+skew)
	}
	if basic > 0 {
		out = append(out, '-')
	}
	n, delta, bias, h := initialN, 0, initialBias, basic
	for h < len(rs) {
		m := int(^uint(0) >> 1)
		for _, r := range rs {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if (m-n)*(h+1) > 1<<30 {
			return "", false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range rs {
			if int(r) < n {
				delta++
			}
			if int(r) == n {
				q := delta
				for k := base; ; k += base {
					t := k - bias
					if t < tmin {
						t = tmin
					} else if t > tmax {
						t = tmax
					}
					if q < t {
						break
					}
					out = append(out, digit(t+(q-t)%(base-t)))
					q = (q - t) / (base - t)
				}
				out = append(out, digit(q))
				bias = adapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return "xn--" + string(out), true
}
