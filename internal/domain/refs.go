package domain

import (
	"regexp"
	"strings"
)

// MsgImageRefInvalid answers an image field that is neither empty, an upload nor a site image.
const MsgImageRefInvalid = "Image must be an uploaded image (/uploads/…) or a site image (/images/…)."

var (
	uploadName = regexp.MustCompile(`^[a-f0-9]{16,64}\.(jpg|png|webp|gif)$`)
	siteImage  = regexp.MustCompile(`^/images/[A-Za-z0-9_-][A-Za-z0-9._/-]{0,200}$`)
	username   = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,63}$`)
)

// ValidUploadName reports whether name is a file name the upload handler makes: random hex and
// the extension of the detected type. Nothing else is ever served from the uploads folder.
func ValidUploadName(name string) bool { return uploadName.MatchString(name) }

// UploadNameOf returns the upload file name of an image field "/uploads/<name>", or "".
func UploadNameOf(ref string) string {
	if name, ok := strings.CutPrefix(ref, "/uploads/"); ok && ValidUploadName(name) {
		return name
	}
	return ""
}

// ValidImageRef reports whether ref may be stored in a record's image field: empty (the page
// shows its fallback image), an upload, or a site image. Outside addresses are refused because
// the site serves only its own assets (DESIGN: no hot-linked images).
func ValidImageRef(ref string) bool {
	return ref == "" || UploadNameOf(ref) != "" || siteImage.MatchString(ref) && !strings.Contains(ref, "..")
}

// NormalizeUsername folds a username to the one form accounts are stored and limited under, so
// "Admin" and "admin " are the same account and the same rate-limit key.
func NormalizeUsername(u string) string { return strings.ToLower(strings.TrimSpace(u)) }

// ValidateUsername checks a (normalized) username for a new account.
func ValidateUsername(u string) error {
	if !username.MatchString(u) {
		return Errorf(EInvalid, "Username must be 1 to 64 lowercase letters, digits, dots, hyphens or underscores.")
	}
	return nil
}

// DropImage removes the image ref (an upload's "/uploads/<name>") from a record: the image field
// when it names it, and every <img> of the rich text that shows it. It answers whether anything
// was removed. A revision restored after its image was deleted from the media library comes
// back without it, rather than not at all.
func DropImage(r Record, ref string) bool {
	f := r.Fields()
	dropped := false
	if *f.Image == ref {
		*f.Image, dropped = "", true
	}
	// The text is sanitized (SanitizeHTML): attributes are double-quoted, and a ">" inside one
	// is escaped, so an element ends at the first ">".
	img := regexp.MustCompile(`<img\b[^>]*\ssrc="` + regexp.QuoteMeta(ref) + `"[^>]*>`)
	if body := img.ReplaceAllString(*f.Body, ""); body != *f.Body {
		*f.Body, dropped = body, true
	}
	return dropped
}
