// Package manage holds the operator's tasks on a site's database, for the CLI and the server
// alike and without HTTP: admin accounts (CreateAdmin, SetPassword), content import and export
// (ImportFiles, ExportFiles), and hot backups through the running server's control socket
// (ServeControl, RequestBackup).
package manage

import (
	"time"

	"digitalreeviver/internal/auth"
	"digitalreeviver/internal/content"
	"digitalreeviver/internal/store"
)

// CreateAdmin adds an admin account; used by `adminapi user add` and the demo set-up.
func CreateAdmin(db *store.DB, username, email, password string) (content.Admin, error) {
	a := content.Admin{Username: content.NormalizeUsername(username), Email: email}
	if err := content.ValidateUsername(a.Username); err != nil {
		return a, err
	}
	if !content.ValidMailbox(email) {
		return a, content.Errorf(content.EInvalid, content.MsgEmailInvalid)
	}
	if err := content.ValidatePassword(password); err != nil {
		return a, err
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return a, err
	}
	now := time.Now().UTC()
	a.PasswordHash, a.PasswordChangedAt, a.CreatedAt = hash, now, now
	return a, db.CreateAdmin(a)
}

// SetPassword stores a new password for username, revoking the tokens issued before; used by
// `adminapi user passwd`.
func SetPassword(db *store.DB, username, password string) error {
	if err := content.ValidatePassword(password); err != nil {
		return err
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	_, err = db.SetAdminPassword(content.NormalizeUsername(username), hash, time.Now().UTC())
	return err
}
