package media

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"net/http"
	"os"
)

// The limits of every image the system reads, whatever its way in (an upload, a build's source,
// the content folder): a decoded image takes four bytes a pixel, so 6000×6000 is already 144 MB
// wherever it is processed, and a 249 kB PNG can declare 16000×16000 (1 GB decoded).
const (
	MaxSide   = 6000
	MaxPixels = 40_000_000
	MaxBytes  = 5 << 20 // the upload limit (docs/API.md)
)

// Info is what CheckImage found out about an image from its bytes alone.
type Info struct {
	Format        string // jpeg, png, gif or webp: the decoder's name
	Type, Ext     string // the type it is served as, the extension it is named with
	Width, Height int
}

// imageTypes maps the decoder's format to the type we serve and the extension we name files
// with. Anything else (SVG, HTML, a PDF renamed .png) is no image of ours.
var imageTypes = map[string]struct{ mime, ext string }{
	"jpeg": {"image/jpeg", "jpg"},
	"png":  {"image/png", "png"},
	"gif":  {"image/gif", "gif"},
	"webp": {"image/webp", "webp"},
}

// TooBigError refuses an image over the pixel limits.
type TooBigError struct{ Width, Height int }

func (e *TooBigError) Error() string {
	return fmt.Sprintf("image is %d×%d pixels: at most %d×%d and %d megapixels are read", e.Width, e.Height,
		MaxSide, MaxSide, MaxPixels/1_000_000)
}

// ErrTooLarge refuses a file over MaxBytes.
var ErrTooLarge = fmt.Errorf("image file larger than %d MB", MaxBytes>>20)

// CheckImage decides whether data is an image the system may decode, by its bytes and its header
// alone (no pixel is decoded): the sniffed type and the decoder's must agree on JPEG, PNG, WebP or
// GIF (ErrNotImage otherwise), and its size must be within MaxSide and MaxPixels (*TooBigError
// otherwise). Every full decode is preceded by it: the upload check, the variants of an upload,
// the uploads a build's source brings.
func CheckImage(data []byte) (Info, error) {
	info, err := checkHeader(bytes.NewReader(data))
	if err != nil {
		return Info{}, err
	}
	if http.DetectContentType(data) != info.Type {
		return Info{}, ErrNotImage
	}
	return info, nil
}

// ImageHeader reads the size of an image file from its header, with the limits CheckImage holds
// it to: for a page that only shows the image (its width and height), where reading the whole
// file would cost a publish its time.
func ImageHeader(file string) (Info, error) {
	f, err := os.Open(file)
	if err != nil {
		return Info{}, err
	}
	defer f.Close()
	return checkHeader(bufio.NewReader(f))
}

// checkHeader decodes an image's header (never its pixels) and holds it to the limits.
func checkHeader(r io.Reader) (Info, error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return Info{}, ErrNotImage
	}
	t, ok := imageTypes[format]
	if !ok || cfg.Width <= 0 || cfg.Height <= 0 {
		return Info{}, ErrNotImage
	}
	if cfg.Width > MaxSide || cfg.Height > MaxSide || cfg.Width*cfg.Height > MaxPixels {
		return Info{}, &TooBigError{Width: cfg.Width, Height: cfg.Height}
	}
	return Info{Format: format, Type: t.mime, Ext: t.ext, Width: cfg.Width, Height: cfg.Height}, nil
}

// ReadImage reads an image file of at most MaxBytes and checks it (CheckImage).
func ReadImage(file string) ([]byte, Info, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, Info{}, err
	}
	defer f.Close()
	return ReadImageFrom(f)
}

// ReadImageFrom reads an image of at most MaxBytes from r and checks it (CheckImage).
func ReadImageFrom(r io.Reader) ([]byte, Info, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, Info{}, err
	}
	if len(data) > MaxBytes {
		return nil, Info{}, ErrTooLarge
	}
	info, err := CheckImage(data)
	return data, info, err
}

// IsRefused says whether err is CheckImage's or ReadImage's refusal of the image (rather than a
// failure to read it).
func IsRefused(err error) bool {
	var big *TooBigError
	return errors.As(err, &big) || errors.Is(err, ErrNotImage) || errors.Is(err, ErrTooLarge)
}
