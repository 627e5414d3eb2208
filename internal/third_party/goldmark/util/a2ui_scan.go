package util

// emailDomainLen is goldmark's email-domain regexp by hand (a2ui patch: no regexp in the
// wasm), the length of its match at the start of b or -1:
//
//	^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*
//
// Nothing follows the last group, so the leftmost-first match takes every greedy choice
// as it comes: each label is the longest run of up to 63 [a-zA-Z0-9-] that starts and
// ends with [a-zA-Z0-9], and another label follows while a '.' and an alphanumeric do.
func emailDomainLen(b []byte) int {
	i := emailLabel(b, 0)
	if i < 0 {
		return -1
	}
	for i < len(b) && b[i] == '.' {
		j := emailLabel(b, i+1)
		if j < 0 {
			break
		}
		i = j
	}
	return i
}

// emailLabel returns the end of the label at b[i], or -1 when b[i] is not alphanumeric.
func emailLabel(b []byte, i int) int {
	if i >= len(b) || !IsAlphaNumeric(b[i]) {
		return -1
	}
	end := i + 1
	for j := i + 1; j < len(b) && j-i < 63 && (IsAlphaNumeric(b[j]) || b[j] == '-'); j++ {
		if IsAlphaNumeric(b[j]) {
			end = j + 1
		}
	}
	return end
}
