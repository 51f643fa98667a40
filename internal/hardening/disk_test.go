package hardening

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An upload cut short by a kill -9 leaves its temporary file in uploads/; the next start removes
// it (and says so), and leaves the uploads that were written whole.
func TestLeftoversOfAKilledUploadAreRemovedAtStart(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	addAdmin(t, dir)
	uploads := filepath.Join(dir, "uploads")
	os.MkdirAll(uploads, 0o755)
	whole := "0123456789abcdef0123456789abcdef.png"
	for name, data := range map[string][]byte{".tmp-3141592653": pngBytes(t, 8, 8)[:40], ".tmp-2718281828": nil, whole: pngBytes(t, 8, 8)} {
		if err := os.WriteFile(filepath.Join(uploads, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := startServer(t, dir, opts{})
	entries, _ := os.ReadDir(uploads)
	if len(entries) != 1 || entries[0].Name() != whole {
		t.Fatalf("uploads/ after the start: %v", entries)
	}
	if !regexp.MustCompile(`removed leftovers of interrupted uploads" .*files=2`).MatchString(s.logs.String()) {
		t.Errorf("the start did not say what it removed:\n%s", s.logs.String())
	}
}

// noisePNG is a PNG of w×h random pixels from rnd: it does not compress, so its size is about
// 4·w·h bytes. Narrower than 480 pixels, it makes no responsive variants.
func noisePNG(t *testing.T, rnd *rand.Rand, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(rnd.Uint32())
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// A full disk is said plainly, on a real file system that fills up (a 16 MiB tmpfs of the
// server's own, holding an old backup of 3 MB): uploads are refused with 507 and a message the
// admin can act on, then enquiries (JSON and the no-JavaScript form) with 507 and a message for
// the visitor, never 500 "internal error"; the dashboard's disk call says the space is low;
// once the operator removes the old backup, enquiries and uploads are saved again and nothing
// stored before was lost. (Before: 500 {"error":"internal error"} to both.)
func TestFullDiskIsSaidPlainly(t *testing.T) {
	needUnshare(t)
	t.Parallel()
	seed := testSeed(t)
	rnd := rand.New(rand.NewPCG(uint64(seed), 23))
	dir := t.TempDir()
	addAdmin(t, dir)
	if err := os.WriteFile(filepath.Join(dir, "old-backup.db"), bytes.Repeat([]byte("b"), 3<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startServer(t, dir, opts{smallDisk: 16, manyEnquiries: true})
	c := s.client().login(t)
	diskLow := func() bool {
		t.Helper()
		r := c.must(t, "GET", "/api/disk", nil, "")
		var d struct {
			Low     bool
			Folders []struct {
				Name        string
				Free, Total uint64
				Low         bool
			}
		}
		if r.status != 200 || json.Unmarshal(r.body, &d) != nil || len(d.Folders) != 3 || d.Folders[0].Total > 17<<20 {
			t.Fatalf("disk: %s", r)
		}
		return d.Low
	}
	if diskLow() {
		t.Fatal("an empty disk is said to be low")
	}

	// Fill the disk with uploads of shrinking sizes, each size until it no longer fits.
	var uploaded []string
	for _, rows := range []int{2600, 640, 160, 40, 10, 2} { // about 4 MB, 1 MB, … 3 kB
		for {
			body, ct := form(nil, filePart{"image", "noise.png", "image/png", noisePNG(t, rnd, 400, rows)})
			r := c.must(t, "POST", "/api/preview-blogs/upload", body, ct)
			if r.status == 201 {
				uploaded = append(uploaded, r.json()["imageUrl"].(string))
				continue
			}
			if r.status != 507 || !strings.Contains(r.errorMessage(), "the server's disk is full") {
				t.Fatalf("an upload on a full disk: %s", r)
			}
			break
		}
	}
	if len(uploaded) < 3 {
		t.Fatalf("only %d uploads fitted on 16 MiB", len(uploaded))
	}

	// Enquiries fill the rest; the one that does not fit is refused for what it is.
	stored := 0
	for ; ; stored++ {
		if stored > 2000 {
			t.Fatal("2000 enquiries fitted on a full disk")
		}
		r := s.client().mustJSON(t, "POST", "/popup", enquiry(fmt.Sprintf("disk-%04d", stored)))
		if r.status == 200 {
			continue
		}
		if r.status != 507 || r.errorMessage() != "Your message could not be saved: our server's disk is full. Please try again later, or call or e-mail us." {
			t.Fatalf("an enquiry on a full disk: %s", r)
		}
		break
	}
	formBody := url.Values{"name": {"Asha Form"}, "email": {"asha@example.com"}, "phone": {"9811045673"}, "message": {"From the contact page without JavaScript."}}
	r := s.client().must(t, "POST", "/popup", strings.NewReader(formBody.Encode()), "application/x-www-form-urlencoded")
	if r.status != 507 || !strings.Contains(string(r.body), "our server&#39;s disk is full") {
		t.Fatalf("the no-JavaScript enquiry on a full disk: %s", r)
	}
	if !diskLow() {
		t.Error("the dashboard's disk call does not say the space is low")
	}
	if logs := s.logs.String(); !strings.Contains(logs, `msg="disk full: a write was refused"`) || strings.Contains(logs, `msg="internal error"`) {
		t.Errorf("the server's log does not say the disk is full, or calls it an internal error:\n%s", logs)
	}

	// Room again: the operator removes the old backup, and what was refused is saved.
	s.onItsDisk("rm", filepath.Join(dir, "old-backup.db"))
	if diskLow() {
		t.Error("the disk is still said to be low with a fifth of it free")
	}
	if r := s.client().mustJSON(t, "POST", "/popup", enquiry("disk-after")); r.status != 200 {
		t.Fatalf("an enquiry once there is room: %s", r)
	}
	body, ct := form(nil, filePart{"image", "noise.png", "image/png", noisePNG(t, rnd, 400, 40)})
	if r := c.must(t, "POST", "/api/preview-blogs/upload", body, ct); r.status != 201 {
		t.Fatalf("an upload once there is room: %s", r)
	}
	got := map[string]bool{}
	for _, m := range c.enquiries(t) {
		got[fmt.Sprint(m["message"])] = true
	}
	if len(got) != stored+1 {
		t.Errorf("%d enquiries listed, %d were answered 200", len(got), stored+1)
	}
}
