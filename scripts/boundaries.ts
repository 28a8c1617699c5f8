/**
 * The layout rules of docs/style.md, checked rather than remembered (`npm run check:boundaries`, part
 * of `npm test`):
 * 1. `src/shared` imports only zod and other shared files (no node:*, DOM, server or web code;
 *    its tests also vitest and fast-check);
 * 2. web and server never import each other;
 * 3. the web flows one way, shared parts → features → app: no feature imports another feature or
 *    `app/`, and `components/` and `lib/` import neither; the app combines features (routes,
 *    layouts, slots), reaching each through its `index.ts` or by a lazy `import()` of a page;
 * 4. imports leave their own folder by alias (`#shared/*`, `#server/*`, `#web/*`), never `../`;
 * 5. a server module writes (insert, update, delete) only the tables it owns, those defined in
 *    its own `*.table.ts` files; it may read others' and call their services (tests and their
 *    `*.fixture.ts` helpers, which only tests may import, set up any table);
 * 6. no import cycle anywhere in `src`, counting type-only imports: a cycle is a design that has
 *    not decided which part depends on which.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Violation {
  file: string;
  rule: string;
  detail: string;
}

const SOURCE = /\.(ts|tsx)$/;
/** Tests and their fixtures (`*.fixture.ts`, helpers only tests import) may use the test helpers and set up any table. */
const TEST_FILE = /\.(test|fixture)\.tsx?$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(walk(full));
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

function importsOf(source: string): { spec: string; dynamic: boolean }[] {
  const specs: { spec: string; dynamic: boolean }[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec) specs.push({ spec, dynamic: m[2] !== undefined });
  }
  return specs;
}

/** The file an import names, relative to the root (`src/…`), or null for a package. */
function target(root: string, file: string, spec: string): string | null {
  if (spec.startsWith('#shared/')) return `src/shared/${spec.slice(8)}`;
  if (spec.startsWith('#server/')) return `src/server/${spec.slice(8)}`;
  if (spec.startsWith('#web/')) return `src/web/${spec.slice(5)}`;
  if (spec.startsWith('#tests/')) return `tests/${spec.slice(7)}`;
  if (spec.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), spec));
  return null;
}

const area = (rel: string) => rel.split(path.sep).slice(0, 2).join('/');
const feature = (rel: string) => {
  const parts = rel.split(path.sep);
  return parts[0] === 'src' && parts[1] === 'web' && parts[2] === 'features' ? parts[3] : undefined;
};
const module = (rel: string) => {
  const parts = rel.split(path.sep);
  return parts[0] === 'src' && parts[1] === 'server' && parts[2] === 'modules' && parts.length > 4
    ? parts[3]
    : undefined;
};

function checkImports(root: string, files: string[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    const from = area(rel);
    for (const { spec, dynamic } of importsOf(readFileSync(file, 'utf8'))) {
      const to = target(root, file, spec);
      const add = (rule: string, detail: string) => violations.push({ file: rel, rule, detail });
      const isTest = TEST_FILE.test(rel);
      const allowed =
        spec === 'zod' || spec.startsWith('zod/') || (isTest && (spec === 'vitest' || spec === 'fast-check'));
      if (from === 'src/shared' && to === null && !allowed) add('shared imports only zod', spec);
      if (to === null) continue;
      const toArea = area(to);
      if (from === 'src/shared' && toArea !== 'src/shared') add('shared imports only shared', spec);
      if (!isTest && (toArea.startsWith('tests') || TEST_FILE.test(to)))
        add('only tests import the test helpers', spec);
      if (from === 'src/web' && toArea === 'src/server') add('web never imports server', spec);
      if (from === 'src/server' && toArea === 'src/web') add('server never imports web', spec);
      if (spec.startsWith('../')) add('leave a folder by alias, not ../', spec);
      const [a, b] = [feature(rel), feature(to)];
      if (a && b && a !== b) add('a feature never imports another feature', spec);
      const webLayer = (p: string) => p.split(path.sep).slice(0, 3).join('/');
      if (a && webLayer(to) === 'src/web/app') add('a feature never imports the app', spec);
      const shared = ['src/web/components', 'src/web/lib'].includes(webLayer(rel));
      if (shared && (b || webLayer(to) === 'src/web/app'))
        add('components and lib import no feature or app', spec);
      // The app reaches a feature through its index.ts (its console side through console/index.ts),
      // or loads one of its pages lazily (code splitting needs the page's own module).
      const fromApp = webLayer(rel) === 'src/web/app';
      const parts = to.split(path.sep);
      const isIndex =
        /^index\.tsx?$/.test(parts.at(-1)!) &&
        (parts.length === 5 || (parts.length === 6 && parts[4] === 'console'));
      if (fromApp && b && !isIndex && !dynamic) add('the app reaches a feature through its index.ts', spec);
    }
  }
  return violations;
}

const TABLE = /export const (\w+) = pgTable\(\s*'(\w+)'/g;
const WRITE_CALL = /\.(insert|update|delete)\(\s*(\w+)\s*\)/g;
const WRITE_SQL = /\b(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;
/** `import { orders as o, users } from '….table.ts'`: a table under another local name. */
const TABLE_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*\.table\.ts'/g;

/** Local names a file gives imported tables, mapped to the tables' own names. */
function tableAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const m of text.matchAll(TABLE_IMPORT))
    for (const part of m[1]!.split(',')) {
      const [name, local] = part.trim().split(/\s+as\s+/);
      if (name && local) aliases.set(local.trim(), name.trim());
    }
  return aliases;
}

function checkTableOwnership(root: string, files: string[]): Violation[] {
  const owner = new Map<string, string>(); // table variable or SQL name -> module
  for (const file of files) {
    const rel = path.relative(root, file);
    const mod = module(rel);
    if (!mod || !rel.endsWith('.table.ts')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(TABLE)) {
      owner.set(m[1]!, mod);
      owner.set(m[2]!, mod);
    }
  }
  const violations: Violation[] = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    const mod = module(rel);
    if (!mod || TEST_FILE.test(rel) || rel.includes(`${path.sep}demo${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    const aliases = tableAliases(text);
    const writes = [
      ...[...text.matchAll(WRITE_CALL)].map((m) => [m[1]!, m[2]!] as const),
      ...[...text.matchAll(WRITE_SQL)].map((m) => [m[1]!.toLowerCase(), m[2]!] as const),
    ];
    for (const [verb, local] of writes) {
      const table = aliases.get(local) ?? local;
      const owned = owner.get(table);
      if (owned && owned !== mod)
        violations.push({
          file: rel,
          rule: 'a module writes only its own tables',
          detail: `${verb} ${table} (${owned}'s)`,
        });
    }
  }
  return violations;
}

/** The file an import names, as found among `known` (an import may leave out `.ts`/`.tsx`). */
function resolveFile(known: Set<string>, to: string): string | undefined {
  for (const candidate of [to, `${to}.ts`, `${to}.tsx`, path.join(to, 'index.ts')])
    if (known.has(candidate)) return candidate;
  return undefined;
}

/**
 * Import cycles (runtime or type-only): Tarjan's strongly connected components over the files'
 * imports; each component of more than one file (or a file importing itself) is reported once,
 * with one cycle through it as the detail.
 */
function checkCycles(root: string, files: string[]): Violation[] {
  const rels = files.map((f) => path.relative(root, f));
  const known = new Set(rels);
  const edges = new Map<string, string[]>();
  for (const [i, file] of files.entries()) {
    const out = new Set<string>();
    for (const { spec } of importsOf(readFileSync(file, 'utf8'))) {
      const to = target(root, file, spec);
      const resolved = to === null ? undefined : resolveFile(known, to);
      if (resolved) out.add(resolved);
    }
    edges.set(rels[i]!, [...out].sort());
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)!.includes(v)) components.push(component.sort());
    }
  };
  for (const v of [...known].sort()) if (!index.has(v)) connect(v);
  return components.map((component) => {
    // One cycle through the component's first file: a breadth-first walk inside it, back home.
    const members = new Set(component);
    const start = component[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    let last: string | undefined;
    while (queue.length && !last) {
      const v = queue.shift()!;
      for (const w of edges.get(v) ?? []) {
        if (w === start) {
          last = v;
          break;
        }
        if (members.has(w) && !previous.has(w)) {
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    const cycle = [start];
    for (let v = last!; v !== start; v = previous.get(v)!) cycle.splice(1, 0, v);
    cycle.push(start);
    return {
      file: start,
      rule: 'no import cycle',
      detail: `${cycle.map((f) => f.replace(/^src\//, '')).join(' → ')}${component.length > cycle.length - 1 ? ` (${component.length} files in the circle: ${component.map((f) => path.basename(f)).join(', ')})` : ''}`,
    };
  });
}

export function checkBoundaries(root: string): Violation[] {
  const files = walk(path.join(root, 'src'));
  return [...checkImports(root, files), ...checkTableOwnership(root, files), ...checkCycles(root, files)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = checkBoundaries(process.cwd());
  for (const v of violations) console.error(`${v.file}: ${v.rule}: ${v.detail}`);
  if (violations.length) {
    console.error(`boundaries: ${violations.length} violation(s)`);
    process.exit(1);
  }
  console.log('boundaries: ok');
}
