package domain

import (
	"encoding/binary"
	"errors"
	"maps"
	"slices"
)

// The stored form of a TrafficDay: a version byte, the day, its totals as unsigned varints, then
// each table as its length and, key by key in order, the key and its counts. The Traffic
// screen reads up to 90 days of some thousand rows each on every open; as JSON that decoding was
// most of its time, in this form it is a small fraction, and the days take half the room.
// Format 2 added the taps (the totals' calls and chats, a row's taps); days stored in format 1
// are read as they were, without taps.

const (
	trafficFormat1 = 1
	trafficFormat  = 2
)

var errTrafficDay = errors.New("traffic day: malformed record")

// MarshalBinary writes the stored form.
func (t TrafficDay) MarshalBinary() ([]byte, error) {
	b := append(make([]byte, 0, 64+48*len(t.Paths)), trafficFormat)
	b = appendString(b, t.Day)
	for _, n := range t.totals(trafficFormat) {
		b = binary.AppendUvarint(b, uint64(max(0, *n)))
	}
	for _, tab := range t.tables() {
		b = binary.AppendUvarint(b, uint64(len(*tab)))
		for _, k := range slices.Sorted(maps.Keys(*tab)) {
			c := (*tab)[k]
			b = appendString(b, k)
			b = binary.AppendUvarint(b, uint64(max(0, c.Views)))
			b = binary.AppendUvarint(b, uint64(max(0, c.Visits)))
			b = binary.AppendUvarint(b, uint64(max(0, c.Conversions)))
			b = binary.AppendUvarint(b, uint64(max(0, c.Taps)))
		}
	}
	return b, nil
}

// UnmarshalBinary reads the stored form.
func (t *TrafficDay) UnmarshalBinary(b []byte) error {
	if len(b) == 0 || b[0] != trafficFormat && b[0] != trafficFormat1 {
		return errTrafficDay
	}
	format := b[0]
	r := reader{b: b[1:]}
	*t = TrafficDay{Day: r.string()}
	for _, n := range t.totals(format) {
		*n = r.int()
	}
	for _, tab := range t.tables() {
		n := r.int()
		if n == 0 {
			continue
		}
		if n > len(r.b) { // every row takes bytes: a length past them is no record of ours
			return errTrafficDay
		}
		*tab = make(Table, n)
		for range n {
			k := r.string()
			c := Count{Views: r.int(), Visits: r.int(), Conversions: r.int()}
			if format >= trafficFormat {
				c.Taps = r.int()
			}
			(*tab)[k] = c
		}
	}
	if r.bad || len(r.b) != 0 {
		return errTrafficDay
	}
	return nil
}

// totals are the day's totals in the order of the stored form of format.
func (t *TrafficDay) totals(format byte) []*int {
	out := []*int{&t.Views, &t.Visits, &t.Visitors, &t.Conversions, &t.Bots, &t.Invalid, &t.Shed, &t.Starts}
	if format >= trafficFormat {
		out = append(out, &t.Calls, &t.Chats)
	}
	return out
}

func (t *TrafficDay) tables() []*Table {
	return []*Table{&t.Paths, &t.Channels, &t.Campaigns, &t.Referrers, &t.Devices}
}

func appendString(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// reader reads varints and strings from b; a read past its end marks it bad and reads zeros.
type reader struct {
	b   []byte
	bad bool
}

func (r *reader) int() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > 1<<53 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

func (r *reader) string() string {
	n := r.int()
	if n > len(r.b) {
		r.bad, r.b = true, nil
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}
