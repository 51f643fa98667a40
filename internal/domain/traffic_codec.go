package domain

import (
	"encoding/binary"
	"errors"
	"maps"
	"slices"
)

// The stored form of a TrafficDay: a version byte, the day, its totals as unsigned varints, then
// each table as its length and, key by key in order, the key and its three counts. The Traffic
// screen reads up to 90 days of some thousand rows each on every open; as JSON that decoding was
// most of its time, in this form it is a small fraction, and the days take half the room.

const trafficFormat = 1

var errTrafficDay = errors.New("traffic day: malformed record")

// MarshalBinary writes the stored form.
func (t TrafficDay) MarshalBinary() ([]byte, error) {
	b := append(make([]byte, 0, 64+48*len(t.Paths)), trafficFormat)
	b = appendString(b, t.Day)
	for _, n := range t.totals() {
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
		}
	}
	return b, nil
}

// UnmarshalBinary reads the stored form.
func (t *TrafficDay) UnmarshalBinary(b []byte) error {
	if len(b) == 0 || b[0] != trafficFormat {
		return errTrafficDay
	}
	r := reader{b: b[1:]}
	*t = TrafficDay{Day: r.string()}
	for _, n := range t.totals() {
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
			(*tab)[k] = Count{Views: r.int(), Visits: r.int(), Conversions: r.int()}
		}
	}
	if r.bad || len(r.b) != 0 {
		return errTrafficDay
	}
	return nil
}

func (t *TrafficDay) totals() []*int {
	return []*int{&t.Views, &t.Visits, &t.Visitors, &t.Conversions, &t.Bots, &t.Invalid, &t.Shed, &t.Starts}
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
