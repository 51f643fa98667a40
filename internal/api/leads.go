package api

import (
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
)

// Where leads come from: the pages' beacon (POST /beacon), the attribution an enquiry keeps,
// outcomes, the Google Ads export, the inbox's sources and the Traffic report. The counting
// itself is internal/leads; these handlers only read, check and answer.

// beaconPath is where the pages' beacon posts: the form endpoint's server, with "beacon" in
// place of the endpoint's last segment (generator.SiteInfo.leads).
const beaconPath = "/beacon"

// maxBeaconBody bounds a beacon: the page sends a few hundred bytes.
const maxBeaconBody = 1 << 10

// Beacon limits: one address may report a page view a second or so (bursts of 60), and the whole
// site DefaultLimits.BeaconsPerSecond; past either the beacon is shed, counted, and answered 429
// without being read, so a flood costs little and never reaches the enquiries' limits or store.
const (
	beaconsPerAddressMinute = 60
	beaconsPerAddressBurst  = 60
)

func (s *Server) registerLeadRoutes(r *mux.Router) {
	enquiries := func(h http.HandlerFunc) http.HandlerFunc { return s.can(domain.PermEnquiries, h) }
	r.HandleFunc(beaconPath, s.handleBeacon).Methods("POST")
	// Before /popups/{id}, which would take these names for ids.
	r.HandleFunc("/popups/ads-conversions.csv", enquiries(s.handleAdsConversions)).Methods("GET")
	r.HandleFunc("/popups/sources", enquiries(s.handleMessageSources)).Methods("GET")
	r.HandleFunc("/popups/{id}/outcome", enquiries(s.handleOutcome)).Methods("PUT")
	r.HandleFunc("/api/traffic", enquiries(s.handleTraffic)).Methods("GET")
}

// beaconFirst answers the pages' beacons before the router and the middleware: a flood of them
// is shed at the cost of a limiter check, without the route table's walk, the security headers,
// CORS or the request log, so it takes as little as possible from the enquiries beside it. (The
// route is registered too, for the route table and its role.)
func (s *Server) beaconFirst(next http.Handler) http.Handler {
	beacon := s.recoverPanics(http.HandlerFunc(s.handleBeacon))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == beaconPath && r.Method == http.MethodPost {
			w.Header().Set("X-Content-Type-Options", "nosniff")
			beacon.ServeHTTP(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// leadSettings are the site's attribution setting and time zone now.
func (s *Server) leadSettings() leads.Settings {
	if s.cfg.Leads == nil {
		return leads.DefaultSettings()
	}
	return s.cfg.Leads.Settings()
}

// handleBeacon handles POST /beacon (public): a page view of the site, form-encoded, as
// lib/visit.ts sends it with navigator.sendBeacon: p, the page's path; e=1 on the first page of a
// visit, with r (the referring host), s, m and c (utm_source, utm_medium, utm_campaign), a=1
// (a Google or Microsoft click id was present) and f=1 (Meta's). With t=call or t=chat it is no
// page view but a tap on the page's call (tel:) or WhatsApp link, counted on the visit. Answers 204 whether it was
// counted or not (bots, previews, GPC/DNT), 400 for a malformed one, 429 past the limits.
func (s *Server) handleBeacon(w http.ResponseWriter, r *http.Request) {
	c := s.cfg.Leads
	if c == nil || c.Settings().Mode == domain.AttributionOff {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	ip := s.clientIP(r)
	if s.beaconSiteRate.Allow("site") != nil || s.beaconRate.Allow(ip) != nil {
		c.Dropped(leads.DropShed)
		w.Header().Set("Retry-After", "60")
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	if leads.AsksNotToBeTracked(r) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	hit, err := readBeacon(w, r, s.beaconOriginOK(r))
	if err != nil {
		c.Dropped(leads.DropInvalid)
		s.writeError(w, r, err)
		return
	}
	if leads.IsBot(r) || fromPreview(r) {
		c.Dropped(leads.DropBot)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	hit.IP, hit.UserAgent = ip, r.UserAgent()
	c.Count(hit)
	w.WriteHeader(http.StatusNoContent)
}

// beaconOriginOK reports whether a beacon comes from the site: no Origin (an older browser), this
// server's own origin (the demo) or an allowed one (the site on its host). Another site's pages
// could otherwise make their visitors count on ours.
func (s *Server) beaconOriginOK(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" || s.origins[o] {
		return true
	}
	u, err := url.Parse(o)
	return err == nil && u.Host == r.Host
}

// fromPreview reports whether the beacon comes from a page the admin area serves (a preview).
func fromPreview(r *http.Request) bool {
	u, err := url.Parse(r.Referer())
	return err == nil && (strings.HasPrefix(u.Path, "/api/") || strings.HasPrefix(u.Path, "/admin"))
}

var errBeacon = func(msg string) error { return domain.Errorf(domain.EInvalid, "Invalid beacon: %s.", msg) }

// readBeacon reads and checks a beacon's body.
func readBeacon(w http.ResponseWriter, r *http.Request, originOK bool) (leads.Hit, error) {
	var h leads.Hit
	if !originOK {
		return h, errBeacon("it comes from another site")
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "application/x-www-form-urlencoded" && mt != "text/plain" {
		return h, errBeacon("send it form-encoded")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBeaconBody))
	if err != nil {
		return h, errBeacon("it is too large")
	}
	q, err := url.ParseQuery(string(body))
	if err != nil {
		return h, errBeacon("it is not form-encoded")
	}
	one := func(k string) (string, error) {
		switch v := q[k]; len(v) {
		case 0:
			return "", nil
		case 1:
			return v[0], nil
		}
		return "", errBeacon(k + " is repeated")
	}
	flag := func(k string) (bool, error) {
		v, err := one(k)
		if err == nil && v != "" && v != "1" {
			err = errBeacon(k + " must be 1")
		}
		return v == "1", err
	}
	var errs [9]error
	h.Path, errs[0] = one("p")
	if errs[0] == nil && !domain.ValidSitePath(h.Path) {
		errs[0] = errBeacon("p must be the page's path")
	}
	h.Entry, errs[1] = flag("e")
	h.PaidClick, errs[2] = flag("a")
	h.SocialClick, errs[3] = flag("f")
	h.Tap, errs[8] = one("t")
	if errs[8] == nil && h.Tap != "" && h.Tap != leads.TapCall && h.Tap != leads.TapChat {
		errs[8] = errBeacon("t must be call or chat")
	}
	h.Referrer, errs[4] = one("r")
	if errs[4] == nil && h.Referrer != "" && !domain.ValidHost(h.Referrer) {
		errs[4] = errBeacon("r must be a host name")
	}
	for i, f := range []struct {
		key string
		to  *string
	}{{"s", &h.Source}, {"m", &h.Medium}, {"c", &h.Campaign}} {
		v, err := one(f.key)
		if err == nil {
			var ok bool
			if *f.to, ok = domain.CleanCampaignValue(v); !ok {
				err = errBeacon(f.key + " is no campaign value")
			}
		}
		errs[5+i] = err
	}
	for _, err := range errs {
		if err != nil {
			return leads.Hit{}, err
		}
	}
	if h.Tap != "" && h.Entry {
		return leads.Hit{}, errBeacon("a tap (t) is no page view (e)")
	}
	if !h.Entry && (h.Referrer+h.Source+h.Medium+h.Campaign != "" || h.PaidClick || h.SocialClick) {
		return leads.Hit{}, errBeacon("where a visit came from belongs to its first page (e=1)")
	}
	return h, nil
}

// handleOutcome handles PUT /popups/{id}/outcome {result, value?, currency?}: won or lost (""
// clears it). A new enquiry given an outcome is handled: it becomes replied (any other status
// stays). Audited.
func (s *Server) handleOutcome(w http.ResponseWriter, r *http.Request) {
	id, err := idParam(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var in struct {
		Result   *string  `json:"result"`
		Value    *float64 `json:"value"`
		Currency string   `json:"currency"`
	}
	if err := decodeJSON(r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if in.Result == nil {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "Send a result: won, lost or empty."))
		return
	}
	by := adminFrom(r.Context()).Username
	o, err := domain.NewOutcome(*in.Result, in.Value, in.Currency, time.Now(), by)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	before, after, err := s.db.SetOutcome(id, o)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if what := outcomeText(before.Outcome) + " → " + outcomeText(after.Outcome); outcomeText(before.Outcome) != outcomeText(after.Outcome) {
		if before.Status != after.Status {
			what += ", " + before.Status + " → " + after.Status
		}
		s.audit(r, domain.AuditOutcome, "enquiry", id, what)
	}
	msg := "Outcome saved."
	if before.Status != after.Status {
		msg = "Outcome saved; the enquiry is marked replied."
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": msg, "enquiry": after})
}

func outcomeText(o *domain.Outcome) string {
	switch {
	case o == nil:
		return "none"
	case o.Currency != "":
		return o.Result + " " + strconv.FormatFloat(o.Value, 'f', -1, 64) + " " + o.Currency
	}
	return o.Result
}

// handleAdsConversions handles GET /popups/ads-conversions.csv?since=&name=: Google Ads' click
// conversions import file of the enquiries won since the date (YYYY-MM-DD in the site's time
// zone, or RFC 3339; default 90 days ago, the oldest clicks Google takes), named name (the
// conversion action's name in Google Ads, default "Won lead").
func (s *Server) handleAdsConversions(w http.ResponseWriter, r *http.Request) {
	set := s.leadSettings()
	now := time.Now()
	since := now.AddDate(0, 0, -domain.ClickIDKeepDays)
	q := r.URL.Query()
	if v := strings.TrimSpace(q.Get("since")); v != "" {
		t, err := time.ParseInLocation(time.DateOnly, v, set.Zone)
		if err != nil {
			if t, err = time.Parse(time.RFC3339, v); err != nil {
				s.writeError(w, r, domain.Errorf(domain.EInvalid, "since must be a date (YYYY-MM-DD)."))
				return
			}
		}
		since = t
	}
	name := strings.TrimSpace(q.Get("name"))
	if name == "" {
		name = leads.DefaultConversionName
	}
	if len([]rune(name)) > leads.MaxConversionNameLen || strings.ContainsAny(name, "\r\n\x00") {
		s.writeError(w, r, domain.Errorf(domain.EInvalid, "The conversion name may be at most %d characters on one line.", leads.MaxConversionNameLen))
		return
	}
	wins, err := s.db.Wins(since)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="google-ads-conversions-`+now.In(set.Zone).Format(time.DateOnly)+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	n, err := leads.WriteAdsCSV(w, wins, set, csvCell(name), now)
	if err != nil {
		s.log.Error("ads conversions export cut short", "err", err)
		return
	}
	s.audit(r, domain.AuditExport, "enquiry", "", fmt.Sprintf("Google Ads conversions since %s: %d", since.In(set.Zone).Format(time.DateOnly), n))
}

// handleMessageSources handles GET /popups/sources: the channels and campaigns of the enquiries
// outside the spam folder, for the inbox's filters.
func (s *Server) handleMessageSources(w http.ResponseWriter, r *http.Request) {
	src, err := s.db.MessageSources()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, src)
}

// handleTraffic handles GET /api/traffic?days=7|30|90 (default 30): the Traffic screen's report.
func (s *Server) handleTraffic(w http.ResponseWriter, r *http.Request) {
	days := 30
	if v := r.URL.Query().Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || (n != 7 && n != 30 && n != 90) {
			s.writeError(w, r, domain.Errorf(domain.EInvalid, "days must be 7, 30 or 90."))
			return
		}
		days = n
	}
	if s.cfg.Leads == nil {
		s.writeError(w, r, domain.Errorf(domain.EUnavailable, "Visitor counts are not kept by this server."))
		return
	}
	rep, err := s.cfg.Leads.Report(days)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, rep)
}

// leadColumns are the inbox CSV's columns of where an enquiry came from and what came of it,
// after the columns it had before.
var leadColumns = []string{"landing", "page", "referrer", "channel", "utm_source", "utm_medium", "utm_campaign", "utm_term",
	"utm_content", "gclid", "gbraid", "wbraid", "fbclid", "msclkid", "adConsent", "outcome", "outcomeValue", "outcomeCurrency"}

// leadCells are an enquiry's cells of leadColumns.
func leadCells(m domain.Message) []string {
	cells := make([]string, len(leadColumns))
	if a := m.Attribution; a != nil {
		consent := ""
		if a.Basis == domain.AttributionConsent {
			consent = strconv.FormatBool(a.Consent)
		}
		copy(cells, []string{a.Landing, a.Page, a.Referrer, a.Channel, csvCell(a.Source), csvCell(a.Medium), csvCell(a.Campaign),
			csvCell(a.Term), csvCell(a.Content), a.GCLID, a.GBRAID, a.WBRAID, a.FBCLID, a.MSCLKID, consent})
	}
	if o := m.Outcome; o != nil {
		cells[15] = o.Result
		if o.Currency != "" {
			cells[16], cells[17] = strconv.FormatFloat(o.Value, 'f', -1, 64), o.Currency
		}
	}
	return cells
}
