package api

import (
	"context"

	"digitalreeviver/internal/build"
	"digitalreeviver/internal/content"
)

// NewSite adapts the generator to the API: builds read the published records from src (the
// store), previews render drafts with the same renderer.
func NewSite(b *build.Builder, src build.Source) Site { return &site{b: b, src: src} }

type site struct {
	b   *build.Builder
	src build.Source
}

func (s *site) Build(ctx context.Context, clean bool, reason string) (BuildStats, error) {
	res, err := s.b.Build(ctx, s.src, build.Options{Clean: clean, Reason: reason})
	return BuildStats{Generation: res.Generation, PagesRendered: res.PagesRendered, PagesUnchanged: res.PagesUnchanged}, err
}

func (s *site) RenderPreviewBlog(ctx context.Context, b content.Blog) ([]byte, error) {
	return s.b.RenderPreviewBlog(ctx, b)
}

func (s *site) RenderPreviewService(ctx context.Context, v content.Service) ([]byte, error) {
	return s.b.RenderPreviewService(ctx, v)
}
