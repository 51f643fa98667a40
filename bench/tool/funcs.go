package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// funcLengths lists the Go functions of a tree (tests left out) by their length in lines,
// longest first, after a line that counts them and those over -over lines: the measure of
// "small functions" in the issues' closing notes. `benchtool funcs [-top N] [-over N] [dir]`.
func funcLengths(args []string) error {
	fl := flag.NewFlagSet("funcs", flag.ContinueOnError)
	top := fl.Int("top", 20, "how many to list")
	over := fl.Int("over", 80, "count the functions longer than this")
	if err := fl.Parse(args); err != nil {
		return err
	}
	root := "."
	if fl.NArg() > 0 {
		root = fl.Arg(0)
	}
	type fn struct {
		name  string
		lines int
	}
	var list []fn
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Body != nil {
				n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
				list = append(list, fn{p + ":" + receiverOf(fd) + fd.Name.Name, n})
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].lines > list[j].lines })
	long := 0
	for _, f := range list {
		if f.lines > *over {
			long++
		}
	}
	fmt.Printf("%d functions, %d over %d lines\n", len(list), long, *over)
	for _, f := range list[:min(*top, len(list))] {
		fmt.Printf("%5d  %s\n", f.lines, f.name)
	}
	return nil
}

// receiverOf names a method's receiver type ("Queue."), "" for a function.
func receiverOf(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "."
	}
	return ""
}
