package enquiry

import (
	"context"
	"fmt"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/leads"
	"digitalreeviver/internal/store"
)

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

// TestAcceptKeepsTheVisit: the one accept operation keeps the visit the enquiry came from (by
// either path), converts the counted visit that sent it when the sender is known, and keeps
// nothing for a request that asked not to be tracked or under the setting off.
func TestAcceptKeepsTheVisit(t *testing.T) {
	mode := domain.AttributionNotice
	var counter *leads.Counter
	e := newEnv(t, func(c *Config) {
		counter = leads.NewCounter(leads.Config{DB: c.DB, Settings: func() leads.Settings { s := leads.DefaultSettings(); s.Mode = mode; return s },
			Pages: func() (string, []string) { return "g", []string{"/seo-services-in-delhi/"} }})
		c.Leads = counter
	})
	counter.Count(leads.Hit{Path: "/seo-services-in-delhi/", Entry: true, Source: "google", Medium: "cpc", Campaign: "Diwali", PaidClick: true,
		IP: "203.0.113.9", UserAgent: chrome})
	send := func(id string, extra map[string]string, sub Submission) domain.Message {
		t.Helper()
		f := fields(id)
		for k, v := range extra {
			f[k] = v
		}
		f["startedAt"] = "1"
		sub.Fields = f
		r, err := e.svc.Accept(context.Background(), sub)
		if err != nil || r.Outcome != Stored {
			t.Fatalf("%s: %v %+v", id, err, r)
		}
		return r.Message
	}
	ad := map[string]string{"landing": "/seo-services-in-delhi/", "page": "/contactus/", "utm_source": "google", "utm_medium": "cpc",
		"utm_campaign": "Diwali", "gclid": "abc"}
	m := send("0b6c9bd2-8d6e-4f6a-9a51-1c2f3e4d5a61", ad, Submission{IP: "203.0.113.9", UserAgent: chrome})
	if a := m.Attribution; a == nil || a.Channel != domain.ChannelPaidSearch || a.GCLID != "abc" || a.Landing != "/seo-services-in-delhi/" {
		t.Errorf("kept %+v", a)
	}
	if rep, _ := counter.Report(7); rep.Totals.Conversions != 1 {
		t.Errorf("conversions %d", rep.Totals.Conversions)
	}
	// The intake's path: no sender known, the visit kept all the same.
	m = send("1b6c9bd2-8d6e-4f6a-9a51-1c2f3e4d5a62", ad, Submission{Via: domain.ViaIntake, SentAt: time.Now().Add(-time.Minute)})
	if m.Attribution == nil || m.Attribution.Campaign != "Diwali" {
		t.Errorf("intake kept %+v", m.Attribution)
	}
	if m = send("2b6c9bd2-8d6e-4f6a-9a51-1c2f3e4d5a63", ad, Submission{NoTracking: true}); m.Attribution != nil {
		t.Errorf("GPC kept %+v", m.Attribution)
	}
	mode = domain.AttributionOff
	if m = send("3b6c9bd2-8d6e-4f6a-9a51-1c2f3e4d5a64", ad, Submission{}); m.Attribution != nil {
		t.Errorf("off kept %+v", m.Attribution)
	}
}

// TestSpamKeepsTheVisit: an enquiry taken for spam (here, sent faster than a person fills the
// form, as a browser's autofill can) keeps where it came from, uncounted as a conversion; put
// back by an admin, it is a lead with its campaign and click id, as if never caught.
func TestSpamKeepsTheVisit(t *testing.T) {
	var counter *leads.Counter
	e := newEnv(t, func(c *Config) {
		counter = leads.NewCounter(leads.Config{DB: c.DB, Settings: leads.DefaultSettings,
			Pages: func() (string, []string) { return "g", []string{"/best-google-ads-agency-in-delhi/"} }})
		c.Leads = counter
	})
	counter.Count(leads.Hit{Path: "/best-google-ads-agency-in-delhi/", Entry: true, Source: "google", Medium: "cpc", Campaign: "diwali-ppc",
		PaidClick: true, IP: "203.0.113.9", UserAgent: chrome})
	f := fields("4b6c9bd2-8d6e-4f6a-9a51-1c2f3e4d5a65")
	for k, v := range map[string]string{"landing": "/best-google-ads-agency-in-delhi/", "page": "/", "referrer": "https://www.google.co.in/",
		"utm_source": "google", "utm_medium": "cpc", "utm_campaign": "diwali-ppc", "gclid": "Cj0KCQ"} {
		f[k] = v
	}
	f["startedAt"] = fmt.Sprint(time.Now().UnixMilli()) // sent the moment the form showed
	r, err := e.svc.Accept(context.Background(), Submission{Fields: f, IP: "203.0.113.9", UserAgent: chrome})
	if err != nil || r.Outcome != Spam {
		t.Fatalf("%v %+v", err, r)
	}
	if a := r.Message.Attribution; a == nil || a.Campaign != "diwali-ppc" || a.GCLID != "Cj0KCQ" || a.Landing != "/best-google-ads-agency-in-delhi/" {
		t.Fatalf("spam kept %+v", a)
	}
	if rep, _ := counter.Report(7); rep.Totals.Conversions != 0 {
		t.Errorf("spam counted as %d conversions", rep.Totals.Conversions)
	}
	status := domain.StatusNew
	if _, after, err := e.db.ChangeMessage(r.Message.ID, store.MessageChange{Status: &status, By: "admin"}); err != nil || after.Attribution == nil ||
		after.Attribution.GCLID != "Cj0KCQ" || after.Status != domain.StatusNew {
		t.Fatalf("put back: %v %+v", err, after)
	}
}
