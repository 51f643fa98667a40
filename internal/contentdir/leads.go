package contentdir

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
)

// AttributionMode is the site's attribution setting (notice when unset).
func (s Site) AttributionMode() domain.AttributionMode {
	m, err := domain.ParseAttributionMode(s.Attribution)
	if err != nil {
		return domain.AttributionNotice // Load refused it already
	}
	return m
}

// Location is the site's time zone (UTC when site.yaml names none).
func (s Site) Location() (*time.Location, error) {
	z, err := domain.LoadSiteZone(s.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("timeZone %q is no IANA time zone (such as Asia/Kolkata)", s.TimeZone)
	}
	return z.Location, nil
}

func (s Site) checkLeads() error {
	if _, err := domain.ParseAttributionMode(s.Attribution); err != nil {
		return fmt.Errorf("attribution %q: expected notice, consent or off", s.Attribution)
	}
	_, err := s.Location()
	return err
}

// SiteFile is content/site.yaml for a server that runs while it is edited: Site reads it again
// once it changed (looking at most once a second), so a setting takes effect without a restart,
// as it does in the pages the next build makes.
type SiteFile struct {
	path string

	mu      sync.Mutex
	site    Site
	zone    *time.Location
	err     error
	stamp   string // size and modification time of what was read
	checked time.Time
}

// NewSiteFile watches site.yaml in the content folder dir.
func NewSiteFile(dir string) *SiteFile { return &SiteFile{path: filepath.Join(dir, "site.yaml")} }

// Site answers site.yaml as it is now; when it cannot be read or is wrong, the last good one
// with the error.
func (f *SiteFile) Site() (Site, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := time.Now()
	if !f.checked.IsZero() && now.Sub(f.checked) < time.Second {
		return f.site, f.err
	}
	f.checked = now
	fi, err := os.Stat(f.path)
	if err != nil {
		f.err = err
		return f.site, err
	}
	stamp := fmt.Sprint(fi.Size(), fi.ModTime().UnixNano())
	if stamp == f.stamp {
		return f.site, f.err
	}
	var s Site
	if err := readYAML(f.path, &s); err != nil {
		f.err = err
		return f.site, err
	}
	if err := s.checkLeads(); err != nil {
		f.err = fmt.Errorf("%s: %w", f.path, err)
		return f.site, f.err
	}
	zone, _ := s.Location() // checked above
	f.site, f.zone, f.err, f.stamp = s, zone, nil, stamp
	return s, nil
}

// Leads answers the site's attribution setting and time zone now (the defaults until the file
// was once read well).
func (f *SiteFile) Leads() (domain.AttributionMode, *time.Location, error) {
	s, err := f.Site()
	f.mu.Lock()
	zone := f.zone
	f.mu.Unlock()
	if zone == nil {
		zone, _ = Site{}.Location()
	}
	return s.AttributionMode(), zone, err
}
