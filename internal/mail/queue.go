package mail

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Queue sends in the background so that a slow or failing mail server never delays an answer:
// an enquiry is already stored when its notification is queued, and a reset request answers the
// same whether or not a mail goes out.
type Queue struct {
	sender Sender
	log    *slog.Logger
	jobs   chan func(context.Context) error
	wg     sync.WaitGroup
	mu     sync.Mutex
	closed bool
}

// NewQueue starts one worker with room for size waiting jobs.
func NewQueue(s Sender, size int, log *slog.Logger) *Queue {
	q := &Queue{sender: s, log: log, jobs: make(chan func(context.Context) error, size)}
	q.wg.Add(1)
	go q.run()
	return q
}

func (q *Queue) run() {
	defer q.wg.Done()
	for job := range q.jobs {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := job(ctx); err != nil {
			q.log.Error("mail failed", "err", err)
		}
		cancel()
	}
}

// Go queues a job that may send mail through q's sender; a full queue drops the job with a log
// line rather than block the caller.
func (q *Queue) Go(job func(ctx context.Context, s Sender) error) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return false
	}
	select {
	case q.jobs <- func(ctx context.Context) error { return job(ctx, q.sender) }:
		return true
	default:
		q.log.Error("mail queue full; job dropped")
		return false
	}
}

// Close stops taking jobs and waits (until ctx ends) for the queued ones to finish.
func (q *Queue) Close(ctx context.Context) {
	q.mu.Lock()
	if !q.closed {
		q.closed = true
		close(q.jobs)
	}
	q.mu.Unlock()
	done := make(chan struct{})
	go func() { q.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		q.log.Warn("mail queue not drained before shutdown")
	}
}
