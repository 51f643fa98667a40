package domain

import (
	"math"
	"regexp"
	"strings"
	"time"

	"golang.org/x/text/currency"
)

// Outcome is what came of an enquiry, apart from its place in the inbox: won or lost, with the
// deal's value when known. Archiving a won enquiry keeps the win; the Google Ads export reads
// the wins.
type Outcome struct {
	Result   string    `json:"result"` // OutcomeWon or OutcomeLost
	Value    float64   `json:"value,omitempty"`
	Currency string    `json:"currency,omitempty"` // ISO 4217, with a value
	At       time.Time `json:"at"`                 // when it was set: a win's conversion time
	By       string    `json:"by"`
}

// The results of an enquiry.
const (
	OutcomeWon  = "won"
	OutcomeLost = "lost"
)

// MaxOutcomeValue bounds a deal's value (a spreadsheet and Google Ads both take it).
const MaxOutcomeValue = 1e12

var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// KnownCurrency says whether code (upper case) is a current ISO 4217 currency, as Google Ads
// takes them: three letters alone let "RUP" (someone typing "rupees") into a conversion.
func KnownCurrency(code string) bool {
	if !currencyPattern.MatchString(code) {
		return false
	}
	u, err := currency.ParseISO(code)
	return err == nil && u.String() == code && code != "XXX" && code != "XTS" // "no currency", "testing"
}

// NewOutcome checks an outcome an admin sets: a result of won or lost ("" clears the outcome,
// answered as nil), a value of at least 0 with at most two decimals and a currency code with it.
func NewOutcome(result string, value *float64, currency string, at time.Time, by string) (*Outcome, error) {
	result = strings.ToLower(strings.TrimSpace(result))
	if result == "" {
		return nil, nil
	}
	if result != OutcomeWon && result != OutcomeLost {
		return nil, Errorf(EInvalid, "result must be won, lost or empty.")
	}
	o := &Outcome{Result: result, At: at.UTC(), By: by}
	currency = strings.ToUpper(strings.TrimSpace(currency))
	if value != nil {
		v := *value
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || v > MaxOutcomeValue || math.Abs(v*100-math.Round(v*100)) > 1e-6 {
			return nil, Errorf(EInvalid, "The value must be a number from 0 to 1,000,000,000,000 with at most two decimals.")
		}
		o.Value = v
	}
	if currency != "" || o.Value > 0 {
		if !currencyPattern.MatchString(currency) {
			return nil, Errorf(EInvalid, "The currency must be a three-letter code such as INR or USD.")
		}
		if !KnownCurrency(currency) {
			return nil, Errorf(EInvalid, "%s is not a currency code: use one such as INR or USD.", currency)
		}
		o.Currency = currency
	}
	return o, nil
}

// How long what a visit leaves is kept unless the server is told otherwise.
const (
	ClickIDKeepDays = 90  // an enquiry's click ids (Google Ads takes conversions of clicks up to 90 days old)
	TrafficKeepDays = 400 // the daily visitor counts
)

// The audit log's actions of where leads come from.
const (
	AuditOutcome = "outcome" // an enquiry was marked won or lost (or the mark removed)
	AuditExport  = "export"  // conversions were exported for an ad network
)
