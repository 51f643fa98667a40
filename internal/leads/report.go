package leads

import (
	"sort"
	"time"

	"digitalreeviver/internal/domain"
)

// Report is what the Traffic screen shows for the last Days days (today included, in the
// site's time zone): totals, a row a day, and tables by landing page, channel, campaign,
// referring host and device. Enquiries are every enquiry outside the spam folder that arrived in
// the period, by the attribution it kept; Conversions are only those sent from a counted visit
// (at most one a visit), so Rate, Conversions over Visits, never passes 100 %.
type Report struct {
	Days      int                    `json:"days"`
	First     string                 `json:"first"` // 2006-01-02
	Last      string                 `json:"last"`
	TimeZone  string                 `json:"timeZone"`
	Mode      domain.AttributionMode `json:"attribution"`
	Totals    Row                    `json:"totals"`
	Series    []DayRow               `json:"series"`
	Landing   []Row                  `json:"landingPages"`
	Channels  []Row                  `json:"channels"`
	Campaigns []Row                  `json:"campaigns"`
	Referrers []Row                  `json:"referrers"`
	Devices   []Row                  `json:"devices"`
	Notes     Notes                  `json:"notes"`
}

// Row is one line of a table (Key empty for the totals). Visitors is the sum of each day's
// visitors: one person on two days is two.
type Row struct {
	Key         string   `json:"key,omitempty"`
	Visitors    int      `json:"visitors,omitempty"`
	Views       int      `json:"pageViews"`
	Visits      int      `json:"visits"`
	Enquiries   int      `json:"enquiries"`
	Conversions int      `json:"conversions"`
	Rate        *float64 `json:"rate"` // Conversions / Visits; null without visits
	// Taps: the visits with a tap on the call or WhatsApp link (at most one a visit). Of the
	// totals only: Calls and Chats, every tap on each.
	Taps  int `json:"taps"`
	Calls int `json:"calls,omitempty"`
	Chats int `json:"chats,omitempty"`
}

// DayRow is one day of the chart.
type DayRow struct {
	Day         string `json:"day"`
	Visitors    int    `json:"visitors"`
	Views       int    `json:"pageViews"`
	Visits      int    `json:"visits"`
	Enquiries   int    `json:"enquiries"`
	Conversions int    `json:"conversions"`
	Taps        int    `json:"taps"` // calls and chats: every tap of the day
}

// Notes say how far the counts can be trusted.
type Notes struct {
	// RestartDays: days on which the server started more than once (or started after the day
	// began), whose visitors are over-counted a little: the salt lives in memory only.
	RestartDays []string `json:"restartDays"`
	Capped      bool     `json:"capped"` // today's visitors passed the bound kept in memory
	Bots        int      `json:"bots"`
	Invalid     int      `json:"invalid"`
	Shed        int      `json:"shed"`
}

// ReportDays are the periods the Traffic screen offers.
var ReportDays = []int{7, 30, 90}

// maxReportRows bounds a table of the report; the rest is summed as domain.Other.
const maxReportRows = 50

// Report reads the stored days of the period, with the counts not yet written, and the
// period's enquiries.
func (c *Counter) Report(days int) (Report, error) {
	s := c.Settings()
	now := c.cfg.Now().In(s.Zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, s.Zone)
	start := today.AddDate(0, 0, -(days - 1))
	rep := Report{Days: days, First: start.Format(time.DateOnly), Last: today.Format(time.DateOnly), TimeZone: s.Zone.String(),
		Mode: s.Mode, Series: []DayRow{}, Notes: Notes{RestartDays: []string{}}}
	c.flushing.RLock() // the stored days and the pending ones, never a batch in between
	defer c.flushing.RUnlock()
	stored, err := c.cfg.DB.TrafficDays(rep.First, rep.Last)
	if err != nil {
		return rep, err
	}
	byDay := map[string]*domain.TrafficDay{}
	for i := range stored {
		byDay[stored[i].Day] = &stored[i]
	}
	c.mu.Lock()
	for day, d := range c.pending {
		if day >= rep.First && day <= rep.Last {
			if byDay[day] == nil {
				byDay[day] = &domain.TrafficDay{Day: day}
			}
			byDay[day].Merge(*d)
		}
	}
	rep.Notes.Capped = c.capped
	c.mu.Unlock()

	var sum domain.TrafficDay
	index := map[string]int{}
	for d := start; !d.After(today); d = d.AddDate(0, 0, 1) {
		day := d.Format(time.DateOnly)
		index[day] = len(rep.Series)
		row := DayRow{Day: day}
		if t := byDay[day]; t != nil {
			row.Visitors, row.Views, row.Visits, row.Conversions = t.Visitors, t.Views, t.Visits, t.Conversions
			row.Taps = t.Calls + t.Chats
			if t.Starts > 1 {
				rep.Notes.RestartDays = append(rep.Notes.RestartDays, day)
			}
			sum.Merge(*t)
		}
		rep.Series = append(rep.Series, row)
	}
	enq := enquiryTables{landing: map[string]int{}, channel: map[string]int{}, campaign: map[string]int{}}
	err = c.cfg.DB.MessagesSince(start, func(m domain.Message) {
		day := m.CreatedAt.In(s.Zone).Format(time.DateOnly)
		i, ok := index[day]
		if !ok {
			return
		}
		rep.Series[i].Enquiries++
		enq.add(m, c.pagePath)
	})
	if err != nil {
		return rep, err
	}
	rep.Totals = Row{Visitors: sum.Visitors, Views: sum.Views, Visits: sum.Visits, Enquiries: enq.total,
		Conversions: sum.Conversions, Rate: rate(sum.Conversions, sum.Visits), Calls: sum.Calls, Chats: sum.Chats}
	for _, c := range sum.Channels {
		rep.Totals.Taps += c.Taps // every tapping visit has its channel
	}
	rep.Landing = table(sum.Paths, enq.landing, true)
	rep.Channels = table(sum.Channels, enq.channel, false)
	rep.Campaigns = table(sum.Campaigns, enq.campaign, false)
	rep.Referrers = table(sum.Referrers, nil, false)
	rep.Devices = table(sum.Devices, nil, false)
	rep.Notes.Bots, rep.Notes.Invalid, rep.Notes.Shed = sum.Bots, sum.Invalid, sum.Shed
	return rep, nil
}

// enquiryTables counts the period's enquiries by what their attribution says.
type enquiryTables struct {
	total                      int
	landing, channel, campaign map[string]int
}

func (e *enquiryTables) add(m domain.Message, page func(string) string) {
	e.total++
	a := m.Attribution
	if a == nil {
		e.channel[domain.ChannelUnknown]++
		return
	}
	if a.Landing != "" {
		e.landing[page(a.Landing)]++
	}
	e.channel[a.Channel]++
	if a.Campaign != "" {
		e.campaign[a.Campaign]++
	}
}

// table makes the rows of a marginal table and the enquiries of the same keys, most visits
// first; with landing set, the rows are landing pages: pages with views but no visit are left
// to the page views of the totals.
func table(counts domain.Table, enquiries map[string]int, landing bool) []Row {
	keys := map[string]bool{}
	for k, c := range counts {
		if !landing || c.Visits > 0 || c.Taps > 0 || enquiries[k] > 0 {
			keys[k] = true
		}
	}
	for k := range enquiries {
		keys[k] = true
	}
	rows := make([]Row, 0, len(keys))
	for k := range keys {
		c := counts[k]
		rows = append(rows, Row{Key: k, Views: c.Views, Visits: c.Visits, Enquiries: enquiries[k], Conversions: c.Conversions, Taps: c.Taps})
	}
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		switch {
		case (a.Key == domain.Other) != (b.Key == domain.Other):
			return b.Key == domain.Other
		case a.Visits != b.Visits:
			return a.Visits > b.Visits
		case a.Enquiries != b.Enquiries:
			return a.Enquiries > b.Enquiries
		case a.Views != b.Views:
			return a.Views > b.Views
		}
		return a.Key < b.Key
	})
	if len(rows) > maxReportRows {
		other := Row{Key: domain.Other}
		for _, r := range rows[maxReportRows-1:] {
			other.Views += r.Views
			other.Visits += r.Visits
			other.Enquiries += r.Enquiries
			other.Conversions += r.Conversions
			other.Taps += r.Taps
		}
		rows = append(rows[:maxReportRows-1], other)
	}
	for i := range rows {
		rows[i].Rate = rate(rows[i].Conversions, rows[i].Visits)
	}
	return rows
}

// rate is conversions over visits. Every conversion is counted on a visit counted the same day
// (Counter.Convert), so it cannot pass 1; the min covers a campaign's row whose visits a bound
// moved into domain.Other while its conversion came in a later batch.
func rate(conversions, visits int) *float64 {
	if visits == 0 {
		return nil
	}
	r := float64(min(conversions, visits)) / float64(visits)
	return &r
}
