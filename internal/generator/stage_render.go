package generator

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
)

// render renders the pages that differ from the live generation into the new one.
//
// Reuse: each distinct body is rendered once (a page and its twins differ only in their
// heads), and the unchanged pages are linked from the live generation meanwhile: the links are
// file-system work in Go and the renders node's, so a publish on a large site waits for the
// longer of the two rather than for both. The extras that changed (the sitemap, the feed, a
// clean build's thousands of redirect pages) are written meanwhile too.
func (r *run) render() error {
	linked := make(chan error, 1)
	go func() {
		err := parallel(len(r.toWrite), func(i int) error {
			name := r.toWrite[i]
			if to, ok := r.moved[name]; ok {
				return r.w.write(name, r.redirectPageOf(to))
			}
			return r.w.write(name, r.extras[name])
		})
		if err == nil {
			err = parallel(len(r.toLink), func(i int) error {
				return r.w.link(filepath.Join(r.live, r.toLink[i].File), r.toLink[i].File)
			})
		}
		linked <- err
	}()
	var renderErr error
	if r.early != nil {
		renderErr = <-r.early
		r.early = nil
	} else {
		renderErr = r.renderPages(r.ctx)
	}
	linkErr := <-linked
	if renderErr != nil {
		return renderErr
	}
	if err := r.texts.failed(); err != nil {
		return err
	}
	if linkErr != nil {
		return fmt.Errorf("write an unchanged page or an extra: %w", linkErr)
	}
	return nil
}

// renderPages renders toRender into the new generation, each distinct body once.
func (r *run) renderPages(ctx context.Context) error {
	var groups [][]*planned
	byBody := make(map[string]int, len(r.toRender))
	for _, it := range r.toRender {
		if g, ok := byBody[it.body]; ok {
			groups[g] = append(groups[g], it)
			continue
		}
		byBody[it.body] = len(groups)
		groups = append(groups, []*planned{it})
	}
	var done atomic.Int64
	total := len(r.toRender)
	step := int64(max(total/10, 100))
	return parallelN(16, len(groups), func(i int) error {
		first := groups[i][0]
		props, prose := first.props, first.prose
		if r.lazy && props == nil {
			var err error
			if first.Props == nil && first.remake != nil {
				first.Props, first.Head = first.remake()
			}
			if props, prose, err = encodeForRender(first.Page.Props); err != nil {
				return fmt.Errorf("%s: %w", first.Route, err)
			}
		}
		body, err := r.renderer.Render(ctx, first.Name, first.bodyRoute(), r.siteJSON, props)
		if err != nil {
			return err
		}
		if err := spliceProse(&body, prose, first.Route); err != nil {
			return err
		}
		for _, it := range groups[i] {
			head := it.head
			if r.lazy && head == "" {
				if it.Props == nil && it.remake != nil {
					it.Props, it.Head = it.remake()
				}
				head = headHTML(it.Head, r.planner.site, r.assets)
			}
			if err := r.w.write(it.File, document(head, body)); err != nil {
				return err
			}
			if r.cfg.OneShot {
				it.props, it.prose, it.head, it.Page.Props, it.Page.Head = nil, "", "", nil, Head{}
			}
			if n := done.Add(1); total >= 200 && n%step == 0 {
				r.progressf("rendered %d/%d pages\n", n, total)
			}
		}
		return nil
	})
}
