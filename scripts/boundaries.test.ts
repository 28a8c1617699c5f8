import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from './boundaries.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
function plant(file: string, text: string) {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

describe('layout check', () => {
  it('the project as it is passes', () => {
    expect(checkBoundaries(process.cwd())).toEqual([]);
  });

  it('finds each kind of planted violation', () => {
    plant('src/shared/a.ts', "import { readFileSync } from 'node:fs';\nimport { z } from 'zod';\n");
    plant('src/shared/b.test.ts', "import { it } from 'vitest';\nimport fc from 'fast-check';\n");
    plant('src/shared/d.ts', "import fc from 'fast-check';\n");
    plant('src/shared/c.ts', "import { app } from '#server/app.ts';\n");
    plant(
      'src/web/features/one/page.tsx',
      "import { x } from '#web/features/two/api/x.ts';\nimport { y } from '#web/features/two/index.ts';\n",
    );
    plant('src/web/features/one/deep/more.ts', "import { z } from '../page.tsx';\n");
    // The web flows one way: shared parts, then features, then the app.
    plant('src/web/features/one/notes.tsx', "import { useNotify } from '#web/app/notifications.tsx';\n");
    plant('src/web/components/ui/box.tsx', "import { y } from '#web/features/two/index.ts';\n");
    plant('src/web/lib/thing.ts', "import { r } from '#web/app/router.tsx';\n");
    plant(
      'src/web/app/router.tsx',
      [
        "const P = () => import('#web/features/two/page.tsx');",
        "import { s } from '#server/x.ts';",
        "import { y } from '#web/features/two/index.ts';",
        "import { c } from '#web/features/two/console/index.ts';",
        "import { d } from '#web/features/two/console/page.tsx';",
        '',
      ].join('\n'),
    );
    // Cycles, type-only ones too, and a file importing itself; each circle is reported once.
    plant('src/web/lib/ring-a.ts', "import type { B } from './ring-b.ts';\n");
    plant('src/web/lib/ring-b.ts', "import { c } from '#web/lib/ring-c.ts';\n");
    plant('src/web/lib/ring-c.ts', "export { a } from './ring-a.ts';\n");
    plant('src/server/modules/one/self.ts', "import { me } from './self.ts';\n");
    plant('src/server/modules/one/pair-a.ts', "import { b } from './pair-b';\n");
    plant('src/server/modules/one/pair-b.ts', "import type { A } from './pair-a.ts';\n");
    // Not a cycle: a file imported by two that do not import each other.
    plant('src/web/lib/leaf.ts', 'export const leaf = 1;\n');
    plant('src/web/lib/uses-leaf-1.ts', "import { leaf } from './leaf.ts';\n");
    plant(
      'src/web/lib/uses-leaf-2.ts',
      "import { leaf } from './leaf.ts';\nimport { u } from './uses-leaf-1.ts';\n",
    );
    plant('src/server/main.ts', "import { W } from '#web/app/router.tsx';\n");
    plant('src/server/modules/one/one.table.ts', "export const things = pgTable('things', {});\n");
    plant('src/server/modules/one/one.service.ts', 'await db.insert(things).values({});\n');
    plant(
      'src/server/modules/two/two.service.ts',
      "await db.update(things).set({});\nawait q('delete from things where id = 1');\n",
    );
    // Renamed on import, the table is still one's.
    plant(
      'src/server/modules/two/two-more.service.ts',
      "import { things as t, other } from '#server/modules/one/one.table.ts';\nawait tx.delete(t);\n",
    );
    plant('src/server/modules/two/two.test.ts', 'await db.insert(things).values({});\n');
    // A fixture is test code: it may set up any table and use the test helpers; only tests use it.
    plant(
      'src/server/modules/two/two.fixture.ts',
      "import { t } from '#tests/test-app.ts';\nawait db.update(things).set({});\n",
    );
    plant('src/server/modules/two/two.routes.ts', "import { f } from './two.fixture.ts';\n");
    const found = checkBoundaries(root).map((v) => `${v.file} | ${v.rule} | ${v.detail}`);
    expect(found.sort()).toEqual(
      [
        'src/shared/a.ts | shared imports only zod | node:fs',
        'src/shared/d.ts | shared imports only zod | fast-check',
        'src/shared/c.ts | shared imports only shared | #server/app.ts',
        'src/web/features/one/page.tsx | a feature never imports another feature | #web/features/two/api/x.ts',
        'src/web/features/one/page.tsx | a feature never imports another feature | #web/features/two/index.ts',
        'src/web/features/one/notes.tsx | a feature never imports the app | #web/app/notifications.tsx',
        'src/web/components/ui/box.tsx | components and lib import no feature or app | #web/features/two/index.ts',
        'src/web/lib/thing.ts | components and lib import no feature or app | #web/app/router.tsx',
        'src/web/app/router.tsx | the app reaches a feature through its index.ts | #web/features/two/console/page.tsx',
        'src/web/lib/ring-a.ts | no import cycle | web/lib/ring-a.ts → web/lib/ring-b.ts → web/lib/ring-c.ts → web/lib/ring-a.ts',
        'src/server/modules/one/self.ts | no import cycle | server/modules/one/self.ts → server/modules/one/self.ts',
        'src/server/modules/one/pair-a.ts | no import cycle | server/modules/one/pair-a.ts → server/modules/one/pair-b.ts → server/modules/one/pair-a.ts',
        'src/web/features/one/deep/more.ts | leave a folder by alias, not ../ | ../page.tsx',
        'src/web/app/router.tsx | web never imports server | #server/x.ts',
        'src/server/main.ts | server never imports web | #web/app/router.tsx',
        "src/server/modules/two/two.service.ts | a module writes only its own tables | update things (one's)",
        "src/server/modules/two/two.service.ts | a module writes only its own tables | delete from things (one's)",
        "src/server/modules/two/two-more.service.ts | a module writes only its own tables | delete things (one's)",
        'src/server/modules/two/two.routes.ts | only tests import the test helpers | ./two.fixture.ts',
      ].sort(),
    );
  });
});
