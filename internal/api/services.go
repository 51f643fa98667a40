package api

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/content"
)

func (s *Server) registerServiceRoutes(r *mux.Router) {
	r.HandleFunc("/api/services", s.handleServiceList).Methods("GET")
	r.HandleFunc("/api/services/{slug}", s.handleServiceGet).Methods("GET")
	r.HandleFunc("/api/services/{slug}", s.admin(s.handleServiceUpdate)).Methods("PUT")
	r.HandleFunc("/api/services/{slug}", s.admin(s.handleServiceDelete)).Methods("DELETE")
	r.HandleFunc("/api/services/{slug}/image", s.admin(s.handleServiceImageDelete)).Methods("DELETE")

	r.HandleFunc("/api/preview-services", s.admin(s.handlePreviewServiceList)).Methods("GET")
	r.HandleFunc("/api/preview-services", s.admin(s.handlePreviewServiceCreate)).Methods("POST")
	r.HandleFunc("/api/preview-services/publish/{slug}", s.admin(s.handleServicePublish)).Methods("POST")
	r.HandleFunc("/api/preview-services/{slug}", s.admin(s.handlePreviewServiceGet)).Methods("GET")
	r.HandleFunc("/api/preview-services/{slug}", s.admin(s.handlePreviewServiceUpdate)).Methods("PUT")
	r.HandleFunc("/api/preview-services/{slug}", s.admin(s.handlePreviewServiceDelete)).Methods("DELETE")
	r.HandleFunc("/api/preview-services/{slug}/render", s.admin(s.handlePreviewServiceRender)).Methods("GET")
}

// handleServiceList handles GET /api/services.
func (s *Server) handleServiceList(w http.ResponseWriter, r *http.Request) {
	list, err := s.db.Services()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(list))
}

// handleServiceGet handles GET /api/services/{slug}.
func (s *Server) handleServiceGet(w http.ResponseWriter, r *http.Request) {
	v, err := s.db.Service(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// handleServiceUpdate handles PUT /api/services/{slug}: edit a published service and rebuild.
func (s *Server) handleServiceUpdate(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := s.db.UpdateService(mux.Vars(r)["slug"], serviceEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	build, _ := s.rebuild(r.Context(), "service edited: "+v.Slug)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Service updated successfully!", "service": v, "build": build})
}

// handleServiceDelete handles DELETE /api/services/{slug}: unpublish and rebuild.
func (s *Server) handleServiceDelete(w http.ResponseWriter, r *http.Request) {
	slug := mux.Vars(r)["slug"]
	if err := s.db.DeleteService(slug); err != nil {
		s.writeError(w, r, err)
		return
	}
	build, _ := s.rebuild(r.Context(), "service deleted: "+slug)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Service deleted successfully.", "build": build})
}

// handleServiceImageDelete handles DELETE /api/services/{slug}/image.
func (s *Server) handleServiceImageDelete(w http.ResponseWriter, r *http.Request) {
	v, err := s.db.UpdateService(mux.Vars(r)["slug"], func(v *content.Service) error { v.Image = ""; return nil })
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	build, _ := s.rebuild(r.Context(), "service image removed: "+v.Slug)
	writeJSON(w, http.StatusOK, map[string]any{"message": "Image removed successfully.", "service": v, "build": build})
}

// handlePreviewServiceList handles GET /api/preview-services.
func (s *Server) handlePreviewServiceList(w http.ResponseWriter, r *http.Request) {
	list, err := s.db.PreviewServices()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, nonNil(list))
}

// handlePreviewServiceCreate handles POST /api/preview-services; the image is required.
func (s *Server) handlePreviewServiceCreate(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var v content.Service
	err = serviceEdit{f}.apply(&v)
	if err == nil && v.Image == "" {
		err = content.Errorf(content.EInvalid, content.MsgImageRequired)
	}
	if err == nil {
		v, err = s.db.CreatePreviewService(v)
	}
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"message": "Service saved! Check it in the preview section.", "service": v})
}

// handlePreviewServiceGet handles GET /api/preview-services/{slug}.
func (s *Server) handlePreviewServiceGet(w http.ResponseWriter, r *http.Request) {
	v, err := s.db.PreviewService(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// handlePreviewServiceUpdate handles PUT /api/preview-services/{slug}.
func (s *Server) handlePreviewServiceUpdate(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	v, err := s.db.UpdatePreviewService(mux.Vars(r)["slug"], serviceEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": "Service updated successfully!", "service": v})
}

// handlePreviewServiceDelete handles DELETE /api/preview-services/{slug}.
func (s *Server) handlePreviewServiceDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.db.DeletePreviewService(mux.Vars(r)["slug"]); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": "Service deleted successfully."})
}

// handleServicePublish handles POST /api/preview-services/publish/{slug}.
func (s *Server) handleServicePublish(w http.ResponseWriter, r *http.Request) {
	f, undo, err := s.readEdit(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	slug := mux.Vars(r)["slug"]
	v, err := s.db.PublishService(slug, serviceEdit{f}.apply)
	if err != nil {
		undo()
		s.writeError(w, r, err)
		return
	}
	s.log.Info("service published", "slug", v.Slug, "by", adminFrom(r.Context()).Username)
	build, done := s.rebuild(r.Context(), "service published: "+v.Slug)
	s.publishAnswer(w, "Service", serviceURL(s.cfg.SiteURL, v.Slug), build, done)
}

// handlePreviewServiceRender handles GET /api/preview-services/{slug}/render.
func (s *Server) handlePreviewServiceRender(w http.ResponseWriter, r *http.Request) {
	v, err := s.db.PreviewService(mux.Vars(r)["slug"])
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.renderPreview(w, r, func(ctx context.Context, site Site) ([]byte, error) { return site.RenderPreviewService(ctx, v) })
}
