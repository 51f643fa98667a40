package publish

import (
	"context"
	"fmt"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/generator"
)

// Site is the static-site generator as publishing and the admin's previews use it: it builds the
// site from the published records and renders a draft exactly as the site would serve it.
type Site interface {
	Build(ctx context.Context, opts generator.Options) (generator.Result, error)
	RenderPreview(ctx context.Context, r domain.Record) ([]byte, error)
}

// NewSite adapts the generator: builds read the published records from src (the store),
// previews render drafts with the same renderer.
func NewSite(b *generator.Builder, src generator.Source) Site { return &site{b: b, src: src} }

type site struct {
	b   *generator.Builder
	src generator.Source
}

func (s *site) Build(ctx context.Context, opts generator.Options) (generator.Result, error) {
	return s.b.Build(ctx, s.src, opts)
}

// RenderPreview hands a draft to the generator's page of its kind; this is the one place that
// maps a kind to the generator's method for it.
func (s *site) RenderPreview(ctx context.Context, r domain.Record) ([]byte, error) {
	switch v := r.(type) {
	case *domain.Blog:
		return s.b.RenderPreviewBlog(ctx, s.src, *v)
	case *domain.Service:
		return s.b.RenderPreviewService(ctx, s.src, *v)
	}
	return nil, fmt.Errorf("preview: the generator has no page for a %s", r.Kind().Name)
}
