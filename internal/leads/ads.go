package leads

import (
	"encoding/csv"
	"io"
	"strconv"
	"time"

	"digitalreeviver/internal/domain"
)

// AdsHeader is the header row of Google Ads' "conversions from clicks" import template.
var AdsHeader = []string{"Google Click ID", "Conversion Name", "Conversion Time", "Conversion Value", "Conversion Currency"}

// AdsTimeLayout is the template's conversion time, in the zone of its Parameters line.
const AdsTimeLayout = "2006-01-02 15:04:05"

// DefaultConversionName is the conversion action the export names unless asked for another:
// it must match the name of an "Import from clicks" conversion action in Google Ads.
const DefaultConversionName = "Won lead"

// MaxConversionNameLen bounds the conversion name of the export.
const MaxConversionNameLen = 100

// WriteAdsCSV writes Google Ads' click-conversion import file for the won enquiries whose gclid
// the setting lets out (domain.Attribution.MayExport): first the Parameters:TimeZone line, then
// the template's header and a row a win, its time in the site's time zone. Nothing about the
// person (name, e-mail, phone) is in it. The zone is written as an offset (+0530) when every
// time in the file has the same one, which Google reads whatever its own list of zone names;
// a zone with summer time is written by its name. It answers the rows written.
func WriteAdsCSV(w io.Writer, wins []domain.Message, s Settings, name string, now time.Time) (int, error) {
	var rows []domain.Message
	for _, m := range wins {
		if m.Attribution.MayExport(s.Mode) {
			rows = append(rows, m)
		}
	}
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	if err := cw.Write([]string{"Parameters:TimeZone=" + zoneParameter(s.Zone, rows, now)}); err != nil {
		return 0, err
	}
	_ = cw.Write(AdsHeader)
	for _, m := range rows {
		value, currency := "", ""
		if m.Outcome.Value > 0 || m.Outcome.Currency != "" {
			value, currency = strconv.FormatFloat(m.Outcome.Value, 'f', -1, 64), m.Outcome.Currency
		}
		_ = cw.Write([]string{m.Attribution.GCLID, name, m.Outcome.At.In(s.Zone).Format(AdsTimeLayout), value, currency})
	}
	cw.Flush()
	return len(rows), cw.Error()
}

// zoneParameter is the value of the Parameters:TimeZone line.
func zoneParameter(zone *time.Location, rows []domain.Message, now time.Time) string {
	_, offset := now.In(zone).Zone()
	for _, m := range rows {
		if _, o := m.Outcome.At.In(zone).Zone(); o != offset {
			return zone.String()
		}
	}
	return now.In(zone).Format("-0700")
}
