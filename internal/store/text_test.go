package store

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"digitalreeviver/internal/domain"
)

// The posts listed without their text are the posts Blogs lists, text aside, and BlogText reads
// each one's text, also through a read-once open.
func TestBlogsWithoutTextAndBlogText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	db, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var blogs []domain.Blog
	base := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	texts := []string{
		`<p>Plain "quoted" text &amp; <a href="/x">a link</a></p>`,
		"<p>Hindi: नमस्ते, emoji 😀, line\u2028separator, tab\tand\nnewline</p>",
		`<p>back\slash \"not an escape\" and \u0041 as typed</p>`,
	}
	for i, text := range texts {
		blogs = append(blogs, domain.Blog{ID: fmt.Sprintf("id%d", i), Title: fmt.Sprintf("Post %d", i), Slug: fmt.Sprintf("post-%d", 2-i),
			Content: text, Category: "SEO", MetaDescription: "d", CreatedAt: base.Add(time.Duration(i) * time.Hour), UpdatedAt: base})
	}
	if err := db.Import(blogs, nil); err != nil {
		t.Fatal(err)
	}
	want, err := db.Blogs()
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, opts := range []Options{{ReadOnly: true}, {ReadOnly: true, ReadOnce: true}} {
		db, err := Open(path, opts)
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.BlogsWithoutText()
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%+v: %d posts, want %d", opts, len(got), len(want))
		}
		for i, b := range got {
			w := want[i]
			if b.Content != "" {
				t.Errorf("%s: listed with its text", b.Slug)
			}
			text := w.Content
			w.Content = ""
			if fmt.Sprint(b) != fmt.Sprint(w) {
				t.Errorf("%+v: post %d is\n%+v, want\n%+v", opts, i, b, w)
			}
			s, err := db.BlogText(b.Slug, b.UpdatedAt)
			if err != nil || s != text {
				t.Errorf("%s: text %q, %v; want %q", b.Slug, s, err, text)
			}
			if _, err := db.BlogText(b.Slug, b.UpdatedAt.Add(time.Second)); err == nil || !strings.Contains(err.Error(), "changed") {
				t.Errorf("%s: a changed post's text read without an error (%v)", b.Slug, err)
			}
		}
		if _, err := db.BlogText("missing", base); err == nil {
			t.Error("the text of a post that is not published read without an error")
		}
		db.Close()
	}
}

// jsonString decodes what encoding/json writes as encoding/json does, and refuses what it
// would not write; jsonMember finds a member only where encoding/json would decode it alone.
func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", `<p class="x">a &amp; b</p>`, "नमस्ते 😀", "\u2028\u2029", "tab\tnl\ncr\r\x00\x1f",
		`back\slash`, "\xff\xfe bad utf-8", `\ud800`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lit, _ := json.Marshal(s)
		var want string
		if err := json.Unmarshal(lit, &want); err != nil {
			t.Fatal(err)
		}
		got, ok := jsonString(lit)
		if !ok || got != want {
			t.Fatalf("jsonString(%s) = %q, %v; want %q", lit, got, ok, want)
		}
		// Literals encoding/json would not write: decoded alike or refused.
		for _, raw := range []string{`"` + s + `"`, `"\u` + s + `"`, `"` + s + `\ud83d\ude00"`} {
			if got, ok := jsonString([]byte(raw)); ok {
				if err := json.Unmarshal([]byte(raw), &want); err != nil || got != want {
					t.Fatalf("jsonString(%q) = %q, encoding/json %q, %v", raw, got, want, err)
				}
			}
		}
		obj, _ := json.Marshal(map[string]any{"a": s, "content": s, "z": []any{s, map[string]string{"content": s}}})
		start, end, ok := jsonMember(obj, "content")
		if !ok || string(obj[start:end]) != string(must(json.Marshal(s))) {
			t.Fatalf("jsonMember(%s) = %q, %v", obj, obj[start:end], ok)
		}
	})
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestJSONMemberRefusesWhatItCannotPlace(t *testing.T) {
	for _, data := range []string{`{"Content":"a"}`, `{"content":"a","content":"b"}`, `{"content":"a","CONTENT":"b"}`, `{ "content":"a"}`,
		`["content"]`, `{"content":"a"`, `{"content":"a"} `, `{}`} {
		if _, _, ok := jsonMember([]byte(data), "content"); ok {
			t.Errorf("jsonMember(%s) found the member", data)
		}
	}
	data := `{"n":12,"t":true,"o":{"content":"inner","x":[1,"}"]},"content":"outer","r":null}`
	if s, e, ok := jsonMember([]byte(data), "content"); !ok || data[s:e] != `"outer"` {
		t.Errorf("jsonMember(%s) = %q, %v", data, data[s:e], ok)
	}
}
