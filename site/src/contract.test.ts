// The props contract between Go and these components, checked both ways. Go writes
// dev/fixture.json from what its planner makes of a small site (TestRendererFixture in
// internal/generator), and this test reads types.ts with the TypeScript compiler and compares
// every page of the fixture with its type: a key Go sends that types.ts does not declare, a key
// types.ts requires that Go does not send, an optional key the fixture never shows, or a value
// of another kind (a list, a map, a string, a number, a boolean) fails.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import fixture from '../dev/fixture.json';
import typesText from './types.ts?raw';

// types.ts as the compiler sees it (with the standard library, for Record and the like).
const typesFile = '/site/src/types.ts';
const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022 };
const host = ts.createCompilerHost(options);
const libSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (name, language, ...rest) =>
  name === typesFile ? ts.createSourceFile(name, typesText, language) : libSourceFile(name, language, ...rest);
const program = ts.createProgram([typesFile], options, host);
const checker = program.getTypeChecker();
const source = program.getSourceFile(typesFile)!;
const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);

function declared(name: string): ts.Type {
  const symbol = exported.find((s) => s.name === name);
  if (!symbol) throw new Error(`types.ts exports no ${name}`);
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** Compares values with types.ts, collecting the problems and the optional keys seen. */
class Comparison {
  problems: string[] = [];
  private optional = new Map<string, boolean>(); // "Type.key" → seen in the fixture

  compare(type: ts.Type, value: unknown, path: string): void {
    type = checker.getNonNullableType(type);
    const kind = typeof value;
    if (value === null || value === undefined) {
      this.problems.push(`${path}: ${value}, types.ts has ${checker.typeToString(type)}`);
    } else if (type.flags & ts.TypeFlags.StringLike) {
      if (kind !== 'string') this.problems.push(`${path}: ${kind}, types.ts has a string`);
    } else if (type.flags & ts.TypeFlags.NumberLike) {
      if (kind !== 'number') this.problems.push(`${path}: ${kind}, types.ts has a number`);
    } else if (type.flags & ts.TypeFlags.BooleanLike) {
      if (kind !== 'boolean') this.problems.push(`${path}: ${kind}, types.ts has a boolean`);
    } else if (checker.isArrayType(type)) {
      if (!Array.isArray(value)) {
        this.problems.push(`${path}: ${kind}, types.ts has a list`);
        return;
      }
      const item = checker.getTypeArguments(type as ts.TypeReference)[0];
      value.forEach((v, i) => this.compare(item, v, `${path}[${i}]`));
    } else if (kind !== 'object' || Array.isArray(value)) {
      this.problems.push(`${path}: ${Array.isArray(value) ? 'a list' : kind}, types.ts has ${checker.typeToString(type)}`);
    } else {
      this.compareObject(type, value as Record<string, unknown>, path);
    }
  }

  private compareObject(type: ts.Type, value: Record<string, unknown>, path: string): void {
    const map = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    if (map) {
      for (const [k, v] of Object.entries(value)) this.compare(map.type, v, `${path}.${k}`);
      return;
    }
    const keys = checker.getPropertiesOfType(type);
    const typeName = checker.typeToString(type);
    for (const key of keys) {
      const isOptional = (key.flags & ts.SymbolFlags.Optional) !== 0;
      const present = Object.prototype.hasOwnProperty.call(value, key.name);
      if (isOptional) {
        const id = `${typeName}.${key.name}`;
        this.optional.set(id, (this.optional.get(id) ?? false) || present);
      }
      if (present) {
        this.compare(checker.getTypeOfSymbolAtLocation(key, source), value[key.name], `${path}.${key.name}`);
      } else if (!isOptional) {
        this.problems.push(`${path}.${key.name}: missing, types.ts requires it`);
      }
    }
    for (const k of Object.keys(value)) {
      if (!keys.some((key) => key.name === k)) this.problems.push(`${path}.${k}: not in types.ts (${typeName})`);
    }
  }

  /** The optional keys no value of the fixture has: a change there would go unnoticed. */
  unseen(): string[] {
    return [...this.optional].filter(([, seen]) => !seen).map(([id]) => id);
  }
}

describe('the props contract with Go', () => {
  const pageProps = declared('PageProps');
  const pageNames = checker.getPropertiesOfType(pageProps).map((p) => p.name);

  it('has a fixture page for every page of types.ts, and no other', () => {
    expect(Object.keys(fixture.pages).sort()).toEqual([...pageNames].sort());
  });

  it('matches types.ts in every key and value of the fixture', () => {
    const c = new Comparison();
    c.compare(declared('SiteInfo'), fixture.site, 'site');
    for (const [name, page] of Object.entries(fixture.pages) as [string, { route: string; props: unknown }][]) {
      const key = checker.getPropertyOfType(pageProps, name);
      if (key) c.compare(checker.getTypeOfSymbolAtLocation(key, source), page.props, `pages.${name}.props`);
    }
    expect(c.problems).toEqual([]);
    expect(c.unseen(), 'optional keys the fixture never has').toEqual([]);
  });

  it('fails on a key on one side only, a missing key and a value of another kind', () => {
    const c = new Comparison();
    const post = fixture.pages.blogPost.props;
    c.compare(declared('BlogPostProps'), { ...post, extra: 1 }, 'a');
    const { related: _, ...withoutRelated } = post;
    c.compare(declared('BlogPostProps'), withoutRelated, 'b');
    c.compare(declared('BlogPostProps'), { ...post, preview: 'yes' }, 'c');
    c.compare(declared('BlogPostProps'), { ...post, related: null }, 'd');
    c.compare(declared('HomeProps'), { ...fixture.pages.home.props, blocks: { vision: { heading: 'x' } } }, 'e');
    expect(c.problems).toEqual([
      'a.extra: not in types.ts (BlogPostProps)',
      'b.related: missing, types.ts requires it',
      'c.preview: string, types.ts has a boolean',
      'd.related: null, types.ts has BlogCard[]',
      'e.blocks.vision.text: missing, types.ts requires it',
      'e.blocks.vision.items: missing, types.ts requires it',
    ]);
  });
});
