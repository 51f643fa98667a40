package api

import (
	"mime"
	"net"
	"net/http"
	"net/url"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/enquiry"
	"digitalreeviver/internal/leads"
)

// Turnstile configures Cloudflare Turnstile on the forms (see enquiry.Turnstile).
type Turnstile = enquiry.Turnstile

// thankYouPath is where the no-JavaScript form lands after sending.
const thankYouPath = "/thank-you/"

// handlePopup handles POST /popup: JSON from the popup and the contact form's script, or
// form-encoded from the contact page without JavaScript (answered with a redirect, or a page in
// the site's look saying why it was refused). Accepting it is the enquiry package's one
// operation, shared with the intake's drain; the enquiry is on disk before the answer.
func (s *Server) handlePopup(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxPopupBody)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	isForm := mt == "application/x-www-form-urlencoded" || mt == "multipart/form-data"
	f, err := readFields(r)
	if err == nil {
		ip := s.clientIP(r)
		_, err = s.enquiries.Accept(r.Context(), enquiry.Submission{Fields: f.vals, Form: isForm, IP: ip,
			Limit:     func() error { return s.allowEnquiry(ip) },
			UserAgent: r.UserAgent(), NoTracking: leads.AsksNotToBeTracked(r)}) // the visit it came from: leads.go
	}
	switch {
	case err != nil && isForm:
		s.formRefused(w, r, f, err)
	case err != nil:
		s.writeError(w, r, err)
	case isForm:
		http.Redirect(w, r, s.thankYouURL(r), http.StatusSeeOther)
	default:
		writeJSON(w, http.StatusOK, map[string]string{"message": enquiry.MsgThanks})
	}
}

// allowEnquiry applies the enquiry limits: per client address, per subnet (/24 or /64: a
// flood from many addresses of one network), and for the whole site (a flood from everywhere),
// so a flood can neither fill the disk and the agency's inbox nor bury the real enquiries.
func (s *Server) allowEnquiry(ip string) error {
	if err := s.popupRate.Allow(ip); err != nil {
		return err
	}
	if err := s.popupSubnetRate.Allow(subnetOf(ip)); err != nil {
		return err
	}
	return s.popupSiteRate.Allow("site")
}

// subnetOf is the network an address belongs to for the enquiry limit: its /24 (IPv4) or /64
// (IPv6, one household or office).
func subnetOf(ip string) string {
	a := net.ParseIP(ip)
	if a == nil {
		return ip
	}
	if v4 := a.To4(); v4 != nil {
		return v4.Mask(net.CIDRMask(24, 32)).String() + "/24"
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// thankYouURL sends the visitor back to the site they came from when that is an allowed origin
// (the site may live on another host than the API), else to this host's page.
func (s *Server) thankYouURL(r *http.Request) string {
	if o := s.siteOrigin(r); o != "" {
		return o + thankYouPath
	}
	return thankYouPath
}

// siteOrigin is the allowed origin a form was posted from (Origin, else the Referer's), or "".
func (s *Server) siteOrigin(r *http.Request) string {
	origin := r.Header.Get("Origin")
	if origin == "" {
		if u, err := url.Parse(r.Referer()); err == nil && u.Host != "" {
			origin = u.Scheme + "://" + u.Host
		}
	}
	if s.origins[origin] {
		return origin
	}
	return ""
}

// errorMessageOf is what a visitor is told of a refused enquiry: the rule's message, or SPEC's
// "Failed to send message" for what is no fault of theirs.
func errorMessageOf(err error) string {
	if domain.ErrorCode(err) == domain.EInternal {
		return "Failed to send message"
	}
	return domain.ErrorMessage(err)
}
