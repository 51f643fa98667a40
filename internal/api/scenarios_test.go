package api

import (
	"bytes"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// scenario is one API call against the real router and a real bbolt file, with what the answer
// must and must not hold (pocketbase's ApiScenario, for SPEC §7 and docs/API.md).
type scenario struct {
	name       string
	method     string
	url        string
	token      bool              // send the admin's bearer token
	headers    map[string]string // extra request headers
	body       body
	status     int
	contains   []string // fragments of the answer body
	notContain []string
	respHeader map[string]string // response header → fragment it must hold
	// stored reads back what a change stored (scenarios_stored_test.go); a row without it must
	// leave the store as it was.
	stored check
}

var (
	blogForm = map[string]string{"title": "Fresh Post", "content": "<p>Fresh</p>", "category": "SEO",
		"metaTitle": "Fresh meta", "metaDescription": "d", "focusKeyword": "fresh"}
	serviceForm = map[string]string{"title": "Fresh Service", "slug": "fresh-service", "description": "<p>We do it</p>",
		"category": "Marketing", "metaTitle": "m", "metaDescription": "d", "focusKeyword": "k"}
	popupOK = map[string]any{"name": "Asha", "email": "asha@example.in", "phone": "+91 98110 45672", "message": "Need SEO"}
)

func with(m map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

func withAny(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func TestAPIScenarios(t *testing.T) {
	png := pngBytes(t, 16, 16)
	unauthorized := []string{`"error":"Unauthorized: Please log in."`}
	scenarios := []scenario{
		// Public reads.
		{name: "list blogs", method: "GET", url: "/api/blogs", status: 200, contains: []string{`"slug":"live-post"`}, notContain: []string{"draft-post"}},
		{name: "get blog", method: "GET", url: "/api/blogs/live-post", status: 200, contains: []string{`"title":"Live Post"`, `"_id":`, `"createdAt":`}},
		{name: "get blog unknown", method: "GET", url: "/api/blogs/nope", status: 404, contains: []string{`{"error":"Blog not found."}`}},
		{name: "list services", method: "GET", url: "/api/services", status: 200, contains: []string{`"slug":"live-service"`}, notContain: []string{"draft-service"}},
		{name: "list services with optional bearer", method: "GET", url: "/api/services", token: true, status: 200, contains: []string{"live-service"}},
		{name: "get service", method: "GET", url: "/api/services/live-service", status: 200, contains: []string{`"description":"\u003cp\u003eLive service\u003c/p\u003e"`}},
		{name: "get service unknown", method: "GET", url: "/api/services/nope", status: 404, contains: []string{`{"error":"Service not found."}`}},
		{name: "site info", method: "GET", url: "/api/site-info", status: 200, contains: []string{`"siteUrl":"https://site.test"`}},
		{name: "health", method: "GET", url: "/healthz", status: 200, contains: []string{`{"status":"ok"}`}},
		{name: "unknown path", method: "GET", url: "/nope", status: 404, contains: []string{`"error"`}},
		{name: "wrong method", method: "POST", url: "/api/blogs", status: 405, contains: []string{`"error"`}},

		// The form endpoint.
		{name: "popup", method: "POST", url: "/popup", body: jsonBody(popupOK), status: 200,
			contains: []string{`{"message":"Thank you! Your message has been sent. We will get back to you soon."}`},
			stored:   enquiryStored(domain.Message{Name: "Asha", Email: "asha@example.in", Phone: "+91 98110 45672", Message: "Need SEO"})},
		{name: "popup bad email", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "email", "asha@example")), status: 400,
			contains: []string{`"Enter a valid email address."`}},
		{name: "popup short phone", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "phone", "98110")), status: 400,
			contains: []string{`"Phone number must be valid."`}},
		{name: "popup no name", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "name", " ")), status: 400,
			contains: []string{`"Name is required."`}},
		{name: "popup name with line break", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "name", "A\r\nBcc: x@y.z")), status: 400},
		{name: "popup form-encoded", method: "POST", url: "/popup",
			body:   rawBody("name=Asha&email=asha%40example.in&phone=%2B91+98110+45672&message=Hi", "application/x-www-form-urlencoded"),
			status: 303, respHeader: map[string]string{"Location": "/thank-you/"},
			stored: enquiryStored(domain.Message{Name: "Asha", Email: "asha@example.in", Phone: "+91 98110 45672", Message: "Hi"})},
		{name: "popup form-encoded invalid", method: "POST", url: "/popup",
			body:   rawBody("name=Asha&email=bad&phone=1&message=Hi", "application/x-www-form-urlencoded"),
			status: 400, contains: []string{"Enter a valid email address."}, respHeader: map[string]string{"Content-Type": "text/html"}},
		{name: "popup malformed JSON", method: "POST", url: "/popup", body: rawBody(`{"name":`, "application/json"), status: 400, contains: []string{"Invalid JSON body."}},
		{name: "popup wrong type", method: "POST", url: "/popup", body: rawBody(`<x/>`, "text/xml"), status: 415},
		{name: "popup too large", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "message", strings.Repeat("x", 70<<10))), status: 413},
		{name: "popup message too long", method: "POST", url: "/popup", body: jsonBody(withAny(popupOK, "message", strings.Repeat("x", 5001))), status: 400},
		{name: "messages without token", method: "GET", url: "/popups", status: 401, contains: unauthorized},
		{name: "messages", method: "GET", url: "/popups", token: true, status: 200, contains: []string{"[]"}},
		{name: "where enquiries are mailed", method: "GET", url: "/popups/notify", token: true, status: 200,
			contains: []string{`"to":"team@example.com"`, `"mailServer":false`}},
		{name: "where enquiries are mailed, without token", method: "GET", url: "/popups/notify", status: 401},
		{name: "messages csv without token", method: "GET", url: "/popups.csv", status: 401},
		{name: "messages csv", method: "GET", url: "/popups.csv", token: true, status: 200, contains: []string{"createdAt,name,email,phone,message"},
			respHeader: map[string]string{"Content-Type": "text/csv", "Content-Disposition": "attachment"}},

		// Sign-in.
		{name: "login", method: "POST", url: "/admin/login", body: jsonBody(map[string]string{"username": testUser, "password": testPassword}),
			status: 200, contains: []string{`"token":"`, `"username":"admin"`},
			stored: signedIn},
		{name: "login username case folded", method: "POST", url: "/admin/login", body: jsonBody(map[string]string{"username": "Admin ", "password": testPassword}), status: 200,
			stored: signedIn},
		{name: "login wrong password", method: "POST", url: "/admin/login", body: jsonBody(map[string]string{"username": testUser, "password": "nope-nope"}),
			status: 401, contains: []string{`{"error":"Invalid credentials"}`}},
		{name: "login unknown user", method: "POST", url: "/admin/login", body: jsonBody(map[string]string{"username": "ghost", "password": testPassword}),
			status: 401, contains: []string{`{"error":"Invalid credentials"}`}},
		{name: "login missing fields", method: "POST", url: "/admin/login", body: jsonBody(map[string]string{"username": testUser}), status: 400},
		{name: "forgot password", method: "POST", url: "/admin/forgot-password", body: jsonBody(map[string]string{"email": testEmail}), status: 200,
			contains: []string{"If that address belongs to an admin, a reset link has been sent."},
			stored:   mailQueued("reset", testEmail, testUser)},
		{name: "forgot password unknown address", method: "POST", url: "/admin/forgot-password", body: jsonBody(map[string]string{"email": "who@example.com"}), status: 200,
			contains: []string{"If that address belongs to an admin, a reset link has been sent."},
			stored:   noMail},
		{name: "forgot password missing", method: "POST", url: "/admin/forgot-password", body: jsonBody(map[string]string{}), status: 400, contains: []string{"Email is required."}},
		{name: "reset bad token", method: "POST", url: "/reset-password", body: jsonBody(map[string]string{"token": "abc", "newPassword": "long-enough-1"}),
			status: 400, contains: []string{`{"error":"Invalid or expired token."}`}},
		{name: "reset short password", method: "POST", url: "/reset-password", body: jsonBody(map[string]string{"token": "abc", "newPassword": "short"}),
			status: 400, contains: []string{domain.MsgPasswordShort}},
		{name: "me without token", method: "GET", url: "/api/me", status: 401, contains: unauthorized},
		{name: "me with garbage token", method: "GET", url: "/api/me", headers: map[string]string{"Authorization": "Bearer a.b.c"}, status: 401, contains: unauthorized},
		{name: "me with alg none token", method: "GET", url: "/api/me", status: 401,
			headers: map[string]string{"Authorization": "Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsImlhdCI6MTcwMDAwMDAwMCwiZXhwIjo0MTAwMDAwMDAwfQ."}},
		{name: "me", method: "GET", url: "/api/me", token: true, status: 200, contains: []string{`"username":"admin"`, `"email":"admin@example.com"`}},

		// Preview blogs.
		{name: "preview blogs without token", method: "GET", url: "/api/preview-blogs", status: 401, contains: unauthorized},
		{name: "preview blogs", method: "GET", url: "/api/preview-blogs", token: true, status: 200, contains: []string{`"slug":"draft-post"`}},
		{name: "create preview blog without token", method: "POST", url: "/api/preview-blogs", body: multipartBody(blogForm, nil, ""), status: 401},
		{name: "create preview blog", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(blogForm, nil, ""), status: 201,
			contains: []string{`"message":"Blog saved! Check it in the preview section."`, `"slug":"fresh-post"`, `"focusKeyword":"fresh"`},
			stored:   storedRecord(domain.Blogs, store.Preview, "fresh-post", map[string]string{"title": "Fresh Post", "body": "<p>Fresh</p>", "category": "SEO", "metaTitle": "Fresh meta", "metaDescription": "d", "focusKeyword": "fresh", "image": ""})},
		{name: "create preview blog with image", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(blogForm, png, "image/png"), status: 201,
			contains: []string{`"image":"/uploads/`},
			stored:   storedRecord(domain.Blogs, store.Preview, "fresh-post", map[string]string{"title": "Fresh Post", "image": "/uploads/*"})},
		{name: "create preview blog as JSON", method: "POST", url: "/api/preview-blogs", token: true, body: jsonBody(blogForm), status: 201,
			stored: storedRecord(domain.Blogs, store.Preview, "fresh-post", map[string]string{"title": "Fresh Post", "body": "<p>Fresh</p>", "focusKeyword": "fresh"})},
		{name: "create preview blog without title", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "title", ""), nil, ""),
			status: 400, contains: []string{domain.MsgTitleRequired}},
		{name: "create preview blog without category", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "category", ""), nil, ""),
			status: 400, contains: []string{domain.MsgCategoryRequired}},
		{name: "create preview blog title without slug", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "title", "!!!"), nil, ""),
			status: 400, contains: []string{domain.MsgSlugRequired}},
		{name: "create preview blog slug taken by preview", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "title", "Draft Post"), nil, ""), status: 409},
		{name: "create preview blog slug taken by published", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "title", "Live Post"), nil, ""), status: 409},
		{name: "create preview blog bad slug", method: "POST", url: "/api/preview-blogs", token: true, body: multipartBody(with(blogForm, "slug", "../etc"), nil, ""), status: 400},
		{name: "create preview blog svg image", method: "POST", url: "/api/preview-blogs", token: true,
			body: multipartBody(blogForm, []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), "image/png"), status: 415},
		{name: "create preview blog outside image", method: "POST", url: "/api/preview-blogs", token: true,
			body: multipartBody(with(blogForm, "image", "https://evil.example/x.png"), nil, ""), status: 400},
		{name: "create preview blog control chars in title", method: "POST", url: "/api/preview-blogs", token: true,
			body: multipartBody(with(blogForm, "title", "a\x00b"), nil, ""), status: 400},
		{name: "get preview blog without token", method: "GET", url: "/api/preview-blogs/draft-post", status: 401},
		{name: "get preview blog", method: "GET", url: "/api/preview-blogs/draft-post", token: true, status: 200, contains: []string{`"title":"Draft Post"`}},
		{name: "get preview blog unknown", method: "GET", url: "/api/preview-blogs/nope", token: true, status: 404, contains: []string{`{"error":"Blog not found or failed to fetch."}`}},
		{name: "update preview blog without token", method: "PUT", url: "/api/preview-blogs/draft-post", body: jsonBody(map[string]string{"title": "X"}), status: 401},
		{name: "update preview blog", method: "PUT", url: "/api/preview-blogs/draft-post", token: true,
			body: jsonBody(map[string]string{"title": "Renamed", "content": "<p>New</p>", "category": "SEO", "image": "/uploads/" + fixtureUpload}), status: 200,
			contains: []string{`"title":"Renamed"`, `"slug":"draft-post"`, `"image":"/uploads/` + fixtureUpload},
			stored:   storedRecord(domain.Blogs, store.Preview, "draft-post", map[string]string{"title": "Renamed", "body": "<p>New</p>", "image": "/uploads/" + fixtureUpload})},
		{name: "update preview blog removes image", method: "PUT", url: "/api/preview-blogs/draft-post", token: true, body: jsonBody(map[string]string{"image": ""}), status: 200,
			contains: []string{`"image":""`},
			stored:   storedRecord(domain.Blogs, store.Preview, "draft-post", map[string]string{"title": "Draft Post", "image": ""})},
		{name: "update preview blog unknown upload", method: "PUT", url: "/api/preview-blogs/draft-post", token: true,
			body: jsonBody(map[string]string{"image": "/uploads/ffffffffffffffffffffffffffffffff.png"}), status: 400},
		{name: "update preview blog javascript image", method: "PUT", url: "/api/preview-blogs/draft-post", token: true, body: jsonBody(map[string]string{"image": "javascript:alert(1)"}), status: 400},
		{name: "update preview blog empty category", method: "PUT", url: "/api/preview-blogs/draft-post", token: true, body: jsonBody(map[string]string{"category": ""}), status: 400},
		{name: "update preview blog unknown", method: "PUT", url: "/api/preview-blogs/nope", token: true, body: jsonBody(map[string]string{"title": "X"}), status: 404},
		{name: "delete preview blog without token", method: "DELETE", url: "/api/preview-blogs/draft-post", status: 401},
		{name: "delete preview blog", method: "DELETE", url: "/api/preview-blogs/draft-post", token: true, status: 200, contains: []string{`{"message":"Blog deleted successfully.","trash":{`},
			stored: all(noRecord(domain.Blogs, store.Preview, "draft-post"), trashed(domain.Blogs, "draft-post", "preview"))},
		{name: "delete preview blog unknown", method: "DELETE", url: "/api/preview-blogs/nope", token: true, status: 404},
		{name: "render preview blog without token", method: "GET", url: "/api/preview-blogs/draft-post/render", status: 401},
		{name: "render preview blog", method: "GET", url: "/api/preview-blogs/draft-post/render", token: true, status: 200, contains: []string{"<title>Draft Post</title>"},
			respHeader: map[string]string{"Content-Type": "text/html", "Content-Security-Policy": "script-src 'self'"}},
		{name: "render preview blog unknown", method: "GET", url: "/api/preview-blogs/nope/render", token: true, status: 404},

		// Uploads.
		{name: "upload without token", method: "POST", url: "/api/preview-blogs/upload", body: multipartBody(nil, png, "image/png"), status: 401},
		{name: "upload png", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(nil, png, "image/png"), status: 201,
			contains: []string{`{"imageUrl":"/uploads/`, `.png","media":{`},
			stored:   newUpload("image/png")},
		{name: "upload jpeg", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(nil, jpegBytes(t), "image/jpeg"), status: 201, contains: []string{`.jpg"`},
			stored: newUpload("image/jpeg")},
		{name: "upload gif", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(nil, gifBytes(t), "image/gif"), status: 201, contains: []string{`.gif"`},
			stored: newUpload("image/gif")},
		{name: "upload webp", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(nil, webpBytes(), "image/webp"), status: 201, contains: []string{`.webp"`},
			stored: newUpload("image/webp")},
		{name: "upload html posing as png", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(nil, []byte("<html><script>alert(1)</script></html>"), "image/png"), status: 415,
			contains: []string{`{"error":"Only JPEG, PNG, WebP or GIF images are allowed."}`}},
		{name: "upload svg", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(nil, []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>`), "image/svg+xml"), status: 415},
		{name: "upload png header then html", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(nil, append([]byte("\x89PNG\r\n\x1a\n"), []byte("<html>")...), "image/png"), status: 415},
		{name: "upload too many pixels", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(nil, pngBytes(t, 6001, 1), "image/png"), status: 400},
		{name: "upload too large", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(nil, append(png, make([]byte, maxImageBytes)...), "image/png"), status: 413,
			contains: []string{`{"error":"Image is too large (5 MB at most)."}`}},
		{name: "upload missing", method: "POST", url: "/api/preview-blogs/upload", token: true, body: multipartBody(map[string]string{"x": "y"}, nil, ""), status: 400,
			contains: []string{domain.MsgImageRequired}},
		{name: "upload of a phone's 7 MB photo, over the multipart limit", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(nil, append(png, make([]byte, 7<<20)...), "image/png"), status: 413,
			contains: []string{`{"error":"Image is too large (5 MB at most)."}`}},
		{name: "upload body over the multipart limit", method: "POST", url: "/api/preview-blogs/upload", token: true,
			body: multipartBody(map[string]string{"a": strings.Repeat("x", 1<<20), "b": strings.Repeat("x", 1<<20), "c": strings.Repeat("x", 1<<20),
				"d": strings.Repeat("x", 1<<20), "e": strings.Repeat("x", 1<<20), "f": strings.Repeat("x", 1<<20), "g": strings.Repeat("x", 1<<20)}, nil, ""),
			status: 413},
		{name: "served upload", method: "GET", url: "/uploads/" + fixtureUpload, status: 200,
			respHeader: map[string]string{"Content-Type": "image/png", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'"}},
		{name: "served upload unknown", method: "GET", url: "/uploads/ffffffffffffffffffffffffffffffff.png", status: 404},
		{name: "uploads no listing", method: "GET", url: "/uploads/", status: 404},
		// The router cleans the path to /site.db and redirects there; nothing under the data
		// folder is ever served.
		{name: "uploads no traversal", method: "GET", url: "/uploads/..%2fsite.db", status: 301, respHeader: map[string]string{"Location": "/site.db"}},
		{name: "uploads only our names", method: "GET", url: "/uploads/site.db", status: 404},

		// Publishing blogs.
		{name: "publish blog without token", method: "POST", url: "/api/preview-blogs/publish/draft-post", body: jsonBody(map[string]string{}), status: 401},
		{name: "publish blog", method: "POST", url: "/api/preview-blogs/publish/draft-post", token: true,
			body: jsonBody(map[string]string{"slug": "draft-post", "title": "Draft Post", "content": "<p>Final</p>"}), status: 200,
			contains: []string{`"live":true`, `"url":"https://site.test/blog/draft-post/"`, `"status":"ok"`},
			stored:   all(noRecord(domain.Blogs, store.Preview, "draft-post"), storedRecord(domain.Blogs, store.Published, "draft-post", map[string]string{"title": "Draft Post", "body": "<p>Final</p>", "category": "SEO"}), built(1, false))},
		{name: "publish blog stored fields", method: "POST", url: "/api/preview-blogs/publish/draft-post", token: true, body: jsonBody(map[string]string{}), status: 200,
			stored: all(noRecord(domain.Blogs, store.Preview, "draft-post"), storedRecord(domain.Blogs, store.Published, "draft-post", map[string]string{"title": "Draft Post", "body": "<p>Draft body</p>"}), built(1, false))},
		{name: "publish blog new slug", method: "POST", url: "/api/preview-blogs/publish/draft-post", token: true, body: jsonBody(map[string]string{"slug": "", "title": "Another Title"}), status: 200,
			contains: []string{`"url":"https://site.test/blog/another-title/"`},
			stored:   all(noRecord(domain.Blogs, store.Preview, "draft-post"), noRecord(domain.Blogs, store.Published, "draft-post"), storedRecord(domain.Blogs, store.Published, "another-title", map[string]string{"title": "Another Title"}), built(1, false))},
		{name: "publish blog without content", method: "POST", url: "/api/preview-blogs/publish/draft-post", token: true, body: jsonBody(map[string]string{"content": "<p> </p>"}), status: 400,
			contains: []string{domain.MsgPublishIncomplete}},
		{name: "publish blog onto a published slug", method: "POST", url: "/api/preview-blogs/publish/draft-post", token: true,
			body: jsonBody(map[string]string{"slug": "live-post"}), status: 409},
		{name: "publish blog unknown", method: "POST", url: "/api/preview-blogs/publish/nope", token: true, body: jsonBody(map[string]string{}), status: 404},

		// Preview services.
		{name: "preview services without token", method: "GET", url: "/api/preview-services", status: 401},
		{name: "preview services", method: "GET", url: "/api/preview-services", token: true, status: 200, contains: []string{`"slug":"draft-service"`}},
		{name: "create preview service without token", method: "POST", url: "/api/preview-services", body: multipartBody(serviceForm, png, "image/png"), status: 401},
		{name: "create preview service", method: "POST", url: "/api/preview-services", token: true, body: multipartBody(serviceForm, png, "image/png"), status: 201,
			contains: []string{`"message":"Service saved! Check it in the preview section."`, `"slug":"fresh-service"`, `"image":"/uploads/`},
			stored:   storedRecord(domain.Services, store.Preview, "fresh-service", map[string]string{"title": "Fresh Service", "body": "<p>We do it</p>", "category": "Marketing", "metaTitle": "m", "focusKeyword": "k", "image": "/uploads/*"})},
		{name: "create preview service without image", method: "POST", url: "/api/preview-services", token: true, body: multipartBody(serviceForm, nil, ""), status: 400,
			contains: []string{domain.MsgImageRequired}},
		{name: "create preview service without slug", method: "POST", url: "/api/preview-services", token: true,
			body: multipartBody(with(serviceForm, "slug", "", "title", "???"), png, "image/png"), status: 400, contains: []string{domain.MsgSlugRequired}},
		{name: "create preview service slug taken", method: "POST", url: "/api/preview-services", token: true,
			body: multipartBody(with(serviceForm, "slug", "live-service"), png, "image/png"), status: 409},
		{name: "get preview service without token", method: "GET", url: "/api/preview-services/draft-service", status: 401},
		{name: "get preview service", method: "GET", url: "/api/preview-services/draft-service", token: true, status: 200, contains: []string{`"title":"Draft Service"`}},
		{name: "get preview service unknown", method: "GET", url: "/api/preview-services/nope", token: true, status: 404, contains: []string{`{"error":"Service not found."}`}},
		{name: "update preview service without token", method: "PUT", url: "/api/preview-services/draft-service", body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 401},
		{name: "update preview service", method: "PUT", url: "/api/preview-services/draft-service", token: true,
			body: multipartBody(map[string]string{"title": "Better Service", "description": "<p>x</p><script>bad()</script>"}, png, "image/png"), status: 200,
			contains: []string{`"title":"Better Service"`, `"image":"/uploads/`}, notContain: []string{"script\u003e", "bad()"},
			stored: storedRecord(domain.Services, store.Preview, "draft-service", map[string]string{"title": "Better Service", "body": "<p>x</p>", "image": "/uploads/*"})},
		{name: "update preview service unknown", method: "PUT", url: "/api/preview-services/nope", token: true, body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 404},
		{name: "delete preview service without token", method: "DELETE", url: "/api/preview-services/draft-service", status: 401},
		{name: "delete preview service", method: "DELETE", url: "/api/preview-services/draft-service", token: true, status: 200,
			contains: []string{`{"message":"Service deleted successfully.","trash":{`},
			stored:   all(noRecord(domain.Services, store.Preview, "draft-service"), trashed(domain.Services, "draft-service", "preview"))},
		{name: "delete preview service unknown", method: "DELETE", url: "/api/preview-services/nope", token: true, status: 404},
		{name: "publish service without token", method: "POST", url: "/api/preview-services/publish/draft-service", body: multipartBody(nil, nil, ""), status: 401},
		{name: "publish service", method: "POST", url: "/api/preview-services/publish/draft-service", token: true,
			body: multipartBody(map[string]string{"title": "Draft Service", "createdAt": "2024-05-01T10:00:00Z"}, nil, ""), status: 200,
			contains: []string{`"live":true`, `"url":"https://site.test/draft-service/"`},
			stored:   all(noRecord(domain.Services, store.Preview, "draft-service"), storedRecord(domain.Services, store.Published, "draft-service", map[string]string{"title": "Draft Service", "createdAt": "2024-05-01T10:00:00Z"}), built(1, false))},
		{name: "publish service bad createdAt", method: "POST", url: "/api/preview-services/publish/draft-service", token: true,
			body: multipartBody(map[string]string{"createdAt": "yesterday"}, nil, ""), status: 400},
		{name: "publish service onto a published slug", method: "POST", url: "/api/preview-services/publish/draft-service", token: true,
			body: multipartBody(map[string]string{"slug": "live-service"}, nil, ""), status: 409},
		{name: "publish service unknown", method: "POST", url: "/api/preview-services/publish/nope", token: true, body: multipartBody(nil, nil, ""), status: 404},
		{name: "render preview service without token", method: "GET", url: "/api/preview-services/draft-service/render", status: 401},
		{name: "render preview service", method: "GET", url: "/api/preview-services/draft-service/render", token: true, status: 200,
			contains: []string{"<title>Draft Service</title>"}},

		// Published domain.
		{name: "edit blog without token", method: "PUT", url: "/api/blogs/live-post", body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 401},
		{name: "edit blog", method: "PUT", url: "/api/blogs/live-post", token: true,
			body: multipartBody(map[string]string{"title": "Live Post v2", "content": `<p onclick="x()">v2</p>`, "category": "SEO", "metaTitle": "m",
				"metaDescription": "d", "keyword": "kw"}, nil, ""), status: 200,
			contains: []string{`"message":"Blog updated successfully!"`, `"title":"Live Post v2"`, `"focusKeyword":"kw"`, `"build":{`}, notContain: []string{"onclick"},
			stored: all(storedRecord(domain.Blogs, store.Published, "live-post", map[string]string{"title": "Live Post v2", "body": "<p>v2</p>", "metaTitle": "m", "focusKeyword": "kw"}), built(1, false))},
		{name: "edit blog empty title", method: "PUT", url: "/api/blogs/live-post", token: true, body: multipartBody(map[string]string{"title": ""}, nil, ""), status: 400},
		{name: "edit blog unknown", method: "PUT", url: "/api/blogs/nope", token: true, body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 404,
			contains: []string{"Blog not found."}},
		{name: "delete blog without token", method: "DELETE", url: "/api/blogs/live-post", status: 401},
		{name: "delete blog", method: "DELETE", url: "/api/blogs/live-post", token: true, status: 200, contains: []string{`"message":"Blog deleted successfully."`},
			stored: all(noRecord(domain.Blogs, store.Published, "live-post"), trashed(domain.Blogs, "live-post", "published"), built(1, false))},
		{name: "delete blog unknown", method: "DELETE", url: "/api/blogs/nope", token: true, status: 404},
		{name: "edit service without token", method: "PUT", url: "/api/services/live-service", body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 401},
		{name: "edit service", method: "PUT", url: "/api/services/live-service", token: true,
			body: multipartBody(map[string]string{"title": "Live Service v2", "description": "<p>v2</p>", "category": "Marketing"}, png, "image/png"), status: 200,
			contains: []string{`"message":"Service updated successfully!"`, `"title":"Live Service v2"`, `"image":"/uploads/`},
			stored:   all(storedRecord(domain.Services, store.Published, "live-service", map[string]string{"title": "Live Service v2", "body": "<p>v2</p>", "image": "/uploads/*"}), built(1, false))},
		{name: "edit service unknown", method: "PUT", url: "/api/services/nope", token: true, body: multipartBody(map[string]string{"title": "X"}, nil, ""), status: 404},
		{name: "delete service without token", method: "DELETE", url: "/api/services/live-service", status: 401},
		{name: "delete service", method: "DELETE", url: "/api/services/live-service", token: true, status: 200, contains: []string{`"message":"Service deleted successfully."`},
			stored: all(noRecord(domain.Services, store.Published, "live-service"), trashed(domain.Services, "live-service", "published"), built(1, false))},
		{name: "delete service unknown", method: "DELETE", url: "/api/services/nope", token: true, status: 404},
		{name: "remove service image without token", method: "DELETE", url: "/api/services/live-service/image", status: 401},
		{name: "remove service image", method: "DELETE", url: "/api/services/live-service/image", token: true, status: 200, contains: []string{`"image":""`, `"message":`},
			stored: all(storedRecord(domain.Services, store.Published, "live-service", map[string]string{"title": "Live Service", "image": ""}), built(1, false))},
		{name: "remove service image unknown", method: "DELETE", url: "/api/services/nope/image", token: true, status: 404},

		// Both kinds have the same calls: the twins the original API had for one kind only.
		{name: "remove blog image without token", method: "DELETE", url: "/api/blogs/live-post/image", status: 401, contains: unauthorized},
		{name: "remove blog image", method: "DELETE", url: "/api/blogs/live-post/image", token: true, status: 200,
			contains: []string{`"message":"Image removed successfully."`, `"blog":{`, `"image":""`, `"build":{`},
			stored:   all(storedRecord(domain.Blogs, store.Published, "live-post", map[string]string{"title": "Live Post", "image": ""}), built(1, false))},
		{name: "remove blog image unknown", method: "DELETE", url: "/api/blogs/nope/image", token: true, status: 404, contains: []string{`{"error":"Blog not found."}`}},
		{name: "remove preview blog image without token", method: "DELETE", url: "/api/preview-blogs/draft-post/image", status: 401},
		{name: "remove preview blog image", method: "DELETE", url: "/api/preview-blogs/draft-post/image", token: true, status: 200,
			contains: []string{`"message":"Image removed successfully."`, `"blog":{`, `"image":""`}, notContain: []string{`"build"`},
			stored: storedRecord(domain.Blogs, store.Preview, "draft-post", map[string]string{"title": "Draft Post", "image": ""})},
		{name: "remove preview blog image unknown", method: "DELETE", url: "/api/preview-blogs/nope/image", token: true, status: 404,
			contains: []string{`{"error":"Blog not found or failed to fetch."}`}},
		{name: "remove preview service image without token", method: "DELETE", url: "/api/preview-services/draft-service/image", status: 401},
		{name: "remove preview service image", method: "DELETE", url: "/api/preview-services/draft-service/image", token: true, status: 200,
			contains: []string{`"service":{`, `"image":""`}, notContain: []string{`"build"`},
			stored: storedRecord(domain.Services, store.Preview, "draft-service", map[string]string{"title": "Draft Service", "image": ""})},
		{name: "remove preview service image unknown", method: "DELETE", url: "/api/preview-services/nope/image", token: true, status: 404},
		{name: "upload for services without token", method: "POST", url: "/api/preview-services/upload", body: multipartBody(nil, png, "image/png"), status: 401},
		{name: "upload for services", method: "POST", url: "/api/preview-services/upload", token: true, body: multipartBody(nil, png, "image/png"), status: 201,
			contains: []string{`{"imageUrl":"/uploads/`},
			stored:   newUpload("image/png")},
		{name: "upload for services svg", method: "POST", url: "/api/preview-services/upload", token: true,
			body: multipartBody(nil, []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "image/svg+xml"), status: 415},
		{name: "get service preview named upload", method: "GET", url: "/api/preview-services/upload", token: true, status: 404},

		// Editorial: every new call needs the token.
		{name: "unpublish without token", method: "POST", url: "/api/blogs/live-post/unpublish", status: 401},
		{name: "render edit without token", method: "POST", url: "/api/services/live-service/render", body: jsonBody(map[string]string{}), status: 401},
		{name: "revisions without token", method: "GET", url: "/api/blogs/live-post/revisions", status: 401},
		{name: "draft revisions without token", method: "GET", url: "/api/preview-services/draft-service/revisions", status: 401},
		{name: "revision without token", method: "GET", url: "/api/blogs/live-post/revisions/1", status: 401},
		{name: "restore revision without token", method: "POST", url: "/api/services/live-service/revisions/1/restore", status: 401},
		{name: "schedules without token", method: "GET", url: "/api/schedules", status: 401},
		{name: "reschedule without token", method: "PUT", url: "/api/schedules/1", body: jsonBody(map[string]string{"at": "2030-01-01T00:00:00Z"}), status: 401},
		{name: "cancel schedule without token", method: "DELETE", url: "/api/schedules/1", status: 401},
		{name: "trash without token", method: "GET", url: "/api/trash", status: 401},
		{name: "restore trash without token", method: "POST", url: "/api/trash/1/restore", status: 401},
		{name: "purge trash without token", method: "DELETE", url: "/api/trash/1", status: 401},
		{name: "schedules", method: "GET", url: "/api/schedules", token: true, status: 200, contains: []string{"[]"}},
		{name: "trash", method: "GET", url: "/api/trash", token: true, status: 200, contains: []string{"[]"}},
		{name: "reschedule unknown", method: "PUT", url: "/api/schedules/9", token: true, body: jsonBody(map[string]string{"at": "2030-01-01T00:00:00Z"}), status: 404},
		{name: "reschedule without a time", method: "PUT", url: "/api/schedules/9", token: true, body: jsonBody(map[string]string{}), status: 400},
		{name: "restore unknown trash", method: "POST", url: "/api/trash/9/restore", token: true, status: 404, contains: []string{"no longer in the trash"}},
		// An id that is not a positive number names nothing, whatever the handler (withID).
		{name: "reschedule a malformed id", method: "PUT", url: "/api/schedules/x", token: true, body: jsonBody(map[string]string{}), status: 404, contains: []string{"That schedule no longer exists."}},
		{name: "cancel schedule 0", method: "DELETE", url: "/api/schedules/0", token: true, status: 404, contains: []string{"That schedule no longer exists."}},
		{name: "purge a malformed trash id", method: "DELETE", url: "/api/trash/-1", token: true, status: 404, contains: []string{"no longer in the trash"}},
		{name: "revision with a malformed id", method: "GET", url: "/api/blogs/live-post/revisions/abc", token: true, status: 404, contains: []string{"Revision not found."}},
		{name: "restore revision 0", method: "POST", url: "/api/services/live-service/revisions/0/restore", token: true, status: 404, contains: []string{"Revision not found."}},
		{name: "unpublish a draft", method: "POST", url: "/api/blogs/draft-post/unpublish", token: true, status: 404, contains: []string{"Blog not found."}},
		{name: "unpublish with a bad time", method: "POST", url: "/api/services/live-service/unpublish", token: true, body: jsonBody(map[string]string{"unpublishAt": "soon"}), status: 400},

		// Builds.
		{name: "builds without token", method: "GET", url: "/api/builds", status: 401},
		{name: "builds", method: "GET", url: "/api/builds", token: true, status: 200, contains: []string{"[]"}},
		{name: "rebuild without token", method: "POST", url: "/api/builds", status: 401},
		{name: "rebuild", method: "POST", url: "/api/builds", token: true, status: 202, contains: []string{`"build":{`, `"clean":true`},
			stored: built(1, true)},
	}

	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel() // each row has a server and a database of its own
			e := newEnv(t)
			var r io.Reader
			var ct string
			if sc.body != nil {
				r, ct = sc.body(t)
			}
			h := map[string]string{}
			for k, v := range sc.headers {
				h[k] = v
			}
			if sc.token {
				h["Authorization"] = "Bearer " + e.token
			}
			before := e.storeDigest()
			res := e.do(sc.method, sc.url, r, ct, h)
			data, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != sc.status {
				t.Fatalf("%s %s: status %d, want %d; body: %s", sc.method, sc.url, res.StatusCode, sc.status, trim(data))
			}
			for _, c := range sc.contains {
				if !bytes.Contains(data, []byte(c)) {
					t.Errorf("body lacks %q: %s", c, trim(data))
				}
			}
			for _, c := range sc.notContain {
				if bytes.Contains(data, []byte(c)) {
					t.Errorf("body holds %q: %s", c, trim(data))
				}
			}
			for k, v := range sc.respHeader {
				if !strings.Contains(res.Header.Get(k), v) {
					t.Errorf("header %s = %q, want %q in it", k, res.Header.Get(k), v)
				}
			}
			// Every answer carries the security headers; errors are JSON {"error"} unless
			// the call answers a page.
			if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") == "" ||
				res.Header.Get("Referrer-Policy") == "" {
				t.Errorf("security headers missing: %v", res.Header)
			}
			if res.StatusCode >= 400 && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") &&
				!bytes.HasPrefix(data, []byte(`{"error":`)) {
				t.Errorf("error body is not {\"error\":…}: %s", trim(data))
			}
			if bytes.Contains(data, []byte("goroutine ")) || bytes.Contains(data, []byte(".go:")) {
				t.Errorf("answer leaks internals: %s", trim(data))
			}
			if sc.stored != nil {
				sc.stored(t, e)
			} else if after := e.storeDigest(); !maps.Equal(before, after) {
				t.Errorf("the store changed: %s", changedBuckets(before, after))
			}
		})
	}
}

// changedBuckets names the buckets whose digest differs.
func changedBuckets(before, after map[string]string) []string {
	var out []string
	for name := range after {
		if before[name] != after[name] {
			out = append(out, name)
		}
	}
	return out
}

func trim(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "…"
	}
	return string(b)
}

// TestStatusTable keeps the one code → status mapping complete.
func TestStatusTable(t *testing.T) {
	for _, code := range []string{domain.EInvalid, domain.EUnauthorized, domain.ENotFound, domain.EConflict, domain.ETooLarge,
		domain.EUnsupported, domain.ERateLimited, domain.EUnavailable, domain.EInternal} {
		if statusOf[code] == 0 {
			t.Errorf("code %q has no status", code)
		}
	}
	if statusOf[domain.EInternal] != http.StatusInternalServerError {
		t.Error("internal is not 500")
	}
}
