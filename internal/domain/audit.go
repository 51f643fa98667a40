package domain

import (
	"strings"
	"time"
)

// AuditEntry is one change in the audit log: who (the account, or the operator at the command
// line, or a visitor's address for a sign-in attempt), when, what and from which address. It
// never holds an enquiry's personal data: an enquiry is named by its id only.
type AuditEntry struct {
	ID     uint64    `json:"id"`               // its place in the log, rising
	At     time.Time `json:"at"`               // when, UTC
	User   string    `json:"user"`             // username; "" when nobody signed in
	Role   Role      `json:"role,omitempty"`   // the account's role at the time
	IP     string    `json:"ip,omitempty"`     // the client's address; "" at the command line
	Action string    `json:"action"`           // what happened: one of the Audit* actions
	Kind   string    `json:"kind"`             // what it happened to: "blog", "service", "enquiry", "account", "site", "session", …
	Target string    `json:"target,omitempty"` // which one: a slug, a username, an enquiry's id
	Detail string    `json:"detail,omitempty"` // a short note: the new role, the build's reason, …
}

// The actions of the audit log. Other packages may add their own; these are the ones the
// product records today.
const (
	AuditSave          = "save"           // a draft was created
	AuditUpload        = "upload"         // an image was uploaded
	AuditEdit          = "edit"           // a draft or a live record was changed, or an image's alt text
	AuditPublish       = "publish"        // a draft went live
	AuditUnpublish     = "unpublish"      // a live record went back among the drafts
	AuditSchedule      = "schedule"       // a draft was scheduled to go live
	AuditDelete        = "delete"         // a draft or a live record was deleted, or an image
	AuditRestore       = "restore"        // a revision was restored
	AuditSubmit        = "submit"         // a draft was submitted for review
	AuditWithdraw      = "withdraw"       // a submission for review was taken back
	AuditSignIn        = "sign-in"        // an account signed in
	AuditSignInBurst   = "sign-in-failed" // failed sign-ins reached the lockout
	AuditInvite        = "invite"         // someone was invited
	AuditJoin          = "join"           // an invitation was accepted
	AuditRoleChange    = "role"           // an account's role changed
	AuditRemove        = "remove"         // an account was removed (or an invitation revoked, a redirect removed)
	AuditAdd           = "add"            // an account was added at the command line, or a redirect by an admin
	AuditPassword      = "password"       // a password was set or reset
	AuditRebuild       = "rebuild"        // a full rebuild was requested
	AuditDeploy        = "deploy"         // the site was deployed
	AuditStatus        = "status"         // an enquiry's status or note changed
	AuditErase         = "erase"          // an enquiry was erased (data-protection request)
	AuditWebhook       = "webhook"        // webhook settings changed
	AuditRetryDelivery = "retry"          // a failed webhook delivery (or mail) was sent again
	AuditCancel        = "cancel"         // a schedule was cancelled
	AuditHold          = "hold"           // a schedule was put on hold: its draft changed or was deleted after it was scheduled
)

// AuditFilter narrows a read of the audit log; empty fields match everything.
type AuditFilter struct {
	User   string
	Kind   string
	Action string
}

// Match reports whether e passes the filter.
func (f AuditFilter) Match(e AuditEntry) bool {
	return (f.User == "" || e.User == f.User) && (f.Kind == "" || e.Kind == f.Kind) &&
		(f.Action == "" || e.Action == f.Action)
}

// AuditRetention is how long the audit log keeps entries: none older than MaxAge, and at most
// MaxEntries of the routine ones (LowValue: the oldest go first). What matters for security
// (sign-ins, people and roles, deletions, publishes, settings, media, redirects) goes only by
// age, so a flood of draft saves can never push it out. Zero fields keep forever.
type AuditRetention struct {
	MaxAge     time.Duration
	MaxEntries int
}

// LowValue reports whether e is routine work that the count limit of the audit log may evict
// (AuditRetention): a draft created or saved, a submission for review or its withdrawal, an
// enquiry's status. Anything else is kept for the whole MaxAge.
func (e AuditEntry) LowValue() bool {
	switch e.Action {
	case AuditSave, AuditSubmit, AuditWithdraw, AuditStatus:
		return true
	case AuditEdit:
		return strings.HasPrefix(e.Detail, "preview") // a draft's save; a live record's edit stays
	}
	return false
}

// DefaultAuditRetention keeps a year, and at most 200,000 routine entries.
var DefaultAuditRetention = AuditRetention{MaxAge: 365 * 24 * time.Hour, MaxEntries: 200_000}
