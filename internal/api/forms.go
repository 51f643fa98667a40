package api

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"digitalreeviver/internal/domain"
)

// maxImageBytes is the upload limit of docs/API.md.
const maxImageBytes = 5 << 20

const msgImageTooLarge = "Image is too large (5 MB at most)."

// fields are the values of a write request, whichever way it came: multipart (the admin's forms
// with an image), form-encoded, or JSON. Absent and empty are told apart, so an update changes
// only what was sent.
type fields struct {
	vals      map[string]string
	image     []byte // the "image" file part, if one was sent
	imageName string // the name of the file it was sent as
}

// get returns a field's value, "" when it was not sent.
func (f *fields) get(name string) string { return f.vals[name] }

// lookup returns the first of names that was sent.
func (f *fields) lookup(names ...string) (string, bool) {
	for _, n := range names {
		if v, ok := f.vals[n]; ok {
			return v, true
		}
	}
	return "", false
}

// readFields parses the body of a write request.
func readFields(r *http.Request) (*fields, error) {
	f := &fields{vals: map[string]string{}}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "multipart/form-data":
		return f, readMultipart(r, f)
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return nil, bodyError(err, msgBodyTooLarge)
		}
		for k, v := range r.PostForm {
			f.vals[k] = v[0]
		}
		return f, nil
	case "":
		// No body at all (a publish of the stored preview, say) is no fields; a body without a
		// declared type is refused like text/plain (see decodeJSON).
		if r.ContentLength == 0 || r.Body == nil || r.Body == http.NoBody {
			return f, nil
		}
		return nil, domain.Errorf(domain.EUnsupported, "Send JSON or a multipart form (the Content-Type header is missing).")
	case "application/json":
		var m map[string]any
		if err := decodeJSON(r, &m); err != nil {
			return nil, err
		}
		for k, v := range m {
			switch v := v.(type) {
			case string:
				f.vals[k] = v
			case float64:
				f.vals[k] = strconv.FormatFloat(v, 'f', -1, 64)
			case bool:
				f.vals[k] = strconv.FormatBool(v)
			case nil:
				f.vals[k] = ""
			default:
				if k == "_id" || k == "__v" {
					continue
				}
				return nil, domain.Errorf(domain.EInvalid, "Field %q must be text.", k)
			}
		}
		return f, nil
	default:
		return nil, domain.Errorf(domain.EUnsupported, "Send JSON or a multipart form.")
	}
}

// readMultipart streams the parts, holding at most one image (5 MB) and text fields of at most
// the rich-text limit in memory; the body as a whole is capped by limitBody.
func readMultipart(r *http.Request, f *fields) error {
	mr, err := r.MultipartReader()
	if err != nil {
		return domain.Errorf(domain.EInvalid, "Invalid multipart form.")
	}
	for parts := 0; ; parts++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			return nil
		} else if err != nil {
			return bodyError(err, msgImageTooLarge)
		}
		if parts >= 40 {
			return domain.Errorf(domain.EInvalid, "Too many form fields.")
		}
		name := p.FormName()
		if p.FileName() != "" {
			if name != "image" || f.image != nil {
				_, _ = io.Copy(io.Discard, p)
				continue
			}
			data, err := io.ReadAll(io.LimitReader(p, maxImageBytes+1))
			if err != nil {
				return bodyError(err, msgImageTooLarge)
			}
			if len(data) > maxImageBytes {
				return domain.Errorf(domain.ETooLarge, msgImageTooLarge)
			}
			if len(data) > 0 {
				f.image, f.imageName = data, p.FileName()
			}
			continue
		}
		data, err := io.ReadAll(io.LimitReader(p, domain.MaxRichTextBytes+1))
		if err != nil {
			return bodyError(err, msgImageTooLarge)
		}
		if len(data) > domain.MaxRichTextBytes {
			return domain.Errorf(domain.ETooLarge, "Content is too large (1 MB at most).")
		}
		if _, dup := f.vals[name]; !dup {
			f.vals[name] = string(data)
		}
	}
}

// msgSendJSON answers a body that is not declared as JSON.
const msgSendJSON = "Send JSON (Content-Type: application/json)."

// decodeJSON reads a JSON object body into v; unknown fields are ignored (the old clients send
// more than we read).
func decodeJSON(r *http.Request, v any) error {
	// Only a declared application/json body is read. text/plain, and no Content-Type at all (a
	// cross-site fetch of a Blob without a type), are what another site can make a visitor's
	// browser send without a preflight; neither reaches a handler.
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return domain.Errorf(domain.EUnsupported, msgSendJSON)
	}
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return domain.Errorf(domain.ETooLarge, msgBodyTooLarge)
		case err == io.EOF:
			return domain.Errorf(domain.EInvalid, "Request body is empty.")
		default:
			return domain.Errorf(domain.EInvalid, "Invalid JSON body.")
		}
	}
	return nil
}

// bodyError is the answer to a body that could not be read; one cut off at its limit was
// too large (tooLarge says so: a multipart body is too large because of its image, see
// limitBody).
func bodyError(err error, tooLarge string) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return domain.Errorf(domain.ETooLarge, "%s", tooLarge)
	}
	return domain.Errorf(domain.EInvalid, "Invalid form body.")
}

// parseTime reads a createdAt sent by a client: RFC 3339 or milliseconds since 1970, within
// the dates content accepts.
func parseTime(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	var t time.Time
	if ms, err := strconv.ParseInt(v, 10, 64); err == nil {
		t = time.UnixMilli(ms)
	} else if t, err = time.Parse(time.RFC3339Nano, v); err != nil {
		return t, domain.Errorf(domain.EInvalid, "createdAt must be a date (RFC 3339) or milliseconds.")
	}
	if err := domain.ValidateSentDate("createdAt", t); err != nil {
		return t, err
	}
	return t.UTC(), nil
}

// editOf returns the edit a request's fields make to a record of any kind: the fields sent
// overwrite the record's, rich HTML is sanitized here, on every write. It runs inside the store's
// transaction, so it only copies values and never touches the store.
func editOf(f *fields) func(domain.Record) error {
	return func(rec domain.Record) error {
		d := rec.Fields()
		defer followTitle(d, *d.Title, *d.MetaTitle)
		for _, field := range []struct {
			name string
			to   *string
		}{
			{"title", d.Title}, {"slug", d.Slug}, {"category", d.Category}, {"metaTitle", d.MetaTitle},
			{"metaDescription", d.MetaDescription}, {"image", d.Image},
		} {
			if v, ok := f.lookup(field.name); ok {
				*field.to = v
			}
		}
		if v, ok := f.lookup(rec.Kind().Body); ok {
			*d.Body = domain.SanitizeHTML(v)
		}
		// The edit-blog screen of the old site sends "keyword".
		if v, ok := f.lookup("focusKeyword", "keyword"); ok {
			*d.FocusKeyword = v
		}
		if v, ok := f.lookup("createdAt"); ok && v != "" {
			t, err := parseTime(v)
			if err != nil {
				return err
			}
			*d.CreatedAt = t
		}
		return nil
	}
}

// followTitle keeps a meta title that only repeated the title (as a publish sets an empty one,
// SPEC §5) the title's after an edit that renames the record and leaves the meta title as it
// was: a rename left the old title in Google's results and in shared links. A meta title of its
// own stays.
func followTitle(d domain.Fields, oldTitle, oldMeta string) {
	same := func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) }
	if oldMeta != "" && same(oldMeta, oldTitle) && same(*d.MetaTitle, oldMeta) && !same(*d.Title, oldTitle) {
		*d.MetaTitle = *d.Title
	}
}
