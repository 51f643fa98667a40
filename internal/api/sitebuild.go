package api

import (
	"context"

	"digitalreeviver/internal/content"
	"digitalreeviver/internal/generator"
)

// NewSite adapts the generator to the API: builds read the published records from src (the
// store), previews render drafts with the same renderer.
func NewSite(b *generator.Builder, src generator.Source) Site { return &site{b: b, src: src} }

type site struct {
	b   *generator.Builder
	src generator.Source
}

func (s *site) Build(ctx context.Context, clean bool, reason string) (BuildStats, error) {
	res, err := s.b.Build(ctx, s.src, generator.Options{Clean: clean, Reason: reason})
	return BuildStats{Generation: res.Generation, PagesRendered: res.PagesRendered, PagesUnchanged: res.PagesUnchanged}, err
}

func (s *site) RenderPreviewBlog(ctx context.Context, b content.Blog) ([]byte, error) {
	return s.b.RenderPreviewBlog(ctx, b)
}

func (s *site) RenderPreviewService(ctx context.Context, v content.Service) ([]byte, error) {
	return s.b.RenderPreviewService(ctx, v)
}
