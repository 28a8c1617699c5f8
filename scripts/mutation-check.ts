/**
 * After `stryker run`: each mutated file's score against its threshold (scripts/mutation-policy.ts).
 * A file's score is the share of its mutants that a test killed (or that timed out), counting the
 * listed equivalent mutants as neither; mutants no test covers count as survivors. Prints a table
 * and every survivor of a file under its threshold; a listed equivalent that no longer survives is
 * reported too (the list must not go stale). Exits 1 when any file is under.
 */
import { readFileSync } from 'node:fs';
import { EQUIVALENT } from './mutation-equivalents.ts';
import { DEFAULT_THRESHOLD, THRESHOLDS } from './mutation-policy.ts';

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
const report = JSON.parse(
  readFileSync(process.argv[2] ?? process.env.STRYKER_REPORT ?? 'reports/mutation/mutation.json', 'utf8'),
) as {
  files: Record<string, { mutants: Mutant[] }>;
};

const isEquivalent = (file: string, m: Mutant) =>
  EQUIVALENT.find(
    (e) =>
      e.file === file &&
      e.line === m.location.start.line &&
      (e.column === undefined || e.column === m.location.start.column) &&
      (e.endColumn === undefined || e.endColumn === m.location.end.column) &&
      e.mutator === m.mutatorName &&
      e.replacement === (m.replacement ?? ''),
  );

const rows: string[] = [];
const under: string[] = [];
const stale: string[] = [];
const used = new Set<object>();
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  let killed = 0;
  let counted = 0;
  const survivors: Mutant[] = [];
  for (const m of mutants) {
    if (m.status === 'Ignored' || m.status === 'CompileError') continue;
    const equivalent = isEquivalent(file, m);
    if (equivalent) {
      used.add(equivalent);
      if (m.status === 'Killed' || m.status === 'Timeout')
        stale.push(
          `${file}:${m.location.start.line} ${m.mutatorName} is listed as equivalent but was killed`,
        );
      continue;
    }
    counted++;
    if (m.status === 'Killed' || m.status === 'Timeout') killed++;
    else survivors.push(m);
  }
  const score = counted ? (100 * killed) / counted : 100;
  const threshold = THRESHOLDS[file] ?? DEFAULT_THRESHOLD;
  const ok = score >= threshold;
  rows.push(
    `${ok ? ' ' : '✗'} ${score.toFixed(1).padStart(5)} % (≥ ${threshold}) ${String(killed).padStart(4)}/${String(counted).padEnd(4)} ${file}`,
  );
  if (!ok) {
    under.push(file);
    for (const m of survivors)
      rows.push(
        `      ${m.status} ${m.mutatorName} line ${m.location.start.line}:${m.location.start.column} → ${JSON.stringify(m.replacement ?? '').slice(0, 100)}`,
      );
  }
}
// Only for files this run mutated (a run of some files alone leaves the others' entries unmatched).
for (const e of EQUIVALENT)
  if (!used.has(e) && report.files[e.file])
    stale.push(`${e.file}:${e.line} ${e.mutator} is listed as equivalent but no such mutant was made`);
console.log(rows.join('\n'));
for (const s of stale) console.log(`stale: ${s}`);
if (under.length || stale.length) {
  console.log(`mutation: ${under.length} file(s) under their threshold, ${stale.length} stale equivalent(s)`);
  process.exit(1);
}
console.log(
  `mutation: every file at or above its threshold (${EQUIVALENT.length} equivalent mutants listed)`,
);
