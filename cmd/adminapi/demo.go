package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"digitalreeviver/internal/adminui"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/operator"
	"digitalreeviver/internal/publish"
	"digitalreeviver/internal/store"
)

const (
	demoUser  = "admin"
	demoEmail = "admin@digitalreeviver.com"
	// demoPasswordFile holds the demo admin's first password, beside the database (owner-only).
	demoPasswordFile = "demo-login.txt"
	// demoBannerFile holds what the last demo banner showed but the password, beside the database.
	demoBannerFile = "demo-banner.json"
)

// demoLogin is what the demo banner says: the addresses, where mail goes and the account to
// sign in with. serve keeps it beside the database (demoBannerFile) so `adminapi demo-login`
// can say it again once the log has scrolled it away.
type demoLogin struct {
	SiteURL string `json:"siteURL"`
	MailTo  string `json:"mailTo"`
	DB      string `json:"db"`
	User    string `json:"user"`
	// Password is the demo's, shown only while it still opens User's account (never saved in
	// demoBannerFile; demoPasswordFile holds it). Changed says the demo's password no longer
	// does: someone set another one.
	Password string `json:"-"`
	Changed  bool   `json:"-"`
}

// ensureDemoAdmin creates the demo admin when the database has no admin at all. It answers the
// account to sign in with, and the demo's password while it still opens that account (changed
// when it no longer does). The password is kept beside the database (demoPasswordFile).
func ensureDemoAdmin(db *store.DB) (login demoLogin, err error) {
	passwordFile := filepath.Join(filepath.Dir(db.Path()), demoPasswordFile)
	admins, err := operator.Accounts(db)
	if err != nil {
		return login, err
	}
	login.User = demoUser
	if len(admins) > 0 {
		if _, err := db.Admin(demoUser); err != nil {
			login.User = admins[0].Username
		}
		saved, err := os.ReadFile(passwordFile)
		if err != nil {
			return login, nil
		}
		login.Password = strings.TrimSpace(string(saved))
		if !operator.SignsIn(db, login.User, login.Password) {
			login.Password, login.Changed = "", true
		}
		return login, nil
	}
	password := os.Getenv("ADMIN_PASSWORD")
	if password == "" {
		var b [9]byte
		_, _ = rand.Read(b[:])
		password = hex.EncodeToString(b[:])
	}
	if _, err := operator.CreateAdmin(db, demoUser, demoEmail, password); err != nil {
		if domain.ErrorCode(err) == domain.EInvalid {
			return login, fmt.Errorf("demo admin: ADMIN_PASSWORD: %s (unset it for a generated one)", domain.ErrorMessage(err))
		}
		return login, fmt.Errorf("demo admin: %w", err)
	}
	if err := os.WriteFile(passwordFile, []byte(password+"\n"), 0o600); err != nil {
		return login, fmt.Errorf("demo admin: %w", err)
	}
	login.Password = password
	return login, nil
}

// seedDemo imports content/demo/*.json when nothing is published yet, and builds the site when
// it was seeded or has never been built.
func seedDemo(ctx context.Context, db *store.DB, builds *publish.Queue, o serveOptions, log *slog.Logger) error {
	published, err := db.CountPublished()
	if err != nil {
		return err
	}
	seeded := false
	if published == 0 {
		var files []string
		for _, name := range []string{"blogs.json", "services.json"} {
			p := filepath.Join(o.Content, "demo", name)
			if _, err := os.Stat(p); err == nil {
				files = append(files, p)
			}
		}
		if len(files) > 0 {
			n, err := operator.ImportFiles(db, files, func(w string) { log.Warn(w) })
			if err != nil {
				return err
			}
			log.Info("demo content imported", "records", n.String())
			seeded = true
		}
	}
	_, statErr := os.Stat(filepath.Join(o.Out, "index.html"))
	if !seeded && statErr == nil {
		return nil
	}
	log.Info("building the site…")
	b, done := builds.Request(false, "demo start-up").Wait(ctx)
	if !done {
		return fmt.Errorf("first build: %w", ctx.Err())
	} else if err := b.Err(); err != nil {
		return fmt.Errorf("first build: %w", err)
	}
	return nil
}

// save keeps the banner's facts beside the database, owner-only (not the password).
func (l demoLogin) save() error {
	data, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(filepath.Dir(l.DB), demoBannerFile), data, 0o600)
}

// banner is the demo's banner: the addresses, the login and where mail goes.
func (l demoLogin) banner() string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n  Digital Reeviver demo\n  site:    %s/\n  admin:   %s/admin/\n", l.SiteURL, l.SiteURL)
	passwd := fmt.Sprintf("`bin/adminapi user passwd --db %s --username %s`", l.DB, l.User)
	switch {
	case l.Password != "":
		fmt.Fprintf(&b, "  login:   %s / %s   (to change it: Forgot Password on the sign-in page; or, the server stopped,\n"+
			"           %s)\n", l.User, l.Password, passwd)
		fmt.Fprintf(&b, "  e-mail:  %s   (the address Forgot Password sends to)\n", demoEmail)
	case l.Changed:
		fmt.Fprintf(&b, "  login:   %s, with the password it was given after the demo started (the demo's own no longer\n"+
			"           signs in); forgot it: Forgot Password on the sign-in page, or, the server stopped,\n"+
			"           %s\n", l.User, passwd)
	default:
		fmt.Fprintf(&b, "  login:   the existing admin account %s (forgot its password: Forgot Password on the sign-in page;\n"+
			"           or, the server stopped, %s)\n", l.User, passwd)
	}
	fmt.Fprintf(&b, "  mail:    %s\n", l.MailTo)
	fmt.Fprintf(&b, "  again:   `make login` (or `adminapi demo-login`) prints this again; LOG_LEVEL=debug logs every request\n\n")
	if !adminui.Available() {
		fmt.Fprintf(&b, "  note:    this binary was built without the admin UI (build with `make admin-ui` and -tags adminui)\n\n")
	}
	return b.String()
}

func newDemoLoginCommand(dbPath *string) *cobra.Command {
	return &cobra.Command{
		Use:   "demo-login",
		Short: "Print the demo's addresses and login again (as the last `serve --demo` printed them, with the password while it still signs in)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			login, err := savedDemoLogin(*dbPath)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(cmd.OutOrStdout(), login.banner())
			return err
		},
	}
}

// savedDemoLogin reads what the last demo banner said, with the demo's password only while it
// still opens the account: asked of the database, or of the server that holds it.
func savedDemoLogin(dbPath string) (demoLogin, error) {
	var login demoLogin
	data, err := os.ReadFile(filepath.Join(filepath.Dir(dbPath), demoBannerFile))
	if errors.Is(err, os.ErrNotExist) {
		return login, fmt.Errorf("no demo has been started with the database %s yet: run `make run` first", dbPath)
	} else if err != nil {
		return login, err
	}
	if err := json.Unmarshal(data, &login); err != nil {
		return login, fmt.Errorf("%s: %w", demoBannerFile, err)
	}
	saved, err := os.ReadFile(filepath.Join(filepath.Dir(dbPath), demoPasswordFile))
	if err != nil {
		return login, nil // the account was not made by the demo
	}
	password := strings.TrimSpace(string(saved))
	var signsIn bool
	err = withDB(dbPath, true, func(db *store.DB) error {
		signsIn = operator.SignsIn(db, login.User, password)
		return nil
	})
	if errors.Is(err, store.ErrLocked) {
		signsIn, err = operator.RequestSignsIn(dbPath, login.User, password)
	}
	if err != nil {
		return login, err
	}
	if signsIn {
		login.Password = password
	} else {
		login.Changed = true
	}
	return login, nil
}
