package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const module = "digitalreeviver/"

// rowPattern is a row of the table "Packages and who may import whom": the packages in
// backticks in the first cell, what they may import in the last.
var rowPattern = regexp.MustCompile("^\\| (`[^|]+`) \\|.*\\| ([^|]+) \\|$")

// allowedImports reads the table: for each package (its path in the module), the packages of
// ours it may import, or nil with any=true for "anything".
func allowedImports(t *testing.T) (allowed map[string][]string, any map[string]bool) {
	t.Helper()
	f, err := os.Open("ARCHITECTURE.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	allowed, any = map[string][]string{}, map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := rowPattern.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		var imports []string
		last := strings.TrimSpace(m[2])
		for _, name := range strings.Split(last, ",") {
			if name = strings.Trim(strings.TrimSpace(name), "`"); name != "" && name != "nothing" && name != "anything" {
				imports = append(imports, "internal/"+name)
			}
		}
		for _, pkg := range strings.Split(m[1], ",") {
			pkg = strings.Trim(strings.TrimSpace(pkg), "`")
			allowed[pkg] = imports
			any[pkg] = last == "anything"
		}
	}
	if len(allowed) == 0 {
		t.Fatal("no import table found in ARCHITECTURE.md")
	}
	return allowed, any
}

type listed struct {
	ImportPath string
	Imports    []string
}

// TestLayers holds the import table of ARCHITECTURE.md to the code: every package of the module
// has a row, imports only what its row allows, and every row names a package that exists.
func TestLayers(t *testing.T) {
	allowed, any := allowedImports(t)
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkg, ok := strings.CutPrefix(p.ImportPath, module)
		if !ok || pkg == "docs" {
			continue
		}
		seen[pkg] = true
		rules, hasRow := allowed[pkg]
		if !hasRow {
			t.Errorf("%s has no row in ARCHITECTURE.md's import table", pkg)
			continue
		}
		if any[pkg] {
			continue
		}
		for _, imp := range p.Imports {
			ours, ok := strings.CutPrefix(imp, module)
			if ok && !slices.Contains(rules, ours) {
				t.Errorf("%s imports %s, which its row in ARCHITECTURE.md does not allow (allowed: %v)", pkg, ours, rules)
			}
		}
	}
	for pkg := range allowed {
		if !seen[pkg] {
			t.Errorf("ARCHITECTURE.md's import table has a row for %s, which is no package of the module", pkg)
		}
	}
}
