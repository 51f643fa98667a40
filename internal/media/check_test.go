package media

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// pixelBomb is a real PNG of 16000×16000 black pixels in 249 kB (testdata/pixel-bomb-16000.png,
// made by a PNG header and zlib of the rows at level 9): decoded, 256 MB of grey, a gigabyte as
// the RGBA that scaling makes.
const pixelBomb = "testdata/pixel-bomb-16000.png"

// An image over the pixel limits is refused from its header, whatever asks (the upload check,
// the header read of a page's image, the variants of an upload), with an error that says its
// size and the limits, and its pixels are never decoded: making its variants allocates next to
// nothing. (Before, the variants decoded it: a build from a source peaked at 2.2 GB.) The
// limits one pixel either side are TestUploadAttacks' (hardening), through the upload check.
func TestPixelBombIsNeverDecoded(t *testing.T) {
	data, err := os.ReadFile(pixelBomb)
	if err != nil {
		t.Fatal(err)
	}
	var big *TooBigError
	if _, err := CheckImage(data); !errors.As(err, &big) || big.Width != 16000 || big.Height != 16000 {
		t.Fatalf("CheckImage: %v", err)
	}
	if _, err := ImageHeader(pixelBomb); !errors.As(err, &big) {
		t.Fatalf("ImageHeader: %v", err)
	}
	dir := t.TempDir()
	c := New(Options{Dir: filepath.Join(dir, "cache")})
	defer c.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = c.Get(context.Background(), pixelBomb)
	runtime.ReadMemStats(&after)
	if !IsRefused(err) || !strings.Contains(err.Error(), "16000×16000 pixels: at most 6000×6000 and 40 megapixels") {
		t.Fatalf("variants of a pixel bomb: %v", err)
	}
	if grown := (after.TotalAlloc - before.TotalAlloc) >> 20; grown > 16 {
		t.Errorf("refusing the pixel bomb allocated %d MB", grown)
	}
	if _, err := CheckImage([]byte("<svg/>")); !errors.Is(err, ErrNotImage) {
		t.Errorf("an SVG: %v", err)
	}
	if _, _, err := ReadImageFrom(strings.NewReader(strings.Repeat("x", MaxBytes+1))); !errors.Is(err, ErrTooLarge) {
		t.Errorf("a file over 5 MB: %v", err)
	}
}
