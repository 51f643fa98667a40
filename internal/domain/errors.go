// Package domain holds the domain: blogs, services, enquiries and admins, the rules that apply to
// them (slugs, validation and the messages the spec names) and the one error type every other
// package speaks. It knows nothing of storage, HTTP or rendering.
package domain

import (
	"errors"
	"fmt"
)

// Error codes. The HTTP layer maps each to one status; nothing else decides statuses.
const (
	EInvalid      = "invalid"      // 400
	EUnauthorized = "unauthorized" // 401
	EForbidden    = "forbidden"    // 403: signed in, but the role lacks the permission
	ENotFound     = "not_found"    // 404
	EConflict     = "conflict"     // 409
	ETooLarge     = "too_large"    // 413
	EUnsupported  = "unsupported"  // 415
	ERateLimited  = "rate_limited" // 429
	EUnavailable  = "unavailable"  // 503
	EStorageFull  = "storage_full" // 507: the disk is full
	EInternal     = "internal"     // 500
)

// Error is a domain error whose Message is safe to show to the user.
type Error struct {
	Code    string
	Message string
	// Permission is the permission a forbidden request lacked (see Forbidden); "" otherwise.
	Permission Permission
	// Confirm names the field a client sends back, with the value it asks about, to say the
	// person saw the question and means what they typed (PhoneChecked); "" otherwise.
	Confirm string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Code, e.Message) }

// Errorf returns an *Error with the given code and formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of the first *Error in err's chain, EInternal for any other error
// and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the user-facing message of err; internal errors are never described.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
