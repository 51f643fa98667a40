package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"digitalreeviver/internal/s3test"
	"digitalreeviver/internal/store"
)

// newDB makes a database with one admin at dir/site.db, as a new server's operator does.
func newDB(t *testing.T, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "site.db")
	if out, err := run(t, []string{"ADMIN_PASSWORD=first-password-1"}, "user", "add", "--create", "--db", db,
		"--username", "owner", "--email", "owner@example.com"); err != nil {
		t.Fatalf("user add --create: %v\n%s", err, out)
	}
	return db
}

// TestBackupRefusesTheLiveDatabase: a backup whose target is the database itself, by any name
// (as given, through ../ and ./, a link), is refused while the server runs and while it is
// stopped; the server keeps its file (and its lock), and an enquiry it accepts afterwards is
// still there after a restart. Before, the copy was renamed over the open file: the server went
// on writing to the deleted one and the enquiry was lost, and `user add` got past the lock.
func TestBackupRefusesTheLiveDatabase(t *testing.T) {
	dir := t.TempDir()
	db := newDB(t, dir)
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(db, link); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(db)
	targets := []string{db, filepath.Join(dir, "..", filepath.Base(dir), ".", "site.db"), link}

	addr, stopServe := startServe(t, dir)
	stop := sync.OnceFunc(stopServe)
	defer stop()
	for _, to := range targets {
		out, err := run(t, nil, "backup", "--db", db, "--to", to)
		if err == nil || !strings.Contains(out, "is the database itself") || !strings.Contains(out, "--to "+filepath.Join(dir, "backups")+"/") {
			t.Fatalf("backup --to %s while serving: %v\n%s", to, err, out)
		}
	}
	if after, err := os.Stat(db); err != nil || !os.SameFile(before, after) {
		t.Fatalf("the database file was replaced: %v", err)
	}
	res, err := http.Post("http://"+addr+"/popup", "application/json", strings.NewReader(
		`{"name":"Kept Enquiry","email":"kept@example.in","phone":"+91 98110 45672","message":"Still here after a restart?"}`))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("POST /popup: %v %v", err, res)
	}
	res.Body.Close()
	if out, err := run(t, []string{"ADMIN_PASSWORD=second-password-2"}, "user", "add", "--db", db, "--username", "intruder",
		"--email", "i@example.com"); err == nil || !strings.Contains(out, "is held by a running server") {
		t.Fatalf("user add while serving: %v\n%s", err, out)
	}
	stop()

	for _, to := range targets {
		if out, err := run(t, nil, "backup", "--db", db, "--to", to); err == nil || !strings.Contains(out, "is the database itself") {
			t.Fatalf("backup --to %s, server stopped: %v\n%s", to, err, out)
		}
	}
	s, err := store.Open(db, store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if n, err := s.CountMessages(); err != nil || n != 1 {
		t.Fatalf("enquiries after the server stopped: %d %v", n, err)
	}
}

// TestBackupIntoAFolder: --to an existing folder, or a path ending in /, writes a named copy
// in it (as the object store target names its copies); a missing folder is made, as the
// nightly recipe of docs/DEPLOY.md needs (…/backups/ which no step creates). Before, a folder
// gave `rename …: file exists` and a missing one `no such file or directory`.
func TestBackupIntoAFolder(t *testing.T) {
	dir := t.TempDir()
	db := newDB(t, dir)
	opens := func(p string) {
		t.Helper()
		s, err := store.Open(p, store.Options{ReadOnly: true})
		if err != nil {
			t.Fatalf("backup %s: %v", p, err)
		}
		defer s.Close()
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Admin("owner"); err != nil {
			t.Fatalf("backup %s lacks the account: %v", p, err)
		}
	}
	written := func(out string) string {
		t.Helper()
		p, ok := strings.CutPrefix(strings.TrimSpace(out), "backup written to ")
		if !ok {
			t.Fatalf("output: %s", out)
		}
		return p
	}

	// Stopped: a missing folder named with a trailing slash, and a missing parent of a file.
	backups := filepath.Join(dir, "var", "backups") + "/"
	out, err := run(t, nil, "backup", "--db", db, "--to", backups)
	if err != nil {
		t.Fatalf("backup --to %s: %v\n%s", backups, err, out)
	}
	p := written(out)
	if filepath.Dir(p) != filepath.Clean(backups) || !regexpMatch(`^site-\d{8}T\d{6}Z\.db$`, filepath.Base(p)) {
		t.Fatalf("named %s", p)
	}
	opens(p)
	if fi, err := os.Stat(backups); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("the backups folder: %v %v", fi, err)
	}
	file := filepath.Join(dir, "nested", "deeper", "copy.db")
	if out, err := run(t, nil, "backup", "--db", db, "--to", file); err != nil || written(out) != file {
		t.Fatalf("backup --to %s: %v\n%s", file, err, out)
	}
	opens(file)

	// Serving: an existing folder without the slash; the server writes the copy.
	_, stopServe := startServe(t, dir)
	stop := sync.OnceFunc(stopServe)
	defer stop()
	os.RemoveAll(backups)
	os.Mkdir(backups, 0o755)
	out, err = run(t, nil, "backup", "--db", db, "--to", strings.TrimSuffix(backups, "/"))
	if err != nil {
		t.Fatalf("hot backup into a folder: %v\n%s", err, out)
	}
	p = written(out)
	if filepath.Dir(p) != filepath.Clean(backups) {
		t.Fatalf("named %s", p)
	}
	stop()
	opens(p)
}

// TestMissingDatabaseIsNamed: a mistyped --db is refused by every command but serve, import
// and `user add --create`, saying where it looked and what to do, and no empty database is
// left behind. Before, `user add` (and the other changes) made a new database silently, and
// the reads answered a raw `open X: stat X: no such file or directory`.
func TestMissingDatabaseIsNamed(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.db")
	pw := []string{"ADMIN_PASSWORD=long-enough-pw"}
	for _, args := range [][]string{
		{"user", "add", "--username", "ed", "--email", "ed@example.com"},
		{"user", "passwd", "--username", "ed"},
		{"user", "role", "--username", "ed", "--role", "admin"},
		{"user", "remove", "--username", "ed"},
		{"user", "list"},
		{"export", "--dir", filepath.Join(dir, "out")},
		{"backup", "--to", filepath.Join(dir, "b.db")},
		{"backup", "--to", "s3://bucket/prefix"},
		{"demo-login"},
	} {
		out, err := run(t, pw, append(args, "--db", typo)...)
		if args[0] == "demo-login" {
			if err == nil || !strings.Contains(out, "no demo has been started") {
				t.Errorf("%v: %v\n%s", args, err, out)
			}
			continue
		}
		if err == nil || !strings.Contains(out, "no database at "+typo+": pass --db") || strings.Contains(out, "stat ") {
			t.Errorf("%v: %v\n%s", args, err, out)
		}
		if _, err := os.Stat(typo); err == nil {
			t.Fatalf("%v made %s", args, typo)
		}
	}
	if out, err := run(t, pw, "user", "add", "--create", "--db", typo, "--username", "ed", "--email", "ed@example.com"); err != nil ||
		!strings.Contains(out, `admin "ed"`) {
		t.Fatalf("user add --create: %v\n%s", err, out)
	}
}

// TestExportWhileServingSaysHowToReadACopy: export refuses while the server holds the database,
// with advice that fits a read (a backup, then an export of it) and works as given.
func TestExportWhileServingSaysHowToReadACopy(t *testing.T) {
	dir := t.TempDir()
	db := newDB(t, dir)
	_, stop := startServe(t, dir)
	defer stop()
	out, err := run(t, nil, "export", "--db", db, "--dir", filepath.Join(dir, "out"))
	if err == nil || !strings.Contains(out, "`adminapi backup --db "+db+" --to site-copy.db`, then `adminapi export --db site-copy.db`") ||
		strings.Contains(out, "admin UI") {
		t.Fatalf("export while serving: %v\n%s", err, out)
	}
	copyDB := filepath.Join(dir, "site-copy.db")
	if out, err := run(t, nil, "backup", "--db", db, "--to", copyDB); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	if out, err := run(t, nil, "export", "--db", copyDB, "--dir", filepath.Join(dir, "out"), "--admins"); err != nil || !strings.Contains(out, "admins.json") {
		t.Fatalf("export of the copy: %v\n%s", err, out)
	}
}

// TestAddingATakenNameSaysAccount: a second account of an editor's name is refused as an
// account's, not an admin's (before: `An admin named "ed" already exists.` for an editor).
func TestAddingATakenNameSaysAccount(t *testing.T) {
	dir := t.TempDir()
	db := newDB(t, dir)
	pw := []string{"ADMIN_PASSWORD=long-enough-pw"}
	if out, err := run(t, pw, "user", "add", "--db", db, "--username", "ed", "--email", "ed@example.com", "--role", "editor"); err != nil {
		t.Fatalf("user add: %v\n%s", err, out)
	}
	out, err := run(t, pw, "user", "add", "--db", db, "--username", "ed", "--email", "ed2@example.com", "--role", "editor")
	if err == nil || !strings.Contains(out, `An account named "ed" already exists.`) {
		t.Fatalf("second ed: %v\n%s", err, out)
	}
}

// TestServeRefusesTheSiteBucketAsIntake: INTAKE_TARGET naming the bucket the site is deployed to
// stops the start, saying why (the enquiries would be public there); before, serve started.
func TestServeRefusesTheSiteBucketAsIntake(t *testing.T) {
	srv := s3test.Start(t)
	bucket := srv.Bucket(t)
	dir := t.TempDir()
	env := append(srv.Env(), "INTAKE_TARGET=s3://"+bucket+"/intake",
		"INTAKE_UPLOAD_ACCESS_KEY_ID=up", "INTAKE_UPLOAD_SECRET_ACCESS_KEY=upload-secret",
		"INTAKE_DRAIN_ACCESS_KEY_ID=dr", "INTAKE_DRAIN_SECRET_ACCESS_KEY=drain-secret")
	out, err := run(t, env, "serve", "--db", filepath.Join(dir, "site.db"), "--addr", freeAddr(t), "--out", filepath.Join(dir, "dist"),
		"--content", filepath.Join("..", "..", "content"), "--deploy-to", "s3://"+bucket+"/www")
	if err == nil || !strings.Contains(out, "the intake bucket (INTAKE_TARGET s3://"+bucket) ||
		!strings.Contains(out, "is public through the CDN") {
		t.Fatalf("serve with the site bucket as intake: %v\n%s", err, out)
	}
}

// TestServeRefusesAnOutFolderItDidNotMake: --out naming a folder of the operator's (as
// sitegen build refuses it) stops the start, rather than a first build failing later, in the
// builds panel only; the folder is untouched.
func TestServeRefusesAnOutFolderItDidNotMake(t *testing.T) {
	dir := t.TempDir()
	www := filepath.Join(dir, "www")
	if err := os.MkdirAll(www, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(www, "important.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := run(t, nil, "serve", "--db", filepath.Join(dir, "site.db"), "--addr", freeAddr(t), "--out", www,
		"--content", filepath.Join("..", "..", "content"))
	if err == nil || !strings.Contains(out, "is a folder that sitegen did not make (it holds important.txt)") {
		t.Fatalf("serve over the operator's folder: %v\n%s", err, out)
	}
	if b, err := os.ReadFile(filepath.Join(www, "important.txt")); err != nil || string(b) != "x" {
		t.Fatalf("the folder was touched: %q %v", b, err)
	}
}

// TestServeSaysWhenTheFormsPostToTheBucket: deploying to a bucket a site whose forms post to
// "/popup" (site.yaml's default) is said at start, as the bucket answers no POST; with the
// server's own address in FORM_ENDPOINT it is not.
func TestServeSaysWhenTheFormsPostToTheBucket(t *testing.T) {
	srv := s3test.Start(t)
	bucket := srv.Bucket(t)
	const warning = "the site's forms post to /popup on the site's own address, which the bucket of --deploy-to cannot answer"
	for _, tc := range []struct {
		env  []string
		warn bool
	}{{nil, true}, {[]string{"FORM_ENDPOINT=https://admin.example.com/popup"}, false}} {
		dir := t.TempDir()
		if out, err := run(t, []string{"ADMIN_PASSWORD=forms-password-1"}, "user", "add", "--create", "--db", filepath.Join(dir, "site.db"),
			"--username", "ed", "--email", "ed@example.com"); err != nil {
			t.Fatalf("user add: %v\n%s", err, out)
		}
		_, stop, logs := startServeEnv(t, dir, append(srv.Env(), tc.env...), "--deploy-to", "s3://"+bucket+"/www")
		stop()
		if got := strings.Contains(logs.String(), warning); got != tc.warn {
			t.Errorf("FORM_ENDPOINT %v: warned %v, want %v:\n%s", tc.env, got, tc.warn, logs.String())
		}
	}
}
