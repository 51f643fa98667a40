package generator

import (
	"fmt"
	"html"
	"path/filepath"
	"strconv"
	"strings"

	xhtml "golang.org/x/net/html"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/media"
)

// ImageAltSource is a Source that also knows the alt text of uploaded images (the media
// library's, *store.DB is one), by upload file name. A page shows an upload's alt text unless
// the page names one itself.
type ImageAltSource interface {
	ImageAlts() (map[string]string, error)
}

// mediaPrefix is where the variants of uploaded images live in the site. They are named by
// the image's content hash and never change, like the bundle's other hashed assets.
const mediaPrefix = "assets/media/"

// loadMedia finds (or makes, once per image) the variants of every upload a page uses and adds
// them to the site's static files. This is the only image work a build does, and none when the
// cache holds the variants already; with ImagesLater none at all: what is missing is asked for
// (Cache.Later) and the page shows the original until a next build.
func (r *run) loadMedia(uploads []string) error {
	if r.cfg.Media == nil || r.cfg.UploadsDir == "" {
		return nil
	}
	r.media = map[string]*media.Set{}
	for _, name := range uploads {
		if err := r.ctx.Err(); err != nil {
			return err
		}
		file := filepath.Join(r.cfg.UploadsDir, name)
		if r.cfg.ImagesLater {
			s, ok := r.cfg.Media.Cached(file)
			if !ok {
				if _, err := media.ImageHeader(file); media.IsRefused(err) {
					r.refuseUpload(name, err)
					continue
				}
				r.cfg.Media.Later(file)
				r.imagesLater++
				continue
			}
			if err := r.addVariants(name, s); err != nil {
				return err
			}
			continue
		}
		s, err := r.cfg.Media.Get(r.ctx, file)
		if media.IsRefused(err) {
			r.refuseUpload(name, err)
			continue
		}
		if err != nil {
			r.cfg.Logger.Warn("build: no variants for an upload; the original is served", "name", name, "err", err)
			continue
		}
		if err := r.addVariants(name, s); err != nil {
			return err
		}
	}
	if r.imagesLater > 0 {
		r.cfg.Logger.Info("build: images shown as uploaded until their variants are made", "images", r.imagesLater)
	}
	return nil
}

// addVariants adds the variants of the upload name to the build's files.
func (r *run) addVariants(name string, s *media.Set) error {
	r.media[name] = s
	for _, v := range s.Variants {
		f, err := newStaticFile(r.cfg.Media.Path(s, v), false)
		if err != nil {
			return fmt.Errorf("variant %s: %w", v.Name, err)
		}
		r.static[mediaPrefix+v.Name] = f
	}
	return nil
}

// loadAlts reads the media library's alt texts when the source keeps them.
func (r *run) loadAlts() error {
	if src, ok := r.src.(ImageAltSource); ok {
		alts, err := src.ImageAlts()
		if err != nil {
			return fmt.Errorf("image alt texts: %w", err)
		}
		r.alts = alts
	}
	return nil
}

// ImageSource is one <source> of a <picture>: the variants of one type.
type ImageSource struct {
	Type   string `json:"type"`
	SrcSet string `json:"srcset"`
}

// srcset lists variants as "url 480w, url 800w".
func srcset(vs []media.Variant) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = "/" + mediaPrefix + v.Name + " " + strconv.Itoa(v.Width) + "w"
	}
	return strings.Join(parts, ", ")
}

// responsive completes img, an upload, with its variants: a <source> per new format, and a
// srcset in the original's format for the <img> itself (src stays the original, the fallback
// of browsers that know no srcset).
func responsive(img *Image, s *media.Set) {
	if s == nil || len(s.Variants) == 0 {
		return
	}
	img.Width, img.Height = s.Width, s.Height
	for _, t := range []string{media.TypeAVIF, media.TypeWebP} {
		if vs := s.ByType(t); len(vs) > 0 && t != s.Type {
			img.Sources = append(img.Sources, ImageSource{Type: t, SrcSet: srcset(vs)})
		}
	}
	if vs := s.ByType(s.Type); len(vs) > 0 {
		img.SrcSet = srcset(vs)
	}
}

// richSizes is the sizes of an image in the text of a post or a service page: the narrow
// container's text width (860 px less its padding) on a wide screen, the screen's width less the
// padding on a phone.
const richSizes = "(min-width: 860px) 796px, calc(100vw - 2rem)"

// richImages gives every uploaded image in a page's rich text (sanitized HTML) its intrinsic
// size, lazy loading and, where the upload has variants, a <picture> with them. The text's own
// alt text is kept; an image inserted without one gets the media library's.
func (c *imageCache) richImages(fragment string) string {
	if !strings.Contains(fragment, "/uploads/") {
		return fragment
	}
	var b strings.Builder
	z := xhtml.NewTokenizer(strings.NewReader(fragment))
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return b.String()
		}
		raw := string(z.Raw())
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken {
			b.WriteString(raw)
			continue
		}
		tok := z.Token()
		if tok.Data != "img" {
			b.WriteString(raw)
			continue
		}
		attrs := map[string]string{}
		for _, a := range tok.Attr {
			attrs[a.Key] = a.Val
		}
		name := domain.UploadNameOf(attrs["src"])
		if name == "" {
			b.WriteString(raw)
			continue
		}
		img := c.image(attrs["src"], attrs["alt"], "")
		if attrs["alt"] != "" {
			img.Alt = attrs["alt"]
		}
		writePicture(&b, img, richSizes)
	}
}

// writePicture writes img as the rich text shows it: lazy, with its size, in a <picture> when
// it has variants.
func writePicture(b *strings.Builder, img Image, sizes string) {
	e := html.EscapeString
	if len(img.Sources) > 0 {
		b.WriteString("<picture>")
		for _, s := range img.Sources {
			fmt.Fprintf(b, `<source type="%s" srcset="%s" sizes="%s">`, e(s.Type), e(s.SrcSet), e(sizes))
		}
	}
	fmt.Fprintf(b, `<img src="%s" alt="%s"`, e(img.Src), e(img.Alt))
	if img.SrcSet != "" {
		fmt.Fprintf(b, ` srcset="%s" sizes="%s"`, e(img.SrcSet), e(sizes))
	}
	if img.Width > 0 && img.Height > 0 {
		fmt.Fprintf(b, ` width="%d" height="%d"`, img.Width, img.Height)
	}
	b.WriteString(` loading="lazy" decoding="async">`)
	if len(img.Sources) > 0 {
		b.WriteString("</picture>")
	}
}

// refuseUpload leaves out an upload that is not an image the site may serve (over the pixel
// limits, say): the pages show their fallback image (imageCache.size refuses it too).
func (r *run) refuseUpload(name string, err error) {
	r.cfg.Logger.Warn("build: upload refused; pages show their fallback image", "name", name, "err", err)
	delete(r.static, "uploads/"+name)
}
