package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"mime/multipart"
	"os"
	"time"
)

// publishBehind measures what a batch of big uploads does to the next publish (issue 23.8: 12
// uploads of 36 MP photographs made the next publish take 29.8 s). Against `adminapi serve
// --demo`, as the demo admin: it publishes a plain post with the encode queue idle; uploads -n
// JPEG photographs of -side × -side pixels (distinct, each under 5 MB) one after the other;
// then at once publishes a plain post and a post whose cover is the last upload, timing each
// publish until the page is live (its answer says so, or, past the answer's 45 s, the page
// answers); and waits until every upload's variants are made. It prints one JSON line.
func publishBehind(args []string) error {
	fs := flag.NewFlagSet("publish-behind", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "adminapi serve --demo address")
	n := fs.Int("n", 12, "uploads")
	side := fs.Int("side", 6000, "width and height of each photograph")
	fs.Parse(args)
	api, err := signIn(*base, "admin", os.Getenv("ADMIN_PASSWORD"))
	if err != nil {
		return err
	}
	publishPost := func(slug, image string) (time.Duration, error) {
		post := map[string]string{"title": slug, "category": "Bench", "content": "<p>A post published behind uploads.</p>"}
		if image != "" {
			post["image"] = image
		}
		data, _ := json.Marshal(post)
		if err := api.do("POST", "/api/preview-blogs", "application/json", bytes.NewReader(data), nil); err != nil {
			return 0, err
		}
		begin := time.Now()
		var ans struct{ Live bool }
		if err := api.do("POST", "/api/preview-blogs/publish/"+slug, "application/json", bytes.NewReader([]byte("{}")), &ans); err != nil {
			return 0, err
		}
		// Not live yet (the answer came after 45 s): the demo server serves the site, so the
		// page is live once it answers.
		for !ans.Live {
			if res, err := api.client.Get(*base + "/blog/" + slug + "/"); err == nil {
				res.Body.Close()
				ans.Live = res.StatusCode == 200
			}
			if time.Since(begin) > 30*time.Minute {
				return 0, fmt.Errorf("publish %s: not live after 30 minutes", slug)
			}
			time.Sleep(100 * time.Millisecond) // a bench polls; tests wait on events
		}
		return time.Since(begin), nil
	}
	idle, err := publishPost("idle-queue", "")
	if err != nil {
		return err
	}
	var names []string
	var uploadMs []int64
	var last string
	for i := 0; i < *n; i++ {
		photo := bigPhoto(*side, i)
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		p, _ := w.CreateFormFile("image", fmt.Sprintf("camera-%d.jpg", i))
		p.Write(photo)
		w.Close()
		begin := time.Now()
		var up struct {
			ImageURL string                `json:"imageUrl"`
			Media    struct{ Name string } `json:"media"`
		}
		if err := api.do("POST", "/api/preview-blogs/upload", w.FormDataContentType(), &buf, &up); err != nil {
			return err
		}
		uploadMs = append(uploadMs, time.Since(begin).Milliseconds())
		names, last = append(names, up.Media.Name), up.ImageURL
	}
	queued := time.Now()
	plain, err := publishPost("behind-uploads", "")
	if err != nil {
		return err
	}
	withImage, err := publishPost("behind-uploads-cover", last)
	if err != nil {
		return err
	}
	for {
		vs, err := api.variants()
		if err != nil {
			return err
		}
		made := 0
		for _, name := range names {
			if vs[name] > 0 {
				made++
			}
		}
		if made == len(names) {
			break
		}
		if time.Since(queued) > 30*time.Minute {
			return fmt.Errorf("%d of %d uploads' variants made after 30 minutes", made, len(names))
		}
		time.Sleep(200 * time.Millisecond) // a bench polls; tests wait on events
	}
	out, _ := json.Marshal(map[string]any{"uploads": *n, "side": *side, "uploadMs": uploadMs,
		"publishIdleMs": idle.Milliseconds(), "publishBehindMs": plain.Milliseconds(),
		"publishBehindWithNewImageMs": withImage.Milliseconds(), "allVariantsMs": time.Since(queued).Milliseconds()})
	fmt.Println(string(out))
	return nil
}

// bigPhoto is a side × side JPEG of smooth light and fine texture, distinct for each seed and
// under the upload limit of 5 MB.
func bigPhoto(side, seed int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			t := (x*7 + y*3 + seed*97) & 15
			img.SetRGBA(x, y, color.RGBA{uint8(x * 255 / side), uint8(y * 255 / side), uint8((x + y + seed*31) * 128 / side), 255})
			img.Pix[img.PixOffset(x, y)+2] += uint8(t)
		}
	}
	var buf bytes.Buffer
	jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return buf.Bytes()
}
