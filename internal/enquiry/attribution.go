package enquiry

import (
	"strings"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
)

// attribution reads where the visit that sent the enquiry came from, under the site's setting
// (domain.ReadAttribution), and counts the enquiry as the conversion of the counted visit that
// sent it. A request that asked not to be tracked keeps none. A field that breaks its rule is
// dropped and counted, never kept raw and never a reason to refuse the enquiry.
func (s *Service) attribution(sub Submission) *domain.Attribution {
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
	if a != nil && s.cfg.Leads != nil && sub.IP != "" {
		s.cfg.Leads.Convert(sub.IP, sub.UserAgent, a)
	}
	return a
}
