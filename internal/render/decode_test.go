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
	frames := newFrameTable()
	for i, w := range want {
		got, err := readAnswer(br, frames)
		if err != nil || got != w {
			t.Fatalf("answer %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	if _, err := readAnswer(br, frames); err != io.EOF {
		t.Fatalf("after the last answer: %v", err)
	}
}

func TestReadAnswerRefusesBrokenFrames(t *testing.T) {
	for _, stream := range []string{
		"not json\n",
		`{"id":1,"htmlBytes":5}` + "\n12345",
		`{"id":1,"htmlBytes":-1,"headBytes":0}` + "\n",
		`{"id":1,"htmlBytes":999999999999,"headBytes":0}` + "\n",
		`{"id":1,"htmlBytes":1,"headBytes":0,"frame":1,"beforeBytes":1}` + "\n",      // a new frame's two parts
		`{"id":1,"htmlBytes":1,"headBytes":0,"beforeBytes":1,"afterBytes":1}` + "\n", // parts of no frame
	} {
		if _, err := readAnswer(bufio.NewReader(strings.NewReader(stream)), newFrameTable()); !errors.As(err, new(errBadLine)) {
			t.Errorf("%q: %v, want a bad line", stream, err)
		}
	}
	_, err := readAnswer(bufio.NewReader(strings.NewReader(`{"id":1,"htmlBytes":10,"headBytes":0}`+"\n<p>short")), newFrameTable())
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a page cut short: %v", err)
	}
}

// A frame's parts come with the first page that names it; later pages name it only, and get the
// same parts back. A frame never sent is an error, and the table keeps the newest keepFrames.
func TestReadAnswerFrames(t *testing.T) {
	stream := `{"id":1,"htmlBytes":3,"headBytes":2,"frame":7,"beforeBytes":6,"afterBytes":7}` + "\n" + "<b>" + "hd" + "<div>\n" + "</div>\n" +
		`{"id":2,"htmlBytes":4,"headBytes":0,"frame":7}` + "\n" + "<i/>" +
		`{"id":3,"htmlBytes":1,"headBytes":0,"frame":8,"beforeBytes":0,"afterBytes":0}` + "\n" + "x" +
		`{"id":4,"htmlBytes":1,"headBytes":0,"frame":8}` + "\n" + "y" +
		`{"id":5,"htmlBytes":1,"headBytes":0,"frame":9}` + "\n" + "z"
	br := bufio.NewReaderSize(strings.NewReader(stream), 16)
	frames := newFrameTable()
	want := []response{{ID: 1, HTML: "<b>", Head: "hd", Before: "<div>\n", After: "</div>\n"}, {ID: 2, HTML: "<i/>", Before: "<div>\n", After: "</div>\n"},
		{ID: 3, HTML: "x"}, {ID: 4, HTML: "y"}}
	for i, w := range want {
		if got, err := readAnswer(br, frames); err != nil || got != w {
			t.Fatalf("answer %d: %+v, %v; want %+v", i, got, err, w)
		}
	}
	if _, err := readAnswer(br, frames); err == nil || !strings.Contains(err.Error(), "frame 9") {
		t.Fatalf("a frame never sent: %v", err)
	}
	for id := 10; id < 10+3*keepFrames; id++ {
		frames.add(id, "b", "a")
	}
	if _, ok := frames.parts[10+3*keepFrames-keepFrames]; !ok || len(frames.parts) > keepFrames+1 {
		t.Fatalf("the table keeps %d frames, the newest %d: %v", len(frames.parts), keepFrames, ok)
	}
}
