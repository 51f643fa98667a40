package leads

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// Flush writes the counts gathered since the last flush, in one transaction, and the days
// past the retention go. When the write fails the counts are kept for the next one.
func (c *Counter) Flush() error {
	c.mu.Lock()
	pending, today := c.pending, c.day
	c.pending = map[string]*domain.TrafficDay{}
	c.mu.Unlock()
	if n := c.shed.Swap(0); n > 0 {
		pendingDay(pending, today).Shed += int(n)
	}
	if n := c.invalid.Swap(0); n > 0 {
		pendingDay(pending, today).Invalid += int(n)
	}
	days := make([]domain.TrafficDay, 0, len(pending))
	for _, k := range slices.Sorted(maps.Keys(pending)) {
		days = append(days, *pending[k])
	}
	if err := c.cfg.DB.AddTraffic(days); err != nil {
		c.mu.Lock()
		for _, d := range days {
			c.dayOf(d.Day).Merge(d)
		}
		c.mu.Unlock()
		return err
	}
	first, _ := time.Parse(time.DateOnly, today)
	if _, err := c.cfg.DB.PruneTraffic(first.AddDate(0, 0, -c.cfg.KeepDays+1).Format(time.DateOnly)); err != nil {
		return err
	}
	return nil
}

func pendingDay(m map[string]*domain.TrafficDay, day string) *domain.TrafficDay {
	if m[day] == nil {
		m[day] = &domain.TrafficDay{Day: day}
	}
	return m[day]
}

// loop is a background service that runs a task now and then: after each run it waits for
// next() and runs again, until it is closed (then, with final, once more).
type loop struct {
	name  string
	log   *slog.Logger
	run   func(now time.Time)
	next  func(now time.Time) time.Duration
	now   func() time.Time
	final bool

	cancel context.CancelFunc
	done   chan struct{}
	once   sync.Once
}

// Start runs the task once and then goes on in the background.
func (l *loop) Start(context.Context) error {
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel, l.done = cancel, make(chan struct{})
	l.run(l.now())
	go func() {
		defer close(l.done)
		for {
			t := time.NewTimer(l.next(l.now()))
			select {
			case <-ctx.Done():
				t.Stop()
				return
			case <-t.C:
				l.run(l.now())
			}
		}
	}()
	return nil
}

// Close stops the loop, waits for a run under way, and runs a final one when asked to.
func (l *loop) Close(ctx context.Context) {
	l.once.Do(func() {
		if l.cancel == nil {
			return
		}
		l.cancel()
		select {
		case <-l.done:
		case <-ctx.Done():
			l.log.Warn("stopped before its run ended", "service", l.name)
			return
		}
		if l.final {
			l.run(l.now())
		}
	})
}

// Flusher is the service that writes the counts every FlushEvery and once more at shutdown, so
// a crash loses at most the last few seconds of counts (never an enquiry: those are stored at
// once, apart from these counts).
func (c *Counter) Flusher() *loop {
	return &loop{name: "traffic counts", log: c.cfg.Log, now: c.cfg.Now, final: true,
		next: func(time.Time) time.Duration { return c.cfg.FlushEvery },
		run: func(time.Time) {
			if err := c.Flush(); err != nil {
				c.cfg.Log.Error("traffic counts not written; kept for the next try", "err", err)
			}
		}}
}

// SaltRotation is the service that starts a new day at the site's midnight: the day's salt and
// visitor hashes are dropped even when no visitor comes to make the counter notice the day.
func (c *Counter) SaltRotation() *loop {
	return &loop{name: "salt rotation", log: c.cfg.Log, now: c.cfg.Now,
		run: func(time.Time) { c.Rotate() },
		next: func(now time.Time) time.Duration {
			local := now.In(c.Settings().Zone)
			midnight := time.Date(local.Year(), local.Month(), local.Day()+1, 0, 0, 0, 0, local.Location())
			// At most an hour: the site's time zone may change meanwhile.
			return min(midnight.Sub(now)+time.Millisecond, time.Hour)
		}}
}

// ClickIDEraser is the service that erases the click ids of enquiries older than keepDays, at
// start and then every six hours.
func ClickIDEraser(db *store.DB, keepDays int, log *slog.Logger, now func() time.Time) *loop {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if now == nil {
		now = time.Now
	}
	return &loop{name: "click-id eraser", log: log, now: now,
		next: func(time.Time) time.Duration { return 6 * time.Hour },
		run: func(now time.Time) {
			n, err := db.EraseClickIDs(now.AddDate(0, 0, -keepDays))
			switch {
			case err != nil:
				log.Error("old click ids not erased", "err", err)
			case n > 0:
				log.Info("old click ids erased", "enquiries", n, "olderThanDays", keepDays)
				if _, err := db.AppendAudit(domain.AuditEntry{User: "(system)", Action: domain.AuditErase, Kind: "enquiry",
					Detail: "ad click ids of " + strconv.Itoa(n) + " enquiries older than " + strconv.Itoa(keepDays) + " days"}); err != nil {
					log.Error("audit entry not recorded", "err", err)
				}
			}
		}}
}
