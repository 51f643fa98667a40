package leads

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/server"
	"digitalreeviver/internal/store"
)

// Flush writes the counts gathered since the last flush, in one transaction, and the days
// past the retention go. When the write fails the counts are kept for the next one.
func (c *Counter) Flush() error {
	c.flushing.Lock()
	defer c.flushing.Unlock()
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

// Flusher is the service that writes the counts every FlushEvery and once more when it stops,
// so a crash loses at most the last few seconds of counts (never an enquiry: those are stored at
// once, apart from these counts).
func (c *Counter) Flusher() server.Service {
	flush := func(context.Context) {
		if err := c.Flush(); err != nil {
			c.cfg.Log.Error("traffic counts not written; kept for the next try", "err", err)
		}
	}
	every := server.Every(c.cfg.FlushEvery, flush)
	return server.Func{StartFunc: every.Start, CloseFunc: func(ctx context.Context) {
		every.Close(ctx)
		flush(ctx)
	}}
}

// SaltRotation is the service that starts a new day once the site's midnight has passed (it
// looks every minute): the day's salt and visitor hashes are dropped even when no visitor comes
// to make the counter notice the new day.
func (c *Counter) SaltRotation() server.Service {
	return server.Every(time.Minute, func(context.Context) { c.Rotate() })
}

// ClickIDEraser is the service that erases the click ids of enquiries older than keepDays, at
// start and then every six hours.
func ClickIDEraser(db *store.DB, keepDays int, log *slog.Logger) server.Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return server.Every(6*time.Hour, func(context.Context) {
		n, err := db.EraseClickIDs(time.Now().AddDate(0, 0, -keepDays))
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
	})
}
