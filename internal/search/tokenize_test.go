package search

import (
	"reflect"
	"testing"
)

func TestTerms(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"SEO Services in Delhi", []string{"seo", "servic", "delhi"}},
		{"The agency's marketing, don't worry!", []string{"agenc", "market", "dont", "worri"}},
		{"Café résumé naïve", []string{"cafe", "resum", "naiv"}},
		{"e-commerce websites", []string{"commerc", "websit", "ecommerc"}},
		{"GA4 tracking for 2025", []string{"ga4", "track", "2025"}},
		{"Google Ads ke liye budget kaise set karein", []string{"googl", "ad", "liy", "budget", "kais", "set", "karein"}},
		{"डिजिटल मार्केटिंग कोर्स", []string{"डिजिटल", "मार्केटिंग", "कोर्स"}},
		{"a b c x-y-z 7", []string{"7", "xyz"}},
		{"state-of-the-art follow-up", []string{"state", "art", "follow", "followup"}},
		{"it’s Noida’s best", []string{"noida", "best"}},
	}
	for _, c := range cases {
		got := terms(c.text, nil)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("terms(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestEachWordOffsets(t *testing.T) {
	text := "Hi, it’s Noida—SEO!"
	var got []string
	eachWord(text, func(w string, s, e int) {
		if text[s:e] != w {
			t.Errorf("offsets %d..%d give %q, not %q", s, e, text[s:e], w)
		}
		got = append(got, w)
	})
	if want := []string{"Hi", "it’s", "Noida", "SEO"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("words %q, want %q", got, want)
	}
}

func TestParseQuery(t *testing.T) {
	cases := []struct {
		q    string
		want []QueryWord
	}{
		{"", nil},
		{"s", nil},
		{"se", []QueryWord{{"se", true}}},
		{"seo ", []QueryWord{{"seo", false}}},
		{"how to do SEO for the clinic", []QueryWord{{"seo", false}, {"clinic", true}}},
		{"the", []QueryWord{{"the", true}}},
		{"local seo g", []QueryWord{{"local", false}, {"seo", false}, {"g", true}}},
		{"Café?", []QueryWord{{"cafe", false}}},
	}
	for _, c := range cases {
		if got := ParseQuery(c.q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseQuery(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

func TestHTMLText(t *testing.T) {
	heads, body := HTMLText(`<h2>Why <em>local</em> SEO</h2><p>Reviews &amp; photos.</p><script>x()</script><ul><li>One</li><li>Two</li></ul><h3>Next</h3><p>Done</p>`)
	if want := []string{"Why local SEO", "Next"}; !reflect.DeepEqual(heads, want) {
		t.Errorf("headings %q, want %q", heads, want)
	}
	if want := "Reviews & photos. One Two Done"; body != want {
		t.Errorf("body %q, want %q", body, want)
	}
}
