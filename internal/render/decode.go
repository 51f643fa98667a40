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
type answerHeader struct {
	ID        uint64 `json:"id"`
	Error     string `json:"error"`
	Ready     bool   `json:"ready"`
	HTMLBytes *int   `json:"htmlBytes"`
	HeadBytes *int   `json:"headBytes"`
}

// errBadLine is a line that is no answer (stray output before the handshake is skipped).
type errBadLine struct{ line []byte }

func (e errBadLine) Error() string { return fmt.Sprintf("bad line from render server: %.200q", e.line) }

// readAnswer reads the next answer: its header line and, for a page, the bytes that follow it.
// Blank lines are skipped. At the end of the stream it returns io.EOF (or io.ErrUnexpectedEOF
// inside an answer).
func readAnswer(br *bufio.Reader) (response, error) {
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
		if h.HTMLBytes == nil || h.HeadBytes == nil || *h.HTMLBytes < 0 || *h.HeadBytes < 0 || *h.HTMLBytes+*h.HeadBytes > maxAnswer {
			return response{}, errBadLine{append([]byte(nil), line...)}
		}
		body := make([]byte, *h.HTMLBytes+*h.HeadBytes)
		if _, err := io.ReadFull(br, body); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return response{}, fmt.Errorf("answer %d cut short: %w", h.ID, err)
		}
		resp.HTML, resp.Head = string(body[:*h.HTMLBytes]), string(body[*h.HTMLBytes:])
		return resp, nil
	}
}
