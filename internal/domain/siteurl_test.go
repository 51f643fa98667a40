package domain

import (
	"strings"
	"testing"
)

func TestSiteAddresses(t *testing.T) {
	for _, tc := range []struct {
		check func(string) error
		in    string
		want  string // "" when accepted; else a part of the error
	}{
		{CheckSiteURL, "https://www.example.com", ""},
		{CheckSiteURL, "https://www.example.com/", ""},
		{CheckSiteURL, "http://127.0.0.1:8080", ""},
		{CheckSiteURL, "https://www.example.com/agency", ""},
		{CheckSiteURL, "www.example.com", "did you mean https://www.example.com?"},
		{CheckSiteURL, "example.com:8080/blog", "did you mean https://example.com:8080/blog?"},
		{CheckSiteURL, "ftp://x y", "expected an http:// or https:// address"},
		{CheckSiteURL, "ftp://files.example.com", "expected an http:// or https:// address"},
		{CheckSiteURL, "https://", "expected an http:// or https:// address"},
		{CheckSiteURL, "https://www.example.com/?x=1", "without ? or #"},
		{CheckSiteURL, "/blog", "expected an http:// or https:// address"},
		{CheckSiteURL, "", "empty address"},
		{CheckOrigin, "https://www.example.com", ""},
		{CheckOrigin, "https://www.example.com/", ""},
		{CheckOrigin, "http://localhost:4173", ""},
		{CheckOrigin, "www.example.com", "did you mean https://www.example.com?"},
		{CheckOrigin, "https://www.example.com/contactus/", "did you mean https://www.example.com?"},
		{CheckOrigin, "https://www.example.com?x", "did you mean https://www.example.com?"},
		{CheckFormEndpoint, "/popup", ""},
		{CheckFormEndpoint, "https://api.example.com/popup", ""},
		{CheckFormEndpoint, "api.example.com/popup", "did you mean https://api.example.com/popup?"},
		{CheckFormEndpoint, "//api.example.com/popup", "expected an http:// or https:// address"},
		{CheckFormEndpoint, "popup", "or a path of the site such as /popup"},
		{CheckFormEndpoint, "/po pup", "expected a path of the site"},
	} {
		err := tc.check(tc.in)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}
