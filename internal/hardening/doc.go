// Package hardening holds no code: its tests run the real `adminapi` and `sitegen` binaries on
// loopback and attack, crash, overload and back them up, as docs/SECURITY.md describes.
package hardening
