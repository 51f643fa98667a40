// Package docs holds the project's written documentation; its test holds docs/ARCHITECTURE.md's
// import table to the code.
package docs
