package intake

import (
	"testing"

	"digitalreeviver/internal/deploy"
)

// TestCheckApart: the intake bucket is refused when it is the site's bucket on the same store,
// whatever the prefixes and however the store's address is written.
func TestCheckApart(t *testing.T) {
	for _, tc := range []struct {
		intake, site     string // buckets
		intakeEP, siteEP string
		refused          bool
	}{
		{"www-site", "www-site", "", "", true},
		{"www-site", "www-site", "", "https://s3.ap-south-1.amazonaws.com", true},
		{"www-site", "www-site", "http://127.0.0.1:7070", "HTTP://127.0.0.1:7070/", true},
		{"www-site", "www-site", "http://127.0.0.1:7070", "http://127.0.0.1:7071", false},
		{"www-site", "www-site", "https://a.r2.cloudflarestorage.com", "", false},
		{"agency-intake", "www-site", "", "", false},
	} {
		cfg := Config{Bucket: tc.intake, Base: "enquiries/", Endpoint: tc.intakeEP}
		err := cfg.CheckApart(deploy.Target{Bucket: tc.site, Prefix: "www/"}, tc.siteEP)
		if (err != nil) != tc.refused {
			t.Errorf("%+v: %v", tc, err)
		}
	}
}
