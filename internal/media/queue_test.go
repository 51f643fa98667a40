package media

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"
)

// What Later queues (an image a published page shows as uploaded) is made before what Prepare
// queued earlier (a batch of fresh uploads), and OnReady hears of it: the worker is held on its
// first image while four are queued, and when the urgent one is ready, none of the uploads
// queued after the first has been made.
func TestLaterGoesBeforeTheUploadsQueue(t *testing.T) {
	dir := t.TempDir()
	c := New(Options{Dir: filepath.Join(dir, "cache")})
	defer c.Close()
	var uploads []string
	for i := range 4 {
		uploads = append(uploads, writePNG(t, dir, photo(490+i, 300)))
	}
	live := writePNG(t, dir, photo(500, 310))
	ready := make(chan struct{}, 4)
	c.OnReady(func() { ready <- struct{}{} })

	c.encode.Lock() // the worker waits on its first image
	for _, u := range uploads {
		c.Prepare(u)
	}
	c.Later(live)
	c.Later(live) // asked for twice, made once
	c.encode.Unlock()

	<-ready
	if _, ok := c.Cached(live); !ok {
		t.Fatal("OnReady before the image was made")
	}
	made := 0
	for _, u := range uploads[1:] {
		if _, ok := c.Cached(u); ok {
			made++
		}
	}
	if made != 0 {
		t.Fatalf("%d uploads queued before it were made first", made)
	}
	c.Wait()
	for i, u := range uploads {
		if _, ok := c.Cached(u); !ok {
			t.Fatalf("upload %d not made", i)
		}
	}
	if n := c.Made(); n != 5 {
		t.Fatalf("made %d, want 5", n)
	}
	if len(ready) != 0 {
		t.Fatalf("OnReady heard %d more times", len(ready))
	}
}

// A photograph wider than twice the widest variant is first scaled down to that (the fine
// scaler's work grows with the source's pixels), never a narrow or tall one; the variants of a
// wide image keep its proportions.
func TestAWideImageIsScaledDownFirst(t *testing.T) {
	for _, tc := range []struct{ w, h, wantW, wantH int }{
		{6000, 4000, 3200, 2133}, {6000, 6000, 3200, 3200}, {3200, 2000, 3200, 2000}, {2000, 6000, 2000, 6000}, {800, 600, 800, 600},
	} {
		got := prescale(image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))).Bounds()
		if got.Dx() != tc.wantW || got.Dy() != tc.wantH {
			t.Errorf("%dx%d → %dx%d, want %dx%d", tc.w, tc.h, got.Dx(), got.Dy(), tc.wantW, tc.wantH)
		}
	}
	dir := t.TempDir()
	c := New(Options{Dir: filepath.Join(dir, "cache")})
	defer c.Close()
	s, err := c.Get(t.Context(), writePNG(t, dir, photo(4000, 100)))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(s.ByType(TypeWebP)); s.Width != 4000 || len(s.ByType(TypeWebP)) != 4 ||
		s.ByType(TypeWebP)[3].Width != 1600 || s.ByType(TypeWebP)[3].Height != 40 {
		t.Fatalf("variants of a 4000 px image: %s", got)
	}
}
