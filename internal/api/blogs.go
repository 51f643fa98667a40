package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/content"
)

func (s *Server) registerBlogRoutes(r *mux.Router) {
	r.HandleFunc("/api/blogs", s.handleBlogList).Methods("GET")
	r.HandleFunc("/api/blogs/{slug}", s.handleBlogGet).Methods("GET")
	r.HandleFunc("/api/blogs/{slug}", s.admin(s.handleBlogUpdate)).Methods("PUT")
	r.HandleFunc("/api/blogs/{slug}", s.admin(s.handleBlogDelete)).Methods("DELETE")

	r.HandleFunc("/api/preview-blogs", s.admin(s.handlePreviewBlogList)).Methods("GET")
	r.HandleFunc("/api/preview-blogs", s.admin(s.handlePreviewBlogCreate)).Methods("POST")
	r.HandleFunc("/api/preview-blogs/publish/{slug}", s.admin(s.handleBlogPublish)).Methods("POST")
	r.HandleFunc("/api/preview-blogs/{slug}", s.admin(s.handlePreviewBlogGet)).Methods("GET")
	r.HandleFunc("/api/preview-blogs/{slug}", s.admin(s.handlePreviewBlogUpdate)).Methods("PUT")
	r.HandleFunc("/api/preview-blogs/{slug}", s.admin(s.handlePreviewBlogDelete)).Methods("DELETE")
	r.HandleFunc("/api/preview-blogs/{slug}/render", s.admin(s.handlePreviewBlogRender)).Methods("GET")
}

// handleBlogList handles GET /api/blogs.
func (s *Server) handleBlogList(w http.ResponseWriter, r *http.Request) {
	blogs, err := s.db.Blogs()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(blogs))
}

// handleBlogGet handles GET /api/blogs/{slug}.
func (s *Server) handleBlogGet(w http.ResponseWriter, r *http.Request) {
	b, err := s.db.Blog(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// handleBlogUpdate handles PUT /api/blogs/{slug}: edit a published blog and rebuild.
func (s *Server) handleBlogUpdate(w http.ResponseWriter, r *http.Request) {
	slug := mux.Vars(r)["slug"]
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := s.db.UpdateBlog(slug, blogEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	build, _ := s.rebuild(r.Context(), "blog edited: "+b.Slug)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Blog updated successfully!", "blog": b, "build": build})
}

// handleBlogDelete handles DELETE /api/blogs/{slug}: unpublish and rebuild.
func (s *Server) handleBlogDelete(w http.ResponseWriter, r *http.Request) {
	slug := mux.Vars(r)["slug"]
	if err := s.db.DeleteBlog(slug); err != nil {
		s.writeError(w, r, err)
		return
	}
	build, _ := s.rebuild(r.Context(), "blog deleted: "+slug)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Blog deleted successfully.", "build": build})
}

// handlePreviewBlogList handles GET /api/preview-blogs.
func (s *Server) handlePreviewBlogList(w http.ResponseWriter, r *http.Request) {
	blogs, err := s.db.PreviewBlogs()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(blogs))
}

// handlePreviewBlogCreate handles POST /api/preview-blogs.
func (s *Server) handlePreviewBlogCreate(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var b content.Blog
	err = blogEdit{f}.apply(&b)
	if err == nil {
		b, err = s.db.CreatePreviewBlog(b)
	}
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Blog saved! Check it in the preview section.", "blog": b})
}

// handlePreviewBlogGet handles GET /api/preview-blogs/{slug}.
func (s *Server) handlePreviewBlogGet(w http.ResponseWriter, r *http.Request) {
	b, err := s.db.PreviewBlog(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// handlePreviewBlogUpdate handles PUT /api/preview-blogs/{slug}; image "" removes the image.
func (s *Server) handlePreviewBlogUpdate(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := s.db.UpdatePreviewBlog(mux.Vars(r)["slug"], blogEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": "Blog updated successfully!", "blog": b})
}

// handlePreviewBlogDelete handles DELETE /api/preview-blogs/{slug}.
func (s *Server) handlePreviewBlogDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.db.DeletePreviewBlog(mux.Vars(r)["slug"]); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Blog deleted successfully."})
}

// handleBlogPublish handles POST /api/preview-blogs/publish/{slug}: the preview moves into the
// published blogs in one transaction (fields sent override it), then the site is rebuilt and the
// answer says whether the page is live.
func (s *Server) handleBlogPublish(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	slug := mux.Vars(r)["slug"]
	b, err := s.db.PublishBlog(slug, blogEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	s.log.Info("blog published", "slug", b.Slug, "by", adminFrom(r.Context()).Username)
	build, done := s.rebuild(r.Context(), "blog published: "+b.Slug)
	s.publishAnswer(w, "Blog", blogURL(s.cfg.SiteURL, b.Slug), build, done)
}

// handlePreviewBlogRender handles GET /api/preview-blogs/{slug}/render.
func (s *Server) handlePreviewBlogRender(w http.ResponseWriter, r *http.Request) {
	b, err := s.db.PreviewBlog(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.renderPreview(w, r, func(ctx context.Context, site Site) ([]byte, error) { return site.RenderPreviewBlog(ctx, b) })
}

// readEdit reads a write request's fields; an image file among them is checked and stored
// first, and an image sent as text must name an existing upload or site image. undo removes a
// stored image again when the record cannot be saved, so a failed request leaves nothing behind.
func (s *Server) readEdit(r *http.Request) (*fields, func(), error) {
	noop := func() {}
	f, err := readFields(r)
	if err != nil {
		return nil, noop, err
	}
	if f.image != nil {
		ref, undo, err := s.saveImage(f.image, adminFrom(r.Context()).Username)
		if err != nil {
			return nil, noop, err
		}
		f.vals["image"] = ref
		return f, undo, nil
	}
	if ref, ok := f.lookup("image"); ok {
		if err := s.checkImageRef(ref); err != nil {
			return nil, noop, err
		}
	}
	return f, noop, nil
}

// publishAnswer writes the answer of a publish (docs/API.md): 200 live with the URL, 500 with
// the build's error (the content stays published), or 202 when the build outlasted the wait.
func (s *Server) publishAnswer(w http.ResponseWriter, kind, url string, b Build, done bool) {
	switch {
	case done && b.Status == statusOK:
		writeJSON(w, http.StatusOK, map[string]any{"message": kind + " published! It is live at " + url,
			"url": url, "live": true, "build": b})
	case done:
		writeJSON(w, http.StatusInternalServerError, map[string]any{
			"error": kind + " saved and published, but the site build failed, so the page is not live yet: " + b.Error,
			"url":   url, "live": false, "build": b})
	default:
		writeJSON(w, http.StatusAccepted, map[string]any{
			"message": kind + " published. The site is still building; the page will be live at " + url + " shortly.",
			"url":     url, "live": false, "build": b})
	}
}

// renderPreview answers the page the public site would serve for a draft.
func (s *Server) renderPreview(w http.ResponseWriter, r *http.Request, render func(context.Context, Site) ([]byte, error)) {
	if s.cfg.Site == nil {
		s.writeError(w, r, content.Errorf(content.EUnavailable, "Preview is not available: the site renderer is not running."))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	page, err := render(ctx, s.cfg.Site)
	if err != nil {
		s.log.Error("render preview", "path", r.URL.Path, "err", err)
		s.writeError(w, r, content.Errorf(content.EUnavailable, "The preview could not be rendered. Please try again."))
		return
	}
	setHTMLHeaders(w, true)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(page)
}

// nonNil makes an empty list answer [] rather than null.
func nonNil[T any](v []T) []T {
	if v == nil {
		return []T{}
	}
	return v
}

func blogURL(base, slug string) string    { return base + "/blog/" + slug + "/" }
func serviceURL(base, slug string) string { return base + "/" + slug + "/" }
