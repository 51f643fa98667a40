package domain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// DecodeRecords reads a JSON array of records in the shape GET /api/blogs and GET /api/services
// answer, as `adminapi import` and the demo seeding take them. Each record's kind is told by its
// rich-text field (content for a blog, description for a service), so one file may even hold
// both. Rich HTML is sanitized. The publish rules are applied later, by the store, in the
// transaction that imports the whole file.
func DecodeRecords(r io.Reader) ([]Record, error) {
	var raw []json.RawMessage
	dec := json.NewDecoder(r)
	if err := dec.Decode(&raw); err != nil {
		return nil, Errorf(EInvalid, "not a JSON array of %s: %v", kindNames(func(k *Kind) string { return k.Plural }), err)
	}
	var out []Record
	for i, item := range raw {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(item, &fields); err != nil {
			return nil, Errorf(EInvalid, "record %d: not a JSON object", i)
		}
		var kind *Kind
		for _, k := range Kinds {
			if _, ok := fields[k.Body]; ok {
				if kind != nil {
					kind = nil
					break
				}
				kind = k
			}
		}
		if kind == nil {
			return nil, Errorf(EInvalid, "record %d (%s): needs exactly one of %s", i, slugOf(fields), kindNames(func(k *Kind) string { return k.Body + " (" + k.Name + ")" }))
		}
		rec := kind.New()
		if err := strictUnmarshal(item, rec); err != nil {
			return nil, Errorf(EInvalid, "record %d (%s): %v", i, slugOf(fields), err)
		}
		body := rec.Fields().Body
		*body = SanitizeHTML(*body)
		out = append(out, rec)
	}
	return out, nil
}

// kindNames names every kind for a message, as name says: "blogs or services".
func kindNames(name func(*Kind) string) string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = name(k)
	}
	return strings.Join(names, " or ")
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
