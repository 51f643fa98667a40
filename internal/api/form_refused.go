package api

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	nethtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"digitalreeviver/internal/domain"
)

// contactPage is the built contact page, the page a no-JavaScript enquiry is posted from.
const contactPage = "contactus/index.html"

// formRefused answers a no-JavaScript enquiry that was refused with the site's own contact
// page as built, saying why above the form and with the form filled with what was sent, so the
// visitor corrects one field instead of typing everything again. The page's scripts are left
// out (this visitor runs none, and a hydration would empty the form). Without a built site it
// is a small plain page. The status is the JSON answer's.
func (s *Server) formRefused(w http.ResponseWriter, r *http.Request, f *fields, err error) {
	err = s.diskFull(r, err)
	code := domain.ErrorCode(err)
	if code == domain.EInternal {
		s.log.Error("internal error", "method", r.Method, "path", logPath(r), "err", err)
	}
	var le interface{ RetryAfter() time.Duration }
	if errors.As(err, &le) {
		w.Header().Set("Retry-After", strconv.Itoa(int(le.RetryAfter().Seconds())+1))
	}
	msg := errorMessageOf(err)
	var vals map[string]string
	if f != nil {
		vals = f.vals
	}
	var confirm string // the field that answers the refusal's question (domain.Error.Confirm)
	if de := (*domain.Error)(nil); errors.As(err, &de) {
		confirm = de.Confirm
	}
	page, perr := refusedPage(filepath.Join(s.cfg.OutDir, contactPage), msg, vals, s.siteOrigin(r), confirm)
	if perr != nil {
		page = plainRefusedPage(msg, s.siteOrigin(r))
	}
	setHTMLHeaders(w, false)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(statusOf[code])
	_, _ = w.Write(page)
}

// The fields of the contact form that are given back filled (never the hidden ones).
var refillable = map[string]bool{"name": true, "email": true, "phone": true, "country": true, "message": true}

// refusedPage is the contact page at path with the refusal's message and the form filled.
// Links of the page lead to origin (the site the form was posted from) when it is another host.
// A refusal that asks the visitor to check the phone number (confirm: domain.PhoneChecked)
// carries the number asked about in that hidden field, so sending it again unchanged answers.
func refusedPage(path, msg string, vals map[string]string, origin, confirm string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	doc, err := nethtml.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	var form *nethtml.Node
	var drop []*nethtml.Node
	walk(doc, func(n *nethtml.Node) {
		switch {
		case n.DataAtom == atom.Script, n.DataAtom == atom.Link && attr(n, "rel") == "modulepreload":
			drop = append(drop, n)
		case n.DataAtom == atom.Title && n.FirstChild != nil:
			n.FirstChild.Data = "Message not sent | " + n.FirstChild.Data
		case n.DataAtom == atom.Form && strings.Contains(attr(n, "class"), "contact-form"):
			form = n
		case n.DataAtom == atom.A && origin != "" && strings.HasPrefix(attr(n, "href"), "/") && !strings.HasPrefix(attr(n, "href"), "//"):
			setAttr(n, "href", origin+attr(n, "href"))
		}
	})
	if form == nil {
		return nil, errors.New("no contact form in the page")
	}
	for _, n := range drop {
		n.Parent.RemoveChild(n)
	}
	fill(form, vals)
	if confirm != "" {
		form.AppendChild(&nethtml.Node{Type: nethtml.ElementNode, Data: "input", DataAtom: atom.Input, Attr: []nethtml.Attribute{
			{Key: "type", Val: "hidden"}, {Key: "name", Val: confirm}, {Key: "value", Val: vals["phone"]}}})
	} else {
		msg += " Please correct it and send again."
	}
	form.InsertBefore(refusalNotice(msg), form.FirstChild)
	var out bytes.Buffer
	if err := nethtml.Render(&out, doc); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// refusalNotice is the alert above the form.
func refusalNotice(msg string) *nethtml.Node {
	div := &nethtml.Node{Type: nethtml.ElementNode, Data: "div", DataAtom: atom.Div,
		Attr: []nethtml.Attribute{{Key: "class", Val: "form-refused"}, {Key: "role", Val: "alert"}, {Key: "id", Val: "form-refused"}}}
	strong := &nethtml.Node{Type: nethtml.ElementNode, Data: "strong", DataAtom: atom.Strong}
	strong.AppendChild(&nethtml.Node{Type: nethtml.TextNode, Data: "Your message was not sent. "})
	div.AppendChild(strong)
	div.AppendChild(&nethtml.Node{Type: nethtml.TextNode, Data: msg})
	return div
}

// fill puts the sent values back into the form's inputs, select and textarea.
func fill(form *nethtml.Node, vals map[string]string) {
	walk(form, func(n *nethtml.Node) {
		name := attr(n, "name")
		v, ok := vals[name]
		if !ok || !refillable[name] {
			return
		}
		switch n.DataAtom {
		case atom.Input:
			setAttr(n, "value", v)
		case atom.Textarea:
			for c := n.FirstChild; c != nil; c = n.FirstChild {
				n.RemoveChild(c)
			}
			n.AppendChild(&nethtml.Node{Type: nethtml.TextNode, Data: v})
		case atom.Select:
			walk(n, func(o *nethtml.Node) {
				if o.DataAtom != atom.Option {
					return
				}
				delAttr(o, "selected")
				if strings.EqualFold(attr(o, "value"), v) {
					o.Attr = append(o.Attr, nethtml.Attribute{Key: "selected"})
				}
			})
		}
	})
}

func walk(n *nethtml.Node, visit func(*nethtml.Node)) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == nethtml.ElementNode {
			visit(c)
		}
		walk(c, visit)
	}
}

func attr(n *nethtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func setAttr(n *nethtml.Node, key, val string) {
	delAttr(n, key)
	n.Attr = append(n.Attr, nethtml.Attribute{Key: key, Val: val})
}

func delAttr(n *nethtml.Node, key string) {
	out := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Key != key {
			out = append(out, a)
		}
	}
	n.Attr = out
}

// plainRefusedPage is the refusal without a built site: the reason and the way back.
func plainRefusedPage(msg, origin string) []byte {
	return []byte(fmt.Sprintf(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`+
		`<title>Message not sent</title></head><body><main style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">`+
		`<h1>Your message was not sent</h1><p>%s</p><p><a href="%s/contactus/">Back to the contact form</a> (use your browser's Back button to keep what you typed)</p></main></body></html>`,
		html.EscapeString(msg), html.EscapeString(origin)))
}
