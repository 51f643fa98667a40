package content

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// DecodeRecords reads a JSON array of blogs or services in the shape GET /api/blogs and
// GET /api/services answer, as `adminapi import` and the demo seeding take them. Each record is
// told apart by its fields (content for a blog, description for a service), so one file may even
// hold both. Rich HTML is sanitized. The publish rules are applied later, by the store, in the
// transaction that imports the whole file.
func DecodeRecords(r io.Reader) ([]Blog, []Service, error) {
	var raw []json.RawMessage
	dec := json.NewDecoder(r)
	if err := dec.Decode(&raw); err != nil {
		return nil, nil, Errorf(EInvalid, "not a JSON array of blogs or services: %v", err)
	}
	var blogs []Blog
	var services []Service
	for i, item := range raw {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(item, &fields); err != nil {
			return nil, nil, Errorf(EInvalid, "record %d: not a JSON object", i)
		}
		_, isBlog := fields["content"]
		_, isService := fields["description"]
		switch {
		case isBlog && !isService:
			var b Blog
			if err := strictUnmarshal(item, &b); err != nil {
				return nil, nil, Errorf(EInvalid, "record %d (%s): %v", i, slugOf(fields), err)
			}
			b.Content = SanitizeHTML(b.Content)
			blogs = append(blogs, b)
		case isService && !isBlog:
			var s Service
			if err := strictUnmarshal(item, &s); err != nil {
				return nil, nil, Errorf(EInvalid, "record %d (%s): %v", i, slugOf(fields), err)
			}
			s.Description = SanitizeHTML(s.Description)
			services = append(services, s)
		default:
			return nil, nil, Errorf(EInvalid, "record %d (%s): has neither content (blog) nor description (service), or both", i, slugOf(fields))
		}
	}
	return blogs, services, nil
}

// strictUnmarshal decodes one record, tolerating fields the old backend added (__v and the like)
// but not values of the wrong type.
func strictUnmarshal(data []byte, v any) error {
	return json.NewDecoder(bytes.NewReader(data)).Decode(v)
}

func slugOf(fields map[string]json.RawMessage) string {
	var s string
	if json.Unmarshal(fields["slug"], &s) == nil && s != "" {
		return fmt.Sprintf("slug %q", s)
	}
	var title string
	if json.Unmarshal(fields["title"], &title) == nil && title != "" {
		return fmt.Sprintf("title %q", title)
	}
	return "no slug"
}
