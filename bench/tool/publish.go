package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
	"time"
)

// publish measures publish latency through the real API: it signs in, then for each of -n posts
// saves a preview (multipart POST /api/preview-blogs) and times from the publish call
// (POST /api/preview-blogs/publish/{slug}) to GET /blog/{slug}/ answering 200 with the title
// from the served site. Prints one JSON line per publish.
func publish(args []string) error {
	fs := flag.NewFlagSet("publish", flag.ExitOnError)
	base := fs.String("url", "http://127.0.0.1:8080", "adminapi serve --demo address")
	user := fs.String("user", "bench", "admin username")
	n := fs.Int("n", 20, "publishes")
	tag := fs.String("tag", "", "added to every title, so a rerun on the same database makes new slugs")
	storeTarget := fs.String("store", "", "s3://BUCKET[/PREFIX]: time until the page is on this store (the server deploys) rather than served")
	fs.Parse(args)
	client := &http.Client{Timeout: 120 * time.Second}

	api, err := signIn(*base, *user, os.Getenv("ADMIN_PASSWORD"))
	if err != nil {
		return err
	}
	auth := "Bearer " + api.token

	do := func(method, url, ctype string, body io.Reader) (int, []byte, error) {
		req, _ := http.NewRequest(method, url, body)
		req.Header.Set("Authorization", auth)
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}

	var onStore func(slug string) (bool, error)
	if *storeTarget != "" {
		c, bucket, prefix, err := storeClient(*storeTarget)
		if err != nil {
			return err
		}
		onStore = func(slug string) (bool, error) { return hasObject(c, bucket, prefix+"blog/"+slug+"/index.html") }
	}
	g := &gen{r: newRand(7)}
	for i := 1; i <= *n; i++ {
		title := fmt.Sprintf("Bench Publish %s %d: What Local SEO Needs This Month", *tag, i)
		var mp bytes.Buffer
		w := multipart.NewWriter(&mp)
		for k, v := range map[string]string{
			"title": title, "content": toHTML(g.post()), "category": "SEO",
			"metaTitle": title, "metaDescription": "A benchmark post about local SEO.", "focusKeyword": "local seo",
		} {
			w.WriteField(k, v)
		}
		w.Close()
		code, out, err := do("POST", *base+"/api/preview-blogs", w.FormDataContentType(), &mp)
		if err != nil || code != http.StatusCreated {
			return fmt.Errorf("save preview %d: %v %d %s", i, err, code, out)
		}
		var saved struct {
			Blog struct {
				Slug string `json:"slug"`
			} `json:"blog"`
		}
		json.Unmarshal(out, &saved)
		slug := saved.Blog.Slug

		start := time.Now()
		code, out, err = do("POST", *base+"/api/preview-blogs/publish/"+slug, "application/json", strings.NewReader("{}"))
		answered := time.Since(start)
		if err != nil || code != http.StatusOK {
			return fmt.Errorf("publish %s: %v %d %s", slug, err, code, out)
		}
		var pub struct {
			Build map[string]any `json:"build"`
		}
		json.Unmarshal(out, &pub)
		// Poll the served site (or the store) until the page is there.
		want := []byte(htmlEscape(title))
		for onStore != nil {
			ok, err := onStore(slug)
			if err != nil {
				return err
			}
			if ok {
				break
			}
			if time.Since(start) > 60*time.Second {
				return fmt.Errorf("publish %s: page not on the store within 60 s", slug)
			}
			time.Sleep(5 * time.Millisecond)
		}
		for onStore == nil {
			resp, err := client.Get(*base + "/blog/" + slug + "/")
			if err == nil {
				page, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK && bytes.Contains(page, want) {
					break
				}
			}
			if time.Since(start) > 60*time.Second {
				return fmt.Errorf("publish %s: page not served within 60 s", slug)
			}
			time.Sleep(5 * time.Millisecond)
		}
		live := time.Since(start)
		line, _ := json.Marshal(map[string]any{"i": i, "slug": slug, "answered": answered.Seconds(), "live": live.Seconds(),
			"pagesRendered": pub.Build["pagesRendered"], "pagesUnchanged": pub.Build["pagesUnchanged"], "buildMs": pub.Build["ms"],
			"deploy": pub.Build["deploy"]})
		fmt.Println(string(line))
	}
	return nil
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
