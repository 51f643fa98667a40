package api

import (
	"net/http"
	"path/filepath"

	"github.com/gorilla/mux"

	"digitalreeviver/internal/disk"
)

func (s *Server) registerDiskRoutes(r *mux.Router) {
	r.HandleFunc("/api/disk", s.admin(s.handleDisk)).Methods("GET")
}

// diskFolder is the room left where one of the server's folders lives.
type diskFolder struct {
	Name string `json:"name"` // database, uploads, site
	Path string `json:"path"`
	disk.Space
	Low bool `json:"low"`
}

// handleDisk handles GET /api/disk: the free space where the server writes (the database, the
// uploads, the built site), so the dashboard can warn before a full disk refuses an upload or an
// enquiry. A folder that cannot be measured is left out.
func (s *Server) handleDisk(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Low     bool         `json:"low"`
		Folders []diskFolder `json:"folders"`
	}{Folders: []diskFolder{}}
	for _, f := range []struct{ name, path string }{
		{"database", filepath.Dir(s.db.Path())},
		{"uploads", s.cfg.UploadsDir},
		{"site", filepath.Dir(s.cfg.OutDir)},
	} {
		if f.path == "" {
			continue
		}
		space, err := disk.SpaceOf(f.path)
		if err != nil {
			continue
		}
		low := space.Low()
		out.Low = out.Low || low
		out.Folders = append(out.Folders, diskFolder{Name: f.name, Path: f.path, Space: space, Low: low})
	}
	writeJSON(w, http.StatusOK, out)
}
