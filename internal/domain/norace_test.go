//go:build !race

package domain

const raceEnabled = false
