package auth

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Every password hash goes through the gate by construction: argon2 is imported by password.go
// alone, its three hashing functions are unexported (no other package can call them) and, in
// this package, used only by the gate's Hash, Check and Spend (and the throwaway check by
// itself). A new way to a hash anywhere in the module fails here.
func TestOnlyTheGateHashes(t *testing.T) {
	root := filepath.Join("..", "..")
	allowed := map[string]map[string]bool{ // hashing function → the functions that may call it
		"hashPassword":       {"Hash": true, "spendPasswordCheck": true},
		"checkPassword":      {"Check": true, "spendPasswordCheck": true},
		"spendPasswordCheck": {"Spend": true},
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "golang.org/x/crypto/argon2" && filepath.ToSlash(rel) != "internal/auth/password.go" {
				t.Errorf("%s imports argon2: hash through auth.Gate", rel)
			}
		}
		if filepath.Dir(filepath.ToSlash(rel)) != "internal/auth" {
			return nil
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			ast.Inspect(fn, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && allowed[id.Name] != nil && n != fn.Name {
					if !allowed[id.Name][fn.Name.Name] {
						t.Errorf("%s: %s uses %s: hash through the gate (Gate.Hash, Check, Spend)", fset.Position(id.Pos()), fn.Name.Name, id.Name)
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The gate counts what it computes, and only what it computes: a refused caller costs nothing.
func TestGateCountsItsHashes(t *testing.T) {
	g := NewGate(1, 0, 0)
	ctx := context.Background()
	h, err := g.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := g.Check(ctx, h, "correct horse"); !ok || err != nil {
		t.Fatalf("check: %v %v", ok, err)
	}
	if err := g.Spend(ctx, "guess"); err != nil {
		t.Fatal(err)
	}
	if n := g.Computed(); n != 3 {
		t.Fatalf("computed %d, want 3", n)
	}
	release, _ := g.enter(ctx)
	if _, err := g.Hash(ctx, "x"); err == nil {
		t.Fatal("a full gate hashed")
	}
	release()
	if n := g.Computed(); n != 3 {
		t.Fatalf("a refused hash was counted: %d", n)
	}
}
