package domain

import "sort"

// TrafficDay is one day's first-party visitor counts, the day taken in the site's time zone
// (stored in the binary form of traffic_codec.go).
// It holds totals and marginal tables (by path, channel, campaign, referring host, device
// class), never a combination of them and never anything about one visitor, so its size is
// bounded whatever the traffic: paths come only from the site's own pages, and the campaigns
// and referring hosts are the day's top ones (Bound), the rest summed as Other.
type TrafficDay struct {
	Day      string `json:"day"` // 2006-01-02
	Views    int    `json:"views"`
	Visits   int    `json:"visits"`
	Visitors int    `json:"visitors"`
	// Conversions are enquiries sent from a counted visit, at most one a visit, so a rate of
	// Conversions to Visits never passes 100 %.
	Conversions int `json:"conversions"`
	// Calls and Chats count the taps on the site's call (tel:) and WhatsApp links: a lead that
	// leaves no form behind. Each row's Count.Taps counts the visits with one (at most one a visit).
	Calls     int   `json:"calls,omitempty"`
	Chats     int   `json:"chats,omitempty"`
	Paths     Table `json:"paths,omitempty"`     // views by page, visits and conversions by landing page
	Channels  Table `json:"channels,omitempty"`  // visits and conversions
	Campaigns Table `json:"campaigns,omitempty"` // by utm_campaign
	Referrers Table `json:"referrers,omitempty"` // by referring host
	Devices   Table `json:"devices,omitempty"`   // mobile, tablet, desktop
	// What was not counted: bots and previews, beacons that broke the rules, beacons shed by the
	// flood limit. A visitor asking not to be tracked is not counted in any of them.
	Bots    int `json:"bots,omitempty"`
	Invalid int `json:"invalid,omitempty"`
	Shed    int `json:"shed,omitempty"`
	// Starts counts the server's starts during the day: the visitors of a day with more than one
	// are over-counted a little (the day's salt is in memory only, so a restart makes a new one).
	Starts int `json:"starts,omitempty"`
}

// Count is one row of a marginal table. Taps are the visits during which the call or WhatsApp
// link was tapped (at most one a visit).
type Count struct {
	Views, Visits, Conversions int
	Taps                       int `json:",omitempty"`
}

// Table is a marginal table: a Count by key (a path, a channel, a campaign…).
type Table map[string]Count

// Add adds o to c.
func (c *Count) Add(o Count) {
	c.Views += o.Views
	c.Visits += o.Visits
	c.Conversions += o.Conversions
	c.Taps += o.Taps
}

// Other is the row that sums what a table does not name: a path that is no page of the site, a
// campaign or referring host past the day's top ones.
const Other = "(other)"

// Device classes of a counted visit.
const (
	DeviceMobile  = "mobile"
	DeviceTablet  = "tablet"
	DeviceDesktop = "desktop"
)

// The bounds of a day's tables.
const (
	MaxDayPaths     = 5000 // pages with views in a day; a bigger site's rest is Other
	MaxDayCampaigns = 50
	MaxDayReferrers = 50
)

// Merge adds the counts of d to t (the same day).
func (t *TrafficDay) Merge(d TrafficDay) {
	t.Views += d.Views
	t.Visits += d.Visits
	t.Visitors += d.Visitors
	t.Conversions += d.Conversions
	t.Calls += d.Calls
	t.Chats += d.Chats
	t.Bots += d.Bots
	t.Invalid += d.Invalid
	t.Shed += d.Shed
	t.Starts += d.Starts
	mergeTable(&t.Paths, d.Paths)
	mergeTable(&t.Channels, d.Channels)
	mergeTable(&t.Campaigns, d.Campaigns)
	mergeTable(&t.Referrers, d.Referrers)
	mergeTable(&t.Devices, d.Devices)
}

func mergeTable(to *Table, from Table) {
	if len(from) == 0 {
		return
	}
	if *to == nil {
		*to = make(Table, len(from))
	}
	for k, c := range from {
		v := (*to)[k]
		v.Add(c)
		(*to)[k] = v
	}
}

// Bound keeps the day's tables within their bounds: the rows with the most visits (then
// views) stay and the rest is summed into Other.
func (t *TrafficDay) Bound() {
	BoundTable(t.Paths, MaxDayPaths)
	BoundTable(t.Campaigns, MaxDayCampaigns)
	BoundTable(t.Referrers, MaxDayReferrers)
}

// BoundTable keeps at most n rows besides Other in m, summing the smallest into Other.
func BoundTable(m Table, n int) {
	if len(m) <= n || (len(m) == n+1 && hasOther(m)) {
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		if k != Other {
			keys = append(keys, k)
		}
	}
	SortCounts(keys, m)
	other := m[Other]
	for _, k := range keys[n:] {
		other.Add(m[k])
		delete(m, k)
	}
	m[Other] = other
}

func hasOther(m Table) bool { _, ok := m[Other]; return ok }

// SortCounts orders the keys of m by visits, then views, then conversions, most first, then by
// name.
func SortCounts(keys []string, m Table) {
	sort.Slice(keys, func(i, j int) bool {
		a, b := m[keys[i]], m[keys[j]]
		switch {
		case a.Visits != b.Visits:
			return a.Visits > b.Visits
		case a.Views != b.Views:
			return a.Views > b.Views
		case a.Conversions != b.Conversions:
			return a.Conversions > b.Conversions
		}
		return keys[i] < keys[j]
	})
}
