/**
 * The layout rules of STYLE.md, checked rather than remembered (`npm run check:boundaries`, part
 * of `npm test`):
 * 1. `src/shared` imports only zod and other shared files (no node:*, DOM, server or web code);
 * 2. web and server never import each other;
 * 3. a web feature reaches another feature only through its `index.ts`;
 * 4. imports leave their own folder by alias (`#shared/*`, `#server/*`, `#web/*`), never `../`;
 * 5. a server module writes (insert, update, delete) only the tables it owns, those defined in
 *    its own `*.table.ts` files; it may read others' and call their services (tests and their
 *    `*.fixture.ts` helpers, which only tests may import, set up any table).
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
      const allowed = spec === 'zod' || spec.startsWith('zod/') || (isTest && spec === 'vitest');
      if (from === 'src/shared' && to === null && !allowed) add('shared imports only zod', spec);
      if (to === null) continue;
      const toArea = area(to);
      if (from === 'src/shared' && toArea !== 'src/shared') add('shared imports only shared', spec);
      if (!isTest && (toArea.startsWith('tests') || TEST_FILE.test(to)))
        add('only tests import the test helpers', spec);
      if (from === 'src/web' && toArea === 'src/server') add('web never imports server', spec);
      if (from === 'src/server' && toArea === 'src/web') add('server never imports web', spec);
      if (spec.startsWith('../')) add('leave a folder by alias, not ../', spec);
      // The app's router and layout load pages and dialogs lazily, by their own modules: code
      // splitting needs that. Every other import of another feature goes through its index.ts.
      const lazyFromApp = dynamic && rel.startsWith(`src${path.sep}web${path.sep}app${path.sep}`);
      const [a, b] = [feature(rel), feature(to)];
      const isIndex = to.split(path.sep).length === 5 && /index\.tsx?$/.test(to);
      if (b && a !== b && !isIndex && !lazyFromApp) add('a feature is reached through its index.ts', spec);
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

export function checkBoundaries(root: string): Violation[] {
  const files = walk(path.join(root, 'src'));
  return [...checkImports(root, files), ...checkTableOwnership(root, files)];
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
