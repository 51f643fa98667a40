package domain

import (
	"strings"
	"time"
)

// Role is what an account may do. An admin may do everything; an editor writes, edits and
// previews drafts and uploads images, and hands drafts to an admin to publish.
type Role string

const (
	RoleAdmin  Role = "admin"
	RoleEditor Role = "editor"
)

// Roles lists the roles, most powerful first.
var Roles = []Role{RoleAdmin, RoleEditor}

// Permission names one thing an account may do. A refusal names the permission it lacked, so
// the admin UI can tell "you may not" from "your session expired".
type Permission string

const (
	PermDrafts    Permission = "drafts"    // write, edit, preview, delete drafts; submit them for review
	PermUpload    Permission = "upload"    // upload images
	PermPublish   Permission = "publish"   // publish, schedule, edit or delete what is live, restore revisions
	PermEnquiries Permission = "enquiries" // read, change and erase enquiries
	PermPeople    Permission = "people"    // invite, remove and change the role of accounts
	PermSite      Permission = "site"      // rebuild and deploy the site, webhooks
	PermAudit     Permission = "audit"     // read the audit log
	PermAdmin     Permission = "admin"     // anything else only an admin may do
)

// editorMay are the permissions of an editor; an admin holds every permission.
var editorMay = map[Permission]bool{PermDrafts: true, PermUpload: true}

// permissionText completes "Only an admin may …".
var permissionText = map[Permission]string{
	PermPublish:   "publish, schedule or change what is on the website",
	PermEnquiries: "read or change enquiries",
	PermPeople:    "manage people",
	PermSite:      "rebuild or deploy the site",
	PermAudit:     "read the audit log",
	PermAdmin:     "do that",
}

// ParseRole reads a role's name; an empty name is not a role.
func ParseRole(s string) (Role, error) {
	switch r := Role(strings.ToLower(strings.TrimSpace(s))); r {
	case RoleAdmin, RoleEditor:
		return r, nil
	}
	return "", Errorf(EInvalid, "Role must be admin or editor.")
}

// RoleOf is the role of an account as stored: accounts made before roles existed hold none
// and are admins.
func RoleOf(stored Role) Role {
	if stored == "" {
		return RoleAdmin
	}
	return stored
}

// Can reports whether the role holds the permission.
func (r Role) Can(p Permission) bool {
	return RoleOf(r) == RoleAdmin || (r == RoleEditor && editorMay[p])
}

// Can reports whether the account's role holds the permission.
func (a Admin) Can(p Permission) bool { return RoleOf(a.Role).Can(p) }

// Forbidden is the refusal of a signed-in account that lacks the permission p.
func Forbidden(p Permission) *Error {
	text, ok := permissionText[p]
	if !ok {
		text = permissionText[PermAdmin]
	}
	return &Error{Code: EForbidden, Message: "Only an admin may " + text + ".", Permission: p}
}

// Refusal is a forbidden request's answer that says why in its own words: a role lacking p for
// this one thing (an editor changing an image the live site shows).
func Refusal(p Permission, format string, args ...any) *Error {
	e := Errorf(EForbidden, format, args...)
	e.Permission = p
	return e
}

// Invite is a pending invitation to make an account: the invitee opens a single-use link,
// chooses a username and a password, and gets the role. Only the hash of the link's token is
// stored.
type Invite struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Role      Role      `json:"role"`
	InvitedBy string    `json:"invitedBy"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// MsgInviteInvalid answers an invitation link that is unknown, used or expired.
const MsgInviteInvalid = "This invitation is invalid or has expired. Ask an admin for a new one."

// MsgInviterGone answers an invitation whose sender (named by %s) was removed or no longer
// manages people since: an invitation carries its sender's authority, and lapses with it.
const MsgInviterGone = "This invitation is no longer valid: %s, who sent it, can no longer invite people. Ask an admin for a new one."

// InviterMayStill reports whether the account that sent inv may still invite: it exists, it is
// the account that sent it (made before the invitation, not a later account of the same name),
// and it still manages people.
func InviterMayStill(inv Invite, sender Admin, found bool) bool {
	return found && !sender.CreatedAt.After(inv.CreatedAt) && sender.Can(PermPeople)
}

// Review is a draft's hand-over: an editor (or anyone) submits a draft for an admin to publish.
// Publishing clears it; so does withdrawing it.
type Review struct {
	SubmittedBy string    `json:"submittedBy"`
	SubmittedAt time.Time `json:"submittedAt"`
	Note        string    `json:"note,omitempty"`
}

// HandBack is an admin's answer to a draft submitted for review, when it was not published: who
// handed it back, when, and why. The editor sees it on the draft until they submit it again.
type HandBack struct {
	By   string    `json:"by"`
	At   time.Time `json:"at"`
	Note string    `json:"note,omitempty"`
}

// MaxReviewNoteLen bounds a review note (and a hand-back's).
const MaxReviewNoteLen = 500
