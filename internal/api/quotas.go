package api

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
)

// Quotas are what an editor's account may write in a while; an admin has none. Each is a token
// bucket per account: a burst, refilled at a steady rate, so an editor at work never meets one
// and a script (or a stolen session) can neither grow the database nor fill the disk nor flood
// the admins' mail. Zero fields take DefaultQuotas'.
type Quotas struct {
	DraftSavesPerHour int   // saves of drafts (create, save, image removal, restore, review hand-over)
	DraftSaveBurst    int   //
	DraftBytesPerDay  int64 // bytes of draft text saved
	DraftBytesBurst   int64
	UploadsPerHour    int // images uploaded
	UploadBurst       int
	UploadBytesPerDay int64 // bytes of images uploaded
	UploadBytesBurst  int64
	// ReviewMailEvery is how often the admins are mailed that one draft awaits review: a draft
	// submitted again within it is in the queue as before, without a new mail.
	ReviewMailEvery time.Duration
}

// DefaultQuotas: 120 saves an hour after a burst of 30, 30 MB of draft text a day after 10 MB at
// once (a long post is 50 kB), 30 uploads an hour after 10, 200 MB of images a day after 60 MB,
// one review mail per draft an hour.
var DefaultQuotas = Quotas{
	DraftSavesPerHour: 120, DraftSaveBurst: 30, DraftBytesPerDay: 30 << 20, DraftBytesBurst: 10 << 20,
	UploadsPerHour: 30, UploadBurst: 10, UploadBytesPerDay: 200 << 20, UploadBytesBurst: 60 << 20,
	ReviewMailEvery: time.Hour,
}

func quotasWithDefaults(q Quotas) Quotas {
	d := DefaultQuotas
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pick64 := func(v *int64, def int64) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&q.DraftSavesPerHour, d.DraftSavesPerHour)
	pick(&q.DraftSaveBurst, d.DraftSaveBurst)
	pick64(&q.DraftBytesPerDay, d.DraftBytesPerDay)
	pick64(&q.DraftBytesBurst, d.DraftBytesBurst)
	pick(&q.UploadsPerHour, d.UploadsPerHour)
	pick(&q.UploadBurst, d.UploadBurst)
	pick64(&q.UploadBytesPerDay, d.UploadBytesPerDay)
	pick64(&q.UploadBytesBurst, d.UploadBytesBurst)
	if q.ReviewMailEvery <= 0 {
		q.ReviewMailEvery = d.ReviewMailEvery
	}
	return q
}

// allowance is one quota: a token bucket per account. Accounts are few (each one an admin
// made), so the map needs no eviction.
type allowance struct {
	mu    sync.Mutex
	every rate.Limit
	burst int
	per   map[string]*rate.Limiter
	msg   string // with %s for how long to wait
}

func newAllowance(n int64, interval time.Duration, burst int64, msg string) *allowance {
	return &allowance{every: rate.Limit(float64(n) / interval.Seconds()), burst: int(burst), per: map[string]*rate.Limiter{}, msg: msg}
}

// take spends n tokens of user's bucket, or refuses with how long to wait; a spend larger than
// the burst is taken as the whole burst.
func (a *allowance) take(user string, n int) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	lim := a.per[user]
	if lim == nil {
		lim = rate.NewLimiter(a.every, a.burst)
		a.per[user] = lim
	}
	now := time.Now()
	r := lim.ReserveN(now, min(max(n, 1), a.burst))
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return &auth.LimitedError{Wait: d, Msg: fmt.Sprintf(a.msg, waitText(d))}
	}
	return nil
}

// waitText says a wait as a person would: "40 seconds", "3 minutes", "2 hours".
func waitText(d time.Duration) string {
	switch s := int(d.Seconds() + 0.999); {
	case s < 90:
		return plural(s, "second")
	case s < 90*60:
		return plural((s+59)/60, "minute")
	default:
		return plural((s+3599)/3600, "hour")
	}
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// quotas are the server's allowances of editors.
type quotas struct {
	saves, draftBytes, uploads, uploadBytes *allowance
}

func newQuotas(q Quotas) *quotas {
	return &quotas{
		saves: newAllowance(int64(q.DraftSavesPerHour), time.Hour, int64(q.DraftSaveBurst),
			"You are saving faster than an editor may. Wait %s, then save again: your text is still in the editor."),
		draftBytes: newAllowance(q.DraftBytesPerDay, 24*time.Hour, q.DraftBytesBurst,
			"You have saved a great deal of draft text in a short time. Wait %s, then save again: your text is still in the editor."),
		uploads: newAllowance(int64(q.UploadsPerHour), time.Hour, int64(q.UploadBurst),
			"You have uploaded many images in a short time. Wait %s before the next one, or ask an admin to upload it."),
		uploadBytes: newAllowance(q.UploadBytesPerDay, 24*time.Hour, q.UploadBytesBurst,
			"You have uploaded as many megabytes of images as an editor may in a day. Wait %s, or ask an admin to upload it."),
	}
}

// limited reports whether the request's account has quotas (an editor; an admin has none).
func limited(r *http.Request) bool { return !adminFrom(r.Context()).Can(domain.PermPublish) }

// spendDraft takes a draft write of bytes of text from the editor's allowances.
func (s *Server) spendDraft(r *http.Request, bytes int) error {
	return spend(r, s.quotas.saves, s.quotas.draftBytes, bytes)
}

// spendUpload takes an upload of bytes from the editor's allowances.
func (s *Server) spendUpload(r *http.Request, bytes int) error {
	return spend(r, s.quotas.uploads, s.quotas.uploadBytes, bytes)
}

// spend takes one from count and bytes from size, for an editor's request.
func spend(r *http.Request, count, size *allowance, bytes int) error {
	if !limited(r) {
		return nil
	}
	user := adminFrom(r.Context()).Username
	if err := count.take(user, 1); err != nil {
		return err
	}
	return size.take(user, bytes)
}

// textBytes is how much text a write request carries.
func (f *fields) textBytes() int {
	n := 0
	for k, v := range f.vals {
		n += len(k) + len(v)
	}
	return n
}
