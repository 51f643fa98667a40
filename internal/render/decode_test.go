package render

import (
	"bufio"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

func frame(id int, html, head string) string {
	return `{"id":` + strconv.Itoa(id) + `,"htmlBytes":` + strconv.Itoa(len(html)) + `,"headBytes":` + strconv.Itoa(len(head)) + "}\n" + html + head
}

// The answers as the render server writes them: lines and framed pages, whose bytes may hold
// anything (newlines, quotes, backslashes, multi-byte UTF-8, what looks like another header).
func TestReadAnswer(t *testing.T) {
	tricky := "<p>q\"uo\\te \n\r\t é 😀 \\u003c</p>\n" + frame(99, "fake", "") + "\n"
	stream := `{"ready":true}` + "\n" +
		frame(1, "<p>x</p>", "") +
		frame(2, tricky, `<link rel="preload" href="/a.png">`) +
		"\n" +
		`{"id":3,"error":"blogPost: boom"}` + "\n" +
		frame(4, "", "") +
		`{"id":null,"error":"bad request: x"}` + "\n"
	br := bufio.NewReaderSize(strings.NewReader(stream), 16) // smaller than the lines: they span reads
	want := []response{{Ready: true}, {ID: 1, HTML: "<p>x</p>"}, {ID: 2, HTML: tricky, Head: `<link rel="preload" href="/a.png">`},
		{ID: 3, Error: "blogPost: boom"}, {ID: 4}, {Error: "bad request: x"}}
	for i, w := range want {
		got, err := readAnswer(br)
		if err != nil || got != w {
			t.Fatalf("answer %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	if _, err := readAnswer(br); err != io.EOF {
		t.Fatalf("after the last answer: %v", err)
	}
}

func TestReadAnswerRefusesBrokenFrames(t *testing.T) {
	for _, stream := range []string{
		"not json\n",
		`{"id":1,"htmlBytes":5}` + "\n12345",
		`{"id":1,"htmlBytes":-1,"headBytes":0}` + "\n",
		`{"id":1,"htmlBytes":999999999999,"headBytes":0}` + "\n",
	} {
		if _, err := readAnswer(bufio.NewReader(strings.NewReader(stream))); !errors.As(err, new(errBadLine)) {
			t.Errorf("%q: %v, want a bad line", stream, err)
		}
	}
	_, err := readAnswer(bufio.NewReader(strings.NewReader(`{"id":1,"htmlBytes":10,"headBytes":0}` + "\n<p>short")))
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a page cut short: %v", err)
	}
}
