package operator

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"digitalreeviver/internal/domain"
	"digitalreeviver/internal/store"
)

// ControlSocket is the path of the control socket beside a database file. bbolt lets one process
// hold the file, so `adminapi backup` asks the running server for a hot copy through it, and
// `adminapi user list` for the accounts; the socket is mode 0600, so only the account that owns
// the database can use it.
func ControlSocket(dbPath string) string { return dbPath + ".sock" }

type controlRequest struct {
	Op       string `json:"op"`
	To       string `json:"to"`
	User     string `json:"user,omitempty"`
	Password string `json:"password,omitempty"`
}

type controlAnswer struct {
	OK       bool             `json:"ok"`
	Error    string           `json:"error,omitempty"`
	Accounts []AccountSummary `json:"accounts,omitempty"`
	SignsIn  bool             `json:"signsIn,omitempty"`
}

// AccountSummary is an account as `adminapi user list` shows it: never its password hash.
type AccountSummary struct {
	Username  string      `json:"username"`
	Email     string      `json:"email"`
	Role      domain.Role `json:"role"`
	CreatedAt time.Time   `json:"createdAt"`
}

// AccountSummaries lists the accounts by username (Accounts without what a listing needs not).
func AccountSummaries(db *store.DB) ([]AccountSummary, error) {
	list, err := Accounts(db)
	out := make([]AccountSummary, len(list))
	for i, a := range list {
		out[i] = AccountSummary{Username: a.Username, Email: a.Email, Role: a.Role, CreatedAt: a.CreatedAt}
	}
	return out, err
}

// Control is the control socket of a running server, one of its services: Start listens,
// Close stops listening and removes the socket. Its operations are "backup" (a hot copy to an
// absolute path), "accounts" (the accounts, read-only) and "signs-in" (whether a password
// opens an account: `adminapi demo-login`; no more than the database's owner can learn from
// the file itself).
type Control struct {
	db   *store.DB
	log  *slog.Logger
	ln   net.Listener
	done sync.WaitGroup
}

// NewControl makes the control socket of db (ControlSocket beside its file).
func NewControl(db *store.DB, log *slog.Logger) *Control { return &Control{db: db, log: log} }

// Start listens on the socket. A socket that cannot be made does not stop the server: the
// server serves, and only `adminapi backup` cannot reach it (logged).
func (c *Control) Start(context.Context) error {
	path := ControlSocket(c.db.Path())
	// A socket left by a crashed server would block the listen; we hold the db lock, so no live
	// server owns it.
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err == nil {
		if err = os.Chmod(path, 0o600); err != nil {
			ln.Close()
		}
	}
	if err != nil {
		c.log.Warn("no control socket: `adminapi backup` will not work while serving", "err", err)
		return nil
	}
	c.ln = ln
	c.done.Add(1)
	go func() {
		defer c.done.Done()
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go handleControl(conn, c.db, c.log)
		}
	}()
	return nil
}

// Close stops listening and removes the socket; a backup under way finishes on its own.
func (c *Control) Close(context.Context) {
	if c.ln == nil {
		return
	}
	c.ln.Close()
	c.done.Wait()
	os.Remove(ControlSocket(c.db.Path()))
}

func handleControl(c net.Conn, db *store.DB, log *slog.Logger) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Minute))
	var req controlRequest
	if err := json.NewDecoder(bufio.NewReader(c)).Decode(&req); err != nil {
		return
	}
	ans := controlAnswer{OK: true}
	switch {
	case req.Op == "backup" && filepath.IsAbs(req.To):
		if err := db.Backup(req.To); err != nil {
			ans = controlAnswer{Error: err.Error()}
		} else {
			log.Info("backup written", "to", req.To)
		}
	case req.Op == "signs-in":
		ans.SignsIn = SignsIn(db, req.User, req.Password)
	case req.Op == "accounts":
		list, err := AccountSummaries(db)
		if err != nil {
			ans = controlAnswer{Error: err.Error()}
		} else {
			ans.Accounts = list
		}
	default:
		ans = controlAnswer{Error: "unknown request"}
	}
	_ = json.NewEncoder(c).Encode(ans)
}

// RequestBackup asks the server running on dbPath to write a backup to the absolute path to.
func RequestBackup(dbPath, to string) error {
	_, err := request(dbPath, controlRequest{Op: "backup", To: to})
	return err
}

// RequestAccounts asks the server running on dbPath for its accounts.
func RequestAccounts(dbPath string) ([]AccountSummary, error) {
	ans, err := request(dbPath, controlRequest{Op: "accounts"})
	return ans.Accounts, err
}

// RequestSignsIn asks the server running on dbPath whether password opens the account user.
func RequestSignsIn(dbPath, user, password string) (bool, error) {
	ans, err := request(dbPath, controlRequest{Op: "signs-in", User: user, Password: password})
	return ans.SignsIn, err
}

func request(dbPath string, req controlRequest) (controlAnswer, error) {
	c, err := net.DialTimeout("unix", ControlSocket(dbPath), 5*time.Second)
	if err != nil {
		return controlAnswer{}, fmt.Errorf("the database is in use and its server's control socket does not answer: %w", err)
	}
	defer c.Close()
	if err := json.NewEncoder(c).Encode(req); err != nil {
		return controlAnswer{}, err
	}
	var ans controlAnswer
	if err := json.NewDecoder(c).Decode(&ans); err != nil {
		return controlAnswer{}, fmt.Errorf("control socket: %w", err)
	}
	if !ans.OK {
		return ans, errors.New(ans.Error)
	}
	return ans, nil
}
