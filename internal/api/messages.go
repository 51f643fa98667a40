package api

import (
	"encoding/csv"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/domain"
)

func (s *Server) registerMessageRoutes(r *mux.Router) {
	r.HandleFunc("/popup", s.handlePopup).Methods("POST")
	r.HandleFunc("/popups", s.can(domain.PermEnquiries, s.handleMessageList)).Methods("GET")
	r.HandleFunc("/popups.csv", s.can(domain.PermEnquiries, s.handleMessageCSV)).Methods("GET")
}

// Pages of the enquiry list: GET /popups answers defaultMessagePage enquiries unless told
// otherwise, and at most maxMessagePage.
const (
	defaultMessagePage = 100
	maxMessagePage     = 500
)

// handleMessageList handles GET /popups?limit=&cursor=&status=&q= (admin only: enquiries are
// personal data): a page of enquiries, newest first, as the array the spec's clients read;
// without a status every status but spam. When more remain, the X-Next-Cursor header (and a
// Link header with rel="next") says how to ask for the next page.
func (s *Server) handleMessageList(w http.ResponseWriter, r *http.Request) {
	limit, cursor, err := pageParams(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q, err := inboxQuery(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, next, err := s.db.SearchMessages(q, cursor, limit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	setNextPageOf(w, r, limit, next)
	writeJSON(w, http.StatusOK, nonNil(list))
}

// pageParams reads ?limit= (1..maxMessagePage, default defaultMessagePage) and ?cursor= of a
// paged list.
func pageParams(r *http.Request) (limit int, cursor uint64, err error) {
	q := r.URL.Query()
	limit = defaultMessagePage
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxMessagePage {
			return 0, 0, domain.Errorf(domain.EInvalid, "limit must be a number from 1 to %d.", maxMessagePage)
		}
		limit = n
	}
	if v := q.Get("cursor"); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return 0, 0, domain.Errorf(domain.EInvalid, "Invalid cursor.")
		}
		cursor = n
	}
	return limit, cursor, nil
}

// setNextPage names the next page of a paged list, when there is one, in the X-Next-Cursor
// and Link headers.
func setNextPage(w http.ResponseWriter, path string, limit int, next uint64) {
	if next == 0 {
		return
	}
	c := strconv.FormatUint(next, 10)
	w.Header().Set("X-Next-Cursor", c)
	w.Header().Set("Link", fmt.Sprintf(`<%s?limit=%d&cursor=%s>; rel="next"`, path, limit, c))
}

var phoneLike = regexp.MustCompile(`^\+[0-9 ().-]+$`)

// csvCell defuses spreadsheet formulas: a cell starting with = + - @ or a control character is
// prefixed with a quote, except a plain international phone number.
func csvCell(v string) string {
	if v == "" || phoneLike.MatchString(v) {
		return v
	}
	switch v[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + v
	}
	return v
}

// handleMessageCSV handles GET /popups.csv?status=&q=: the enquiries of the inbox's filter,
// newest first, read and written a page at a time so memory stays flat however many there are.
func (s *Server) handleMessageCSV(w http.ResponseWriter, r *http.Request) {
	q, err := inboxQuery(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	list, next, err := s.db.SearchMessages(q, 0, maxMessagePage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="enquiries-`+time.Now().In(s.enquiries.Zone().Location).Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	// A byte order mark first: Excel, which most owners open the file in, reads a CSV without
	// one in the PC's own code page, and Hindi names, ₹ and emoji come out garbled. Spreadsheets
	// that need no mark skip it.
	io.WriteString(w, "\ufeff")
	cw := csv.NewWriter(w)
	writeMessagesCSV(cw, list, true, s.enquiries.Zone())
	for {
		cw.Flush()
		if next == 0 || cw.Error() != nil {
			return
		}
		if list, next, err = s.db.SearchMessages(q, next, maxMessagePage); err != nil {
			// The answer has begun; cutting it short is all that is left.
			s.log.Error("enquiry export cut short", "err", err)
			panic(http.ErrAbortHandler)
		}
		writeMessagesCSV(cw, list, false, s.enquiries.Zone())
	}
}
