package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gen2brain/avif"
	"github.com/gen2brain/webp"
)

// photo draws a picture with gradients and detail, so encoders have something to do.
func photo(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := math.Sin(float64(x)/37)*math.Cos(float64(y)/23)*60 + 128
			img.Set(x, y, color.RGBA{uint8(v), uint8(x * 255 / w), uint8(y * 255 / h), 255})
		}
	}
	return img
}

func writePNG(t *testing.T, dir string, img image.Image) string {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, fmt.Sprintf("%dx%d.png", img.Bounds().Dx(), img.Bounds().Dy()))
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWidthsNeverWiderThanTheOriginal(t *testing.T) {
	for w, want := range map[int]string{
		300: "[]", 480: "[480]", 1000: "[480 800 1000]", 1200: "[480 800 1200]", 1600: "[480 800 1200 1600]",
		4000: "[480 800 1200 1600]",
	} {
		if got := fmt.Sprint(widthsFor(w)); got != want {
			t.Errorf("widthsFor(%d) = %s, want %s", w, got, want)
		}
	}
}

// A 1000 px PNG becomes AVIF, WebP and PNG at 480, 800 and its own 1000 px (the e2e test
// uploads a 1600 px one through the real server; here the race detector makes every encode
// slow), every file decodes to its stated size, the smaller formats are smaller, and asking
// again does no work: the set is read from the cache folder, also by a new Cache (a restart),
// and an identical copy of the image under another name shares it.
func TestVariantsAreMadeOncePerImage(t *testing.T) {
	dir := t.TempDir()
	src := writePNG(t, dir, photo(1000, 625))
	c := New(Options{Dir: filepath.Join(dir, "cache"), AVIF: true})
	defer c.Close()
	if _, ok := c.Cached(src); ok {
		t.Fatal("cached before it was made")
	}
	s, err := c.Get(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if s.Width != 1000 || s.Height != 625 || s.Type != TypePNG || len(s.Hash) != 64 {
		t.Fatalf("set %+v", s)
	}
	if len(s.Variants) != 9 {
		t.Fatalf("%d variants, want 3 widths × 3 types: %+v", len(s.Variants), s.Variants)
	}
	for i, typ := range []string{TypeAVIF, TypeWebP, TypePNG} {
		vs := s.ByType(typ)
		if len(vs) != 3 || vs[0].Width != 480 || vs[2].Width != 1000 || s.Variants[i*3].Type != typ {
			t.Fatalf("%s variants %+v", typ, vs)
		}
		for _, v := range vs {
			data, err := os.ReadFile(c.Path(s, v))
			if err != nil || int64(len(data)) != v.Size {
				t.Fatalf("%s: %v (%d bytes, set says %d)", v.Name, err, len(data), v.Size)
			}
			var cfg image.Config
			switch typ {
			case TypeAVIF:
				cfg, err = avif.DecodeConfig(bytes.NewReader(data))
			case TypeWebP:
				cfg, err = webp.DecodeConfig(bytes.NewReader(data))
			default:
				cfg, err = png.DecodeConfig(bytes.NewReader(data))
			}
			if err != nil || cfg.Width != v.Width || cfg.Height != v.Height || v.Height != (v.Width*625+500)/1000 {
				t.Fatalf("%s decodes as %dx%d (%v), set says %dx%d", v.Name, cfg.Width, cfg.Height, err, v.Width, v.Height)
			}
		}
	}
	big := func(typ string) int64 { vs := s.ByType(typ); return vs[len(vs)-1].Size }
	if !(big(TypeAVIF) < big(TypePNG) && big(TypeWebP) < big(TypePNG)) {
		t.Errorf("1000 px: avif %d, webp %d, png %d bytes: the new formats should be smaller", big(TypeAVIF), big(TypeWebP), big(TypePNG))
	}
	made, _ := os.Stat(filepath.Join(c.dirOf(s.Hash), setFile))

	// A new cache on the same folder (a restart) and a copy of the bytes under another name.
	c2 := New(Options{Dir: filepath.Join(dir, "cache"), AVIF: true})
	defer c2.Close()
	cp := filepath.Join(dir, "copy.png")
	data, _ := os.ReadFile(src)
	os.WriteFile(cp, data, 0o644)
	again, ok := c2.Cached(cp)
	if !ok || again.Hash != s.Hash || len(again.Variants) != 9 {
		t.Fatalf("not reused: %v %+v", ok, again)
	}
	if _, err := c2.Get(context.Background(), cp); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(c.dirOf(s.Hash), setFile)); !st.ModTime().Equal(made.ModTime()) {
		t.Error("the set was made again")
	}

	// A variant is found by its name alone (a preview's server serves it so); names that are
	// not a variant of a finished set, or try to leave the folder, find nothing.
	for _, v := range s.Variants {
		if got := c2.File(v.Name); got != c.Path(s, v) {
			t.Errorf("File(%q) = %q, want %q", v.Name, got, c.Path(s, v))
		}
	}
	for _, name := range []string{"", setFile, s.Hash[:20] + "-480.gif", s.Hash[:20] + "-481.png", s.Hash[:20] + "-480",
		"../" + s.Variants[0].Name, s.Hash[:19] + "-480.png", "0123456789abcdef0123-480.png", strings.ToUpper(s.Hash[:20]) + "-480.png"} {
		if got := c2.File(name); got != "" {
			t.Errorf("File(%q) = %q, want nothing", name, got)
		}
	}
}

// Small images, GIFs and files that are no images make no variants; concurrent asks for one
// image share one making; Prepare makes them in the background.
func TestSmallGIFPrepareAndSharing(t *testing.T) {
	dir := t.TempDir()
	c := New(Options{Dir: filepath.Join(dir, "cache")})
	small, err := c.Get(context.Background(), writePNG(t, dir, photo(300, 200)))
	if err != nil || len(small.Variants) != 0 || small.Width != 300 {
		t.Fatalf("small image: %+v %v", small, err)
	}
	junk := filepath.Join(dir, "junk.png")
	os.WriteFile(junk, []byte("<html>not an image</html>"), 0o644)
	if _, err := c.Get(context.Background(), junk); !errors.Is(err, ErrNotImage) {
		t.Fatalf("junk: %v", err)
	}
	src := writePNG(t, dir, photo(700, 400))
	var wg sync.WaitGroup
	sets := make([]*Set, 4)
	for i := range sets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sets[i], _ = c.Get(context.Background(), src)
		}()
	}
	wg.Wait()
	for _, s := range sets {
		if s == nil || s.Made != sets[0].Made || fmt.Sprint(s.ByType(TypeWebP)) != fmt.Sprint(sets[0].ByType(TypeWebP)) {
			t.Fatalf("concurrent gets differ: %+v / %+v", s, sets[0])
		}
	}
	if ws := sets[0].ByType(TypeWebP); len(ws) != 2 || ws[1].Width != 700 || len(sets[0].ByType(TypeAVIF)) != 0 {
		t.Fatalf("700 px without AVIF: %+v", sets[0].Variants)
	}
	other := writePNG(t, dir, photo(520, 300))
	c.Prepare(other)
	c.Wait() // the background worker is done with it
	c.Close()
	if s, ok := New(Options{Dir: filepath.Join(dir, "cache")}).Cached(other); !ok || len(s.ByType(TypeWebP)) != 2 {
		t.Fatalf("Prepare did not make the variants: %v %+v", ok, s)
	}
}

// jpegWithOrientation returns a JPEG whose EXIF says how to turn it.
func jpegWithOrientation(t *testing.T, img image.Image, o uint16) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08\x00\x01")
	entry := make([]byte, 12)
	binary.BigEndian.PutUint16(entry[0:], 0x0112)
	binary.BigEndian.PutUint16(entry[2:], 3) // SHORT
	binary.BigEndian.PutUint32(entry[4:], 1)
	binary.BigEndian.PutUint16(entry[8:], o)
	tiff = append(append(tiff, entry...), 0, 0, 0, 0)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	data := buf.Bytes()
	return append(append(append([]byte{}, data[:2]...), append(app1, seg...)...), data[2:]...)
}

// A phone photo stored on its side with orientation 6 makes upright variants, as browsers show
// the original: width and height swapped, the top-left pixel where the browser shows it.
func TestPhoneOrientationIsApplied(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 1000, 600))
	for y := 0; y < 600; y++ {
		for x := 0; x < 1000; x++ {
			c := color.RGBA{40, 40, 40, 255}
			if x < 100 && y < 100 {
				c = color.RGBA{250, 20, 20, 255} // red corner at the stored top left
			}
			img.Set(x, y, c)
		}
	}
	data := jpegWithOrientation(t, img, 6)
	if o := jpegOrientation(data); o != 6 {
		t.Fatalf("orientation %d", o)
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "phone.jpg")
	os.WriteFile(p, data, 0o644)
	c := New(Options{Dir: filepath.Join(dir, "cache")})
	defer c.Close()
	s, err := c.Get(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Width != 600 || s.Height != 1000 {
		t.Fatalf("upright size %dx%d, want 600x1000", s.Width, s.Height)
	}
	jpgs := s.ByType(TypeJPEG)
	f, _ := os.Open(c.Path(s, jpgs[len(jpgs)-1]))
	defer f.Close()
	out, err := jpeg.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// Orientation 6: the stored top-left corner shows at the top right.
	b := out.Bounds()
	if r, _, _, _ := out.At(b.Max.X-20, 20).RGBA(); r>>8 < 200 {
		t.Errorf("top right is not the red corner: %v", out.At(b.Max.X-20, 20))
	}
	if r, _, _, _ := out.At(20, 20).RGBA(); r>>8 > 100 {
		t.Errorf("top left is red: the photo was not turned")
	}
}
