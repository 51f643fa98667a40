package enquiry

import (
	"strings"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
)

// attribution reads where the visit that sent the enquiry came from (readAttribution), and
// counts the enquiry as the conversion of the counted visit that sent it.
func (s *Service) attribution(sub Submission) *domain.Attribution {
	a := s.readAttribution(sub)
	if a != nil && s.cfg.Leads != nil && sub.IP != "" {
		s.cfg.Leads.Convert(sub.IP, sub.UserAgent, a)
	}
	return a
}

// readAttribution reads where the visit that sent the enquiry came from, under the site's
// setting (domain.ReadAttribution). A request that asked not to be tracked keeps none. A field
// that breaks its rule is dropped and counted, never kept raw and never a reason to refuse the
// enquiry. Spam keeps it too, uncounted: an enquiry taken for spam by mistake and put back keeps
// its source (and can reach the Google Ads file).
func (s *Service) readAttribution(sub Submission) *domain.Attribution {
	if sub.NoTracking {
		return nil
	}
	mode := domain.AttributionNotice
	if s.cfg.Leads != nil {
		mode = s.cfg.Leads.Settings().Mode
	}
	a, dropped := domain.ReadAttribution(sub.get, mode)
	if len(dropped) > 0 {
		s.log.Info("enquiry attribution fields dropped", "fields", strings.Join(dropped, ","))
		if s.cfg.Leads != nil {
			s.cfg.Leads.Dropped(leads.DropInvalid)
		}
	}
	return a
}
