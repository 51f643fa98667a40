package domain

import (
	"strings"
	"testing"
)

// BenchmarkSpamScore scores an enquiry of the longest text accepted, Hindi and English mixed.
func BenchmarkSpamScore(b *testing.B) {
	msg := strings.Repeat("नमस्ते, mujhe SEO course karna hai www.example.in ", MaxMessageLen/50)
	m := Message{Name: "आशा वर्मा", Message: string([]rune(msg)[:MaxMessageLen])}
	for b.Loop() {
		SpamScore(m)
	}
}
