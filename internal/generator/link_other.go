//go:build !unix

package generator

import (
	"errors"
	"os"
)

// hardLink is not made where linkat is missing: the writer copies instead.
func hardLink(src string, dir *os.File, name string) error { return errors.ErrUnsupported }
