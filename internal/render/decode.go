package render

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// maxAnswer bounds the bytes one answer may announce (a page is tens of kilobytes).
const maxAnswer = 256 << 20

// answerHeader is an answer line of the render server: the handshake ({"ready":true}), an error
// ({"id":N,"error":"…"}), or the header of a rendered page ({"id":N,"htmlBytes":H,"headBytes":D}),
// which the page's H bytes of html and D bytes of head follow as they are. The pages are a build's
// tens of megabytes of HTML, so they cross the pipe without JSON escaping: node spares the
// escaping (it was about 40 % of its time with JSON lines) and Go the unescaping.
//
// A page inside a frame names it ("frame":F). The first answer that names a frame also carries
// its two parts ("beforeBytes":B,"afterBytes":A, their bytes after the head's); later ones name it
// only, and Go puts the parts back around the page. The render server keeps at most 64 frames
// and renumbers them all when it clears them, so a frame it names is always among the last 64 it
// sent; frameTable keeps the last keepFrames.
type answerHeader struct {
	ID          uint64 `json:"id"`
	Error       string `json:"error"`
	Ready       bool   `json:"ready"`
	HTMLBytes   *int   `json:"htmlBytes"`
	HeadBytes   *int   `json:"headBytes"`
	Frame       *int   `json:"frame"`
	BeforeBytes *int   `json:"beforeBytes"`
	AfterBytes  *int   `json:"afterBytes"`
}

const keepFrames = 128

// frameTable holds the frames one render server sent, by number.
type frameTable struct {
	parts  map[int][2]string
	newest int
}

func newFrameTable() *frameTable { return &frameTable{parts: map[int][2]string{}} }

func (t *frameTable) add(id int, before, after string) {
	t.parts[id] = [2]string{before, after}
	t.newest = max(t.newest, id)
	if len(t.parts) > keepFrames {
		for k := range t.parts {
			if k <= t.newest-keepFrames {
				delete(t.parts, k)
			}
		}
	}
}

// errBadLine is a line that is no answer (stray output before the handshake is skipped).
type errBadLine struct{ line []byte }

func (e errBadLine) Error() string { return fmt.Sprintf("bad line from render server: %.200q", e.line) }

// readAnswer reads the next answer: its header line and, for a page, the bytes that follow it.
// Blank lines are skipped. At the end of the stream it returns io.EOF (or io.ErrUnexpectedEOF
// inside an answer).
func readAnswer(br *bufio.Reader, frames *frameTable) (response, error) {
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			// A line longer than the buffer: only an error's long message does that.
			long := append([]byte(nil), line...)
			rest, rerr := br.ReadBytes('\n')
			line, err = append(long, rest...), rerr
		}
		if len(bytes.TrimSpace(line)) == 0 {
			if err != nil {
				return response{}, err
			}
			continue
		}
		if err != nil && err != io.EOF {
			return response{}, err
		}
		var h answerHeader
		if jerr := json.Unmarshal(line, &h); jerr != nil {
			return response{}, errBadLine{append([]byte(nil), line...)}
		}
		resp := response{ID: h.ID, Error: h.Error, Ready: h.Ready}
		if h.HTMLBytes == nil && h.HeadBytes == nil {
			return resp, nil
		}
		newFrame := h.BeforeBytes != nil || h.AfterBytes != nil
		var b, a int
		if newFrame {
			if h.BeforeBytes == nil || h.AfterBytes == nil || h.Frame == nil {
				return response{}, errBadLine{append([]byte(nil), line...)}
			}
			b, a = *h.BeforeBytes, *h.AfterBytes
		}
		if h.HTMLBytes == nil || h.HeadBytes == nil || *h.HTMLBytes < 0 || *h.HeadBytes < 0 || b < 0 || a < 0 ||
			*h.HTMLBytes+*h.HeadBytes+b+a > maxAnswer {
			return response{}, errBadLine{append([]byte(nil), line...)}
		}
		n, d := *h.HTMLBytes, *h.HeadBytes
		body := make([]byte, n+d+b+a)
		if _, err := io.ReadFull(br, body); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return response{}, fmt.Errorf("answer %d cut short: %w", h.ID, err)
		}
		text := string(body) // one copy; the parts share it
		resp.HTML, resp.Head = text[:n], text[n:n+d]
		if h.Frame != nil {
			if newFrame {
				frames.add(*h.Frame, text[n+d:n+d+b], text[n+d+b:])
			}
			f, ok := frames.parts[*h.Frame]
			if !ok {
				return response{}, fmt.Errorf("answer %d: the render server named frame %d, which it never sent", h.ID, *h.Frame)
			}
			resp.Before, resp.After = f[0], f[1]
		}
		return resp, nil
	}
}
