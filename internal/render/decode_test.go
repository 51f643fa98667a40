package render

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// The fast reader of answer lines must agree with encoding/json on every line.
func TestDecodeResponseAgreesWithEncodingJSON(t *testing.T) {
	lines := []string{
		`{"ready":true}`,
		`{"id":1,"html":"<p>x</p>","head":""}`,
		`{"id":18446744073709551615,"html":"a","head":"b"}`,
		`{"id":2,"html":"q\"uo\\te \/ \b\f\n\r\t \u003c \u00e9 \ud83d\ude00 é 😀","head":"<link rel=\"preload\">"}`,
		`{"id":3,"html":"lone \ud800 half","head":""}`,
		`{"id":4,"html":"lone \udc00 low","head":""}`,
		`{"id":5,"html":"pair then \ud83d","head":""}`,
		`{"id":6,"error":"blogPost: boom"}`,
		`{"id":null,"error":"bad request: x"}`,
		`{"id":7,"html":"bad \x escape","head":""}`,
		`{"id":8,"html":"x","head":"y"} `,
		`{"id":9,"html":"x","head":"y"}trailing`,
		`{"id":10,"html":"x","head":"y","extra":1}`,
		`{"id":011,"html":"x","head":"y"}`,
		`{"id":12,"html":"invalid ` + "\xff\xfe" + ` utf8","head":""}`,
		`{"id":13,"html":"ctl ` + "\x01" + `","head":""}`,
		`{"id":14,"html":"\u00","head":""}`,
		`{"id":15,"html":"x"`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "<", ">", "&", "é", "😀", `\"`, `\\`, `\/`, `\n`, `\t`, `\u0041`, `\u00e9`, `\ud83d\ude00`, `\ud800`, `\udfff`, " ", "\u2028", `\u001f`}
	for n := 0; n < 3000; n++ {
		var sb strings.Builder
		for k := r.IntN(40); k > 0; k-- {
			sb.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		lines = append(lines, `{"id":`+string(rune('1'+r.IntN(9)))+`,"html":"`+sb.String()+`","head":"`+alphabet[r.IntN(len(alphabet))]+`"}`)
	}
	for _, line := range lines {
		var want response
		wantErr := json.Unmarshal([]byte(line), &want)
		var got response
		gotErr := decodeResponse([]byte(line+"\n"), &got)
		if (wantErr == nil) != (gotErr == nil) || got != want {
			t.Fatalf("line %q:\n got %+v, %v\nwant %+v, %v", line, got, gotErr, want, wantErr)
		}
	}
}

func BenchmarkDecodeResponse(b *testing.B) {
	page := strings.Repeat(`<p class=\"x\">Some text of a page, with a link <a href=\"/blog/\">here</a>.</p>\n`, 300)
	line := []byte(`{"id":123,"html":"` + page + `","head":"<link rel=\"preload\" as=\"image\" href=\"/a.svg\">"}` + "\n")
	b.Run("fast", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		for i := 0; i < b.N; i++ {
			var r response
			decodeResponse(line, &r)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		for i := 0; i < b.N; i++ {
			var r response
			json.Unmarshal(line, &r)
		}
	})
}
