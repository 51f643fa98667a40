package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"mime/multipart"
	"os"
	"time"
)

// mediaBench measures upload → variants through the real API: it signs in as the demo admin,
// uploads -n different 1600×1000 PNG photographs (POST /api/preview-blogs/upload) and times each
// until GET /api/media says its responsive variants are made (the server makes them in the
// background; the first upload of a fresh process also pays for compiling the encoders). Then it
// publishes a post with the last image as its cover and in its text, and prints one JSON line per
// upload and a last line naming the post for the page-weight measure (bench/media-bytes.mjs).
func mediaBench(args []string) error {
	fs := flag.NewFlagSet("media", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "adminapi serve --demo address")
	n := fs.Int("n", 5, "uploads")
	fs.Parse(args)
	api, err := signIn(*base, "admin", os.Getenv("ADMIN_PASSWORD"))
	if err != nil {
		return err
	}
	do := api.do
	var url string
	var size int
	for i := 0; i < *n; i++ {
		photo := benchPhoto(1600, 1000, float64(i))
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		w.WriteField("alt", fmt.Sprintf("Bench photograph %d", i))
		p, _ := w.CreateFormFile("image", fmt.Sprintf("photo-%d.png", i))
		p.Write(photo)
		w.Close()
		start := time.Now()
		var up struct {
			ImageURL string                `json:"imageUrl"`
			Media    struct{ Name string } `json:"media"`
		}
		if err := do("POST", "/api/preview-blogs/upload", w.FormDataContentType(), &buf, &up); err != nil {
			return err
		}
		uploaded := time.Since(start)
		for {
			vs, err := api.variants()
			if err != nil {
				return err
			}
			made := vs[up.Media.Name]
			if made > 0 {
				fmt.Printf("{\"upload\":%d,\"bytes\":%d,\"uploadMs\":%d,\"variantsMs\":%d,\"variants\":%d}\n", i, len(photo),
					uploaded.Milliseconds(), time.Since(start).Milliseconds(), made)
				break
			}
			if time.Since(start) > 5*time.Minute {
				return fmt.Errorf("variants of upload %d not made after 5 minutes", i)
			}
			time.Sleep(50 * time.Millisecond) // a bench polls; tests wait on events
		}
		url, size = up.ImageURL, len(photo)
	}
	post := map[string]string{"title": "Bench photo post", "category": "Bench", "image": url,
		"content": `<p>A post with a photograph in its text.</p><p><img src="` + url + `" alt="The same photograph"></p>` +
			"<p>" + string(bytes.Repeat([]byte("More words to read. "), 200)) + "</p>"}
	data, _ := json.Marshal(post)
	if err := do("POST", "/api/preview-blogs", "application/json", bytes.NewReader(data), nil); err != nil {
		return err
	}
	if err := do("POST", "/api/preview-blogs/publish/bench-photo-post", "application/json", bytes.NewReader([]byte("{}")), nil); err != nil {
		return err
	}
	// A full rebuild afterwards, waited for: it must find every variant made.
	var started struct {
		Build struct{ ID uint64 } `json:"build"`
	}
	if err := do("POST", "/api/builds", "application/json", nil, &started); err != nil {
		return err
	}
	begin := time.Now()
	for {
		var builds []struct {
			ID     uint64 `json:"id"`
			Status string `json:"status"`
		}
		if err := do("GET", "/api/builds", "", nil, &builds); err != nil {
			return err
		}
		done := ""
		for _, b := range builds {
			if b.ID == started.Build.ID && (b.Status == "ok" || b.Status == "failed") {
				done = b.Status
			}
		}
		if done == "failed" {
			return fmt.Errorf("rebuild %d failed", started.Build.ID)
		} else if done != "" {
			break
		}
		if time.Since(begin) > 5*time.Minute {
			return fmt.Errorf("rebuild %d not done after 5 minutes", started.Build.ID)
		}
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Printf("{\"post\":\"/blog/bench-photo-post/\",\"original\":%d,\"images\":2,\"rebuildMs\":%d}\n", size, time.Since(begin).Milliseconds())
	return nil
}

// benchPhoto draws a photograph-like picture: sky, hills, texture; seed makes each different.
func benchPhoto(w, h int, seed float64) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			fx, fy := float64(x), float64(y)
			hill := 560 + 90*math.Sin(fx/170+seed) + 40*math.Sin(fx/37+seed*2)
			var c color.RGBA
			if fy < hill {
				c = color.RGBA{uint8(70 + fy*120/float64(h)), uint8(140 + fy*80/float64(h)), 220, 255}
			} else {
				n := math.Sin(fx*fy/5000+seed) * 30
				c = color.RGBA{uint8(40 + n), uint8(110 + 40*math.Sin(fx/23)), uint8(60 + n/2), 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}
