package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"digitalreeviver/internal/domain"
)

// Where leads come from: the outcome of an enquiry, the click ids' erasure, the Google Ads
// export's wins, the inbox's channels and campaigns, and the daily visitor counts.

// bucketTraffic holds a domain.TrafficDay by its day ("2006-01-02"), so days sort by key.
var bucketTraffic = []byte("traffic")

// The traffic bucket is made with the others when the database opens.
func init() { allBuckets = append(allBuckets, bucketTraffic) }

// SetOutcome sets (or, with nil, clears) what came of an enquiry; its status is left as it
// is, so archiving a won enquiry keeps the win. It answers the enquiry as it was and as it is.
func (db *DB) SetOutcome(id string, o *domain.Outcome) (before, after domain.Message, err error) {
	err = db.bolt.Update(func(tx *bolt.Tx) error {
		key, m, err := findMessage(tx, id)
		if err != nil {
			return err
		}
		before = m
		m.Outcome = o
		if o != nil && domain.StatusOf(m.Status) == domain.StatusNew {
			// Won or lost, the enquiry was handled: it leaves the New folder (as Replied).
			m.Status = domain.StatusReplied
		}
		after = m
		return putJSON(tx, bucketMessages, key, &m)
	})
	before.Status, after.Status = domain.StatusOf(before.Status), domain.StatusOf(after.Status)
	return before, after, err
}

// clickIDKeys are the stored forms of the click ids' fields: an enquiry without any of them
// in its bytes holds none and is not decoded.
var clickIDKeys = [][]byte{[]byte(`"gclid":`), []byte(`"gbraid":`), []byte(`"wbraid":`), []byte(`"fbclid":`), []byte(`"msclkid":`)}

// EraseClickIDs erases the click ids of the enquiries that arrived before cutoff and answers
// how many enquiries lost theirs.
func (db *DB) EraseClickIDs(cutoff time.Time) (int, error) {
	n := 0
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketMessages)
		type change struct {
			key []byte
			m   domain.Message
		}
		var changes []change
		err := b.ForEach(func(k, v []byte) error {
			if !hasAny(v, clickIDKeys) {
				return nil
			}
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			if m.Attribution.HasClickID() && m.CreatedAt.Before(cutoff) {
				m.Attribution.EraseClickIDs()
				changes = append(changes, change{bytes.Clone(k), m})
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, c := range changes {
			if err := putJSON(tx, bucketMessages, c.key, &c.m); err != nil {
				return err
			}
		}
		n = len(changes)
		return nil
	})
	return n, err
}

func hasAny(v []byte, needles [][]byte) bool {
	for _, n := range needles {
		if bytes.Contains(v, n) {
			return true
		}
	}
	return false
}

// Wins returns the enquiries won at or after since (by the time the win was set) that kept a
// gclid, oldest win first: the rows of the Google Ads export, before the setting's filter.
func (db *DB) Wins(since time.Time) ([]domain.Message, error) {
	var out []domain.Message
	won := []byte(`"result":"won"`)
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMessages).ForEach(func(_, v []byte) error {
			if !bytes.Contains(v, won) || !bytes.Contains(v, clickIDKeys[0]) {
				return nil
			}
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			if m.Outcome != nil && m.Outcome.Result == domain.OutcomeWon && !m.Outcome.At.Before(since) &&
				m.Attribution != nil && m.Attribution.GCLID != "" {
				m.Status = domain.StatusOf(m.Status)
				out = append(out, m)
			}
			return nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Outcome.At.Before(out[j].Outcome.At) })
	return out, err
}

// Sources are the channels and campaigns of the enquiries outside the spam folder, for the
// inbox's filters: how many enquiries each channel has (ChannelUnknown for those with no
// attribution), and each campaign's name (as first seen) and count, most first.
type Sources struct {
	Channels  map[string]int   `json:"channels"`
	Campaigns []CampaignSource `json:"campaigns"`
}

// CampaignSource is one campaign of Sources.
type CampaignSource struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// MaxSourceCampaigns bounds the campaigns Sources lists.
const MaxSourceCampaigns = 200

// MessageSources counts the enquiries by channel and campaign.
func (db *DB) MessageSources() (Sources, error) {
	s := Sources{Channels: map[string]int{}}
	byKey := map[string]*CampaignSource{}
	attr := []byte(`"attribution":`)
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketMessages).ForEach(func(_, v []byte) error {
			if statusIn(v) == domain.StatusSpam {
				return nil
			}
			if !bytes.Contains(v, attr) {
				s.Channels[domain.ChannelUnknown]++
				return nil
			}
			var m struct {
				Attribution *domain.Attribution `json:"attribution"`
			}
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			ch := domain.ChannelOfMessage(domain.Message{Attribution: m.Attribution})
			if ch == "" {
				ch = domain.ChannelUnknown
			}
			s.Channels[ch]++
			if m.Attribution != nil && m.Attribution.Campaign != "" {
				k := strings.ToLower(m.Attribution.Campaign)
				if c := byKey[k]; c != nil {
					c.Count++
				} else {
					byKey[k] = &CampaignSource{Name: m.Attribution.Campaign, Count: 1}
				}
			}
			return nil
		})
	})
	for _, c := range byKey {
		s.Campaigns = append(s.Campaigns, *c)
	}
	sort.Slice(s.Campaigns, func(i, j int) bool {
		a, b := s.Campaigns[i], s.Campaigns[j]
		return a.Count > b.Count || (a.Count == b.Count && a.Name < b.Name)
	})
	if len(s.Campaigns) > MaxSourceCampaigns {
		s.Campaigns = s.Campaigns[:MaxSourceCampaigns]
	}
	if s.Campaigns == nil {
		s.Campaigns = []CampaignSource{}
	}
	return s, err
}

// MessagesSince calls fn with every enquiry outside the spam folder that arrived at or after
// since, newest first. Only those are decoded: the time is read from the stored bytes.
func (db *DB) MessagesSince(since time.Time, fn func(domain.Message)) error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketMessages).Cursor()
		for k, v := c.Last(); k != nil; k, v = c.Prev() {
			if statusIn(v) == domain.StatusSpam {
				continue
			}
			if at, ok := createdAtIn(v); ok && at.Before(since) {
				continue
			}
			var m domain.Message
			if err := json.Unmarshal(v, &m); err != nil {
				return fmt.Errorf("decode message: %w", err)
			}
			if !m.CreatedAt.Before(since) {
				fn(m)
			}
		}
		return nil
	})
}

// createdAtIn reads the arrival time of a stored enquiry without decoding it (as statusIn reads
// its status); ok is false when it cannot.
func createdAtIn(v []byte) (time.Time, bool) {
	i := bytes.Index(v, []byte(`"createdAt":"`))
	if i < 0 {
		return time.Time{}, false
	}
	rest := v[i+len(`"createdAt":"`):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, string(rest[:j]))
	return t, err == nil
}

// AddTraffic adds each day's counts to what is stored for that day, in one transaction, and
// bounds the day's tables.
func (db *DB) AddTraffic(days []domain.TrafficDay) error {
	if len(days) == 0 {
		return nil
	}
	return db.bolt.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketTraffic)
		for _, d := range days {
			var stored domain.TrafficDay
			if v := b.Get([]byte(d.Day)); v != nil {
				if err := stored.UnmarshalBinary(v); err != nil {
					return fmt.Errorf("decode traffic of %s: %w", d.Day, err)
				}
			}
			stored.Day = d.Day
			stored.Merge(d)
			stored.Bound()
			data, _ := stored.MarshalBinary()
			if err := b.Put([]byte(d.Day), data); err != nil {
				return err
			}
		}
		return nil
	})
}

// TrafficDays returns the stored days from first to last (both "2006-01-02", inclusive), in
// order; a day with no counts is absent.
func (db *DB) TrafficDays(first, last string) ([]domain.TrafficDay, error) {
	var out []domain.TrafficDay
	err := db.bolt.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketTraffic).Cursor()
		for k, v := c.Seek([]byte(first)); k != nil && string(k) <= last; k, v = c.Next() {
			var d domain.TrafficDay
			if err := d.UnmarshalBinary(v); err != nil {
				return fmt.Errorf("decode traffic of %s: %w", k, err)
			}
			out = append(out, d)
		}
		return nil
	})
	return out, err
}

// PruneTraffic deletes the days before first ("2006-01-02") and answers how many.
func (db *DB) PruneTraffic(first string) (int, error) {
	n := 0
	err := db.bolt.Update(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketTraffic).Cursor()
		for k, _ := c.First(); k != nil && string(k) < first; k, _ = c.First() {
			if err := c.Delete(); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}
