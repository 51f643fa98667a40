package api

import (
	"testing"

	"digitalreeviver/internal/media"
)

// FuzzCheckImage: any bytes are either refused or accepted as one of the four types, never a
// panic, and an accepted image is within the pixel limits.
func FuzzCheckImage(f *testing.F) {
	f.Add(pngBytes(f, 3, 2))
	f.Add(jpegBytes(f))
	f.Add(gifBytes(f))
	f.Add(webpBytes())
	f.Add([]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"))
	f.Add([]byte("\x89PNG\r\n\x1a\n<html>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		u, err := checkImage(data)
		if err != nil {
			return
		}
		if extTypes["."+u.Name] != u.Type {
			t.Fatalf("accepted as %q with extension %q", u.Type, u.Name)
		}
		if u.Width > media.MaxSide || u.Height > media.MaxSide || u.Width*u.Height > media.MaxPixels {
			t.Fatalf("accepted %d×%d", u.Width, u.Height)
		}
	})
}
