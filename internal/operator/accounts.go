// Package operator holds the operator's tasks on a site's database, for the CLI and the server
// alike and without HTTP: accounts (CreateAccount, Accounts, SetRole, RemoveAccount,
// SetPassword), content import and export (ImportFiles, ExportFiles), hot backups through the
// running server's control socket (Control, RequestBackup), and the audit entries of what
// the operator does (Audit).
package operator

import (
	"context"
	"os/user"
	"sort"
	"time"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// CreateAdmin adds an admin account; the demo set-up's shorthand of CreateAccount.
func CreateAdmin(db *store.DB, username, email, password string) (domain.Admin, error) {
	return CreateAccount(db, username, email, password, domain.RoleAdmin)
}

// CreateAccount adds an account with a role; used by `adminapi user add`.
func CreateAccount(db *store.DB, username, email, password string, role domain.Role) (domain.Admin, error) {
	a := domain.Admin{Username: domain.NormalizeUsername(username), Email: email, Role: role}
	if err := domain.ValidateUsername(a.Username); err != nil {
		return a, err
	}
	if !domain.ValidMailbox(email) {
		return a, domain.Errorf(domain.EInvalid, domain.MsgEmailInvalid)
	}
	if _, err := domain.ParseRole(string(role)); err != nil {
		return a, err
	}
	if err := domain.ValidatePassword(password); err != nil {
		return a, err
	}
	hash, err := auth.Passwords.Hash(context.Background(), password)
	if err != nil {
		return a, err
	}
	now := time.Now().UTC()
	a.PasswordHash, a.PasswordChangedAt, a.CreatedAt = hash, now, now
	return a, db.CreateAdmin(a)
}

// Accounts returns every account by username, each with its role filled in (accounts stored
// before roles existed are admins) and without its password hash.
func Accounts(db *store.DB) ([]domain.Admin, error) {
	list, err := db.Admins()
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Role = domain.RoleOf(list[i].Role)
		list[i].PasswordHash = ""
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Username < list[j].Username })
	return list, nil
}

// SetRole gives an account a role; the last admin keeps theirs (store.SetAdminRole). It answers
// the account and its role before.
func SetRole(db *store.DB, username string, role domain.Role) (domain.Admin, domain.Role, error) {
	if _, err := domain.ParseRole(string(role)); err != nil {
		return domain.Admin{}, "", err
	}
	return db.SetAdminRole(domain.NormalizeUsername(username), role)
}

// RemoveAccount deletes an account; its sessions end with it. The last admin stays
// (store.RemoveAdmin).
func RemoveAccount(db *store.DB, username string) (domain.Admin, error) {
	return db.RemoveAdmin(domain.NormalizeUsername(username))
}

// SetPassword stores a new password for username, revoking the tokens issued before; used by
// `adminapi user passwd`.
func SetPassword(db *store.DB, username, password string) error {
	if err := domain.ValidatePassword(password); err != nil {
		return err
	}
	hash, err := auth.Passwords.Hash(context.Background(), password)
	if err != nil {
		return err
	}
	_, err = db.SetAdminPassword(domain.NormalizeUsername(username), hash, time.Now().UTC())
	return err
}

// SignsIn says whether password opens the account username (false when there is no such
// account): the demo's saved password is shown only while it still does.
func SignsIn(db *store.DB, username, password string) bool {
	a, err := db.Admin(domain.NormalizeUsername(username))
	if err != nil || password == "" {
		return false
	}
	ok, _ := auth.Passwords.Check(context.Background(), a.PasswordHash, password)
	return ok
}

// Operator names whoever runs a command on the host, for the audit log: their login and where.
func Operator() string {
	name := "operator"
	if u, err := user.Current(); err == nil && u.Username != "" {
		name = u.Username
	}
	return name + " (command line)"
}

// Audit records in the audit log a change the operator made at the command line.
func Audit(db *store.DB, action, kind, target, detail string) error {
	_, err := db.AppendAudit(domain.AuditEntry{User: Operator(), Action: action, Kind: kind, Target: target, Detail: detail})
	return err
}
