//go:build !unix

package disk

import "errors"

// SpaceOf is not measured where statfs is missing.
func SpaceOf(path string) (Space, error) { return Space{}, errors.ErrUnsupported }
