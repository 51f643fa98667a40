package generator

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"time"
	"unsafe"

	"digitalreeviver/internal/domain"

	"github.com/zeebo/xxh3"
)

// inputsHash sums everything a build's output depends on: the program itself, the renderer
// bundle, the static files, every file of the content folder, the intake's policy file, the
// published records (records:
// the source's digest, or the sum of the decoded records, each with its own prefix so the two
// can never be equal) and the settings. When it equals the one the live generation was built from,
// nothing can have changed and the build stops before planning, which is most of a no-change
// build's time on a large site. "" (some input could not be read) means: plan as usual.
func (b *Builder) inputsHash(siteJSON, intakeFile []byte, assetsHash, staticHash, contentSum, records string) string {
	exe := executableHash()
	if exe == "" || records == "" || contentSum == "" {
		return ""
	}
	h := sha256.New()
	mediaSettings := ""
	if b.cfg.Media != nil {
		mediaSettings = b.cfg.Media.Settings()
	}
	for _, s := range []string{exe, assetsHash, staticHash, string(siteJSON), b.cfg.BaseURL, b.cfg.FormEndpoint, b.cfg.TurnstileSiteKey,
		b.cfg.UploadsDir, b.cfg.Node, mediaSettings, records, b.cfg.Intake.origin(), string(intakeFile), contentSum} {
		writeString(h, s)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// sumRecords sums decoded records, for a Source without a digest of its own.
func sumRecords(blogs []domain.Blog, services []domain.Service, redirects []domain.Redirect) string {
	h := sha256.New()
	for _, records := range []reflect.Value{reflect.ValueOf(blogs), reflect.ValueOf(services), reflect.ValueOf(redirects)} {
		if err := hashRecords(h, records); err != nil {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashRecords sums a slice of records in fixed chunks hashed in parallel (tens of megabytes at
// 5000 posts; this hash is on the path of every publish), then the chunks' sums in order, so
// the result does not depend on the parallelism.
func hashRecords(h hash.Hash, records reflect.Value) error {
	const chunk = 256
	n := records.Len()
	sums := make([][]byte, (n+chunk-1)/chunk)
	err := parallelN(runtime.GOMAXPROCS(0), len(sums), func(i int) error {
		c := sha256.New()
		if err := hashValue(c, records.Slice(i*chunk, min((i+1)*chunk, n))); err != nil {
			return err
		}
		sums[i] = c.Sum(nil)
		return nil
	})
	if err != nil {
		return err
	}
	writeString(h, "records")
	binary.Write(h, binary.LittleEndian, uint64(n))
	for _, s := range sums {
		h.Write(s)
	}
	return nil
}

// executableHash identifies the program's code: a new build of sitegen or adminapi may plan
// pages differently. XXH3, as the other sums that only tell a change: SHA-256 of the 28 MB program
// was a thirtieth of a clean build's Go time.
var executableHash = sync.OnceValue(func() string {
	p, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := xxh3.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
})

// contentSum sums the content folder's files, names and bytes, but for images/, whose files the
// static hash covers; "" when one could not be read.
func contentSum(dir string) string {
	h := sha256.New()
	if err := hashContentDir(h, dir); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// hashContentDir sums the content folder's files, names and bytes, but for images/.
func hashContentDir(h hash.Hash, dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel == "images" {
				return filepath.SkipDir
			}
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeString(h, rel)
		writeString(h, string(data))
		return nil
	})
}

func writeString(h hash.Hash, s string) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
	h.Write(n[:])
	// The string's own bytes, not a copy: Write only reads them.
	h.Write(unsafe.Slice(unsafe.StringData(s), len(s)))
}

var timeType = reflect.TypeFor[time.Time]()

// hashValue sums a value field by field (records are mostly long strings: this is much faster
// than encoding them). Kinds it does not know go through encoding/json.
func hashValue(h hash.Hash, v reflect.Value) error {
	switch {
	case v.Type() == timeType:
		b, err := v.Interface().(time.Time).MarshalBinary()
		if err != nil {
			return err
		}
		writeString(h, string(b))
	case v.Kind() == reflect.String:
		writeString(h, v.String())
	case v.Kind() == reflect.Slice || v.Kind() == reflect.Array:
		writeString(h, "len")
		binary.Write(h, binary.LittleEndian, uint64(v.Len()))
		for i := 0; i < v.Len(); i++ {
			if err := hashValue(h, v.Index(i)); err != nil {
				return err
			}
		}
	case v.Kind() == reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				return errors.New("unexported field")
			}
			if err := hashValue(h, v.Field(i)); err != nil {
				return err
			}
		}
	default:
		if !v.CanInterface() {
			return errors.New("unreadable value")
		}
		b, err := json.Marshal(v.Interface())
		if err != nil {
			return err
		}
		writeString(h, string(b))
	}
	return nil
}
