package store

import (
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

func lead(name string, at time.Time, a *domain.Attribution) domain.Message {
	return domain.Message{Name: name, Email: name + "@example.com", Phone: "+91 98110 45672", CreatedAt: at, Attribution: a}
}

// TestOutcomeOutlivesTheStatus: archiving a won enquiry keeps the win, and the export's wins are
// the won enquiries with a gclid whose win is at or after since, oldest first.
func TestOutcomeOutlivesTheStatus(t *testing.T) {
	db := MustOpen(t)
	day := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	ads := &domain.Attribution{GCLID: "abc", Channel: domain.ChannelPaidSearch}
	if err := db.ImportMessages([]domain.Message{lead("won1", day, ads), lead("won2", day, ads), lead("noclick", day, nil), lead("lost", day, ads)}); err != nil {
		t.Fatal(err)
	}
	all, _ := db.Messages() // newest first: lost, noclick, won2, won1
	set := func(m domain.Message, result string, at time.Time) {
		t.Helper()
		v := 1000.0
		o, err := domain.NewOutcome(result, &v, "INR", at, "admin")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.SetOutcome(m.ID, o); err != nil {
			t.Fatal(err)
		}
	}
	set(all[3], domain.OutcomeWon, day.Add(48*time.Hour))
	set(all[2], domain.OutcomeWon, day.Add(24*time.Hour))
	set(all[1], domain.OutcomeWon, day.Add(24*time.Hour))
	set(all[0], domain.OutcomeLost, day.Add(24*time.Hour))
	archived := domain.StatusArchived
	if _, after, err := db.ChangeMessage(all[3].ID, MessageChange{Status: &archived}); err != nil || after.Outcome == nil || after.Outcome.Result != domain.OutcomeWon {
		t.Fatalf("archived: %+v %v", after.Outcome, err)
	}
	wins, err := db.Wins(day)
	if err != nil || len(wins) != 2 || wins[0].Name != "won2" || wins[1].Name != "won1" || wins[1].Status != domain.StatusArchived {
		t.Fatalf("wins %+v %v", wins, err)
	}
	if wins, _ := db.Wins(day.Add(36 * time.Hour)); len(wins) != 1 || wins[0].Name != "won1" {
		t.Fatalf("wins since: %+v", wins)
	}
	if _, after, err := db.SetOutcome(all[3].ID, nil); err != nil || after.Outcome != nil {
		t.Fatalf("cleared: %+v %v", after.Outcome, err)
	}
	if _, _, err := db.SetOutcome("0123456789abcdef01234567", nil); domain.ErrorCode(err) != domain.ENotFound {
		t.Errorf("unknown id: %v", err)
	}
}

// TestClickIDsErasedWithAge: only the enquiries older than the cutoff lose their click ids; the
// channel and campaign stay.
func TestClickIDsErasedWithAge(t *testing.T) {
	db := MustOpen(t)
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	recent := old.AddDate(0, 3, 0)
	a := func() *domain.Attribution {
		return &domain.Attribution{GCLID: "g", FBCLID: "f", Campaign: "Diwali", Channel: domain.ChannelPaidSearch}
	}
	if err := db.ImportMessages([]domain.Message{lead("old", old, a()), lead("recent", recent, a()), lead("none", old, nil)}); err != nil {
		t.Fatal(err)
	}
	n, err := db.EraseClickIDs(old.AddDate(0, 0, 90))
	if err != nil || n != 1 {
		t.Fatalf("erased %d, %v", n, err)
	}
	all, _ := db.Messages()
	if o := all[2].Attribution; o.HasClickID() || !o.ClickIDsErased || o.Campaign != "Diwali" || o.Channel != domain.ChannelPaidSearch {
		t.Errorf("old: %+v", o)
	}
	if r := all[1].Attribution; r.GCLID != "g" || r.ClickIDsErased {
		t.Errorf("recent: %+v", r)
	}
	if n, _ := db.EraseClickIDs(old.AddDate(0, 0, 90)); n != 0 {
		t.Errorf("erased again: %d", n)
	}
}

func TestMessageSources(t *testing.T) {
	db := MustOpen(t)
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	spam := lead("spam", at, &domain.Attribution{Channel: domain.ChannelSocial, Campaign: "Junk"})
	spam.Status = domain.StatusSpam
	err := db.ImportMessages([]domain.Message{
		lead("a", at, &domain.Attribution{Channel: domain.ChannelPaidSearch, Campaign: "Diwali"}),
		lead("b", at, &domain.Attribution{Channel: domain.ChannelPaidSearch, Campaign: "diwali"}),
		lead("c", at, &domain.Attribution{Channel: domain.ChannelSocial, Campaign: "Holi"}),
		lead("d", at, nil), spam,
	})
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.MessageSources()
	if err != nil {
		t.Fatal(err)
	}
	if s.Channels[domain.ChannelPaidSearch] != 2 || s.Channels[domain.ChannelSocial] != 1 || s.Channels[domain.ChannelUnknown] != 1 {
		t.Errorf("channels %v", s.Channels)
	}
	if len(s.Campaigns) != 2 || s.Campaigns[0] != (CampaignSource{"Diwali", 2}) || s.Campaigns[1] != (CampaignSource{"Holi", 1}) {
		t.Errorf("campaigns %v", s.Campaigns)
	}
	list, _, err := db.SearchMessages(domain.MessageQuery{Campaign: "DIWALI"}, 0, 10)
	if err != nil || len(list) != 2 {
		t.Errorf("by campaign: %d %v", len(list), err)
	}
}

// TestTrafficDaysMergeAndPrune: a day's batches add up, the tables stay bounded, a range reads
// in order, and the days before the retention go.
func TestTrafficDaysMergeAndPrune(t *testing.T) {
	db := MustOpen(t)
	batch := func(day string, campaign string) domain.TrafficDay {
		return domain.TrafficDay{Day: day, Views: 3, Visits: 1, Visitors: 1,
			Paths: map[string]domain.Count{"/": {Views: 3, Visits: 1}}, Campaigns: map[string]domain.Count{campaign: {Visits: 1}}}
	}
	for i := range domain.MaxDayCampaigns + 5 {
		if err := db.AddTraffic([]domain.TrafficDay{batch("2026-11-02", string(rune('A'+i%26))+string(rune('a'+i/26))), batch("2026-11-01", "x")}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.AddTraffic([]domain.TrafficDay{batch("2026-10-01", "y")}); err != nil {
		t.Fatal(err)
	}
	days, err := db.TrafficDays("2026-11-01", "2026-11-30")
	if err != nil || len(days) != 2 || days[0].Day != "2026-11-01" {
		t.Fatalf("%d days %v", len(days), err)
	}
	n := domain.MaxDayCampaigns + 5
	if d := days[1]; d.Views != 3*n || d.Paths["/"].Views != 3*n || len(d.Campaigns) != domain.MaxDayCampaigns+1 || d.Campaigns[domain.Other].Visits != 5 {
		t.Errorf("day: views %d, %d campaigns, other %v", d.Views, len(d.Campaigns), d.Campaigns[domain.Other])
	}
	if gone, err := db.PruneTraffic("2026-11-01"); err != nil || gone != 1 {
		t.Fatalf("pruned %d %v", gone, err)
	}
	if days, _ := db.TrafficDays("2000-01-01", "2999-01-01"); len(days) != 2 {
		t.Errorf("%d days left", len(days))
	}
}
