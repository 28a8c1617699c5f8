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
    plant('src/shared/b.test.ts', "import { it } from 'vitest';\n");
    plant('src/shared/c.ts', "import { app } from '#server/app.ts';\n");
    plant(
      'src/web/features/one/page.tsx',
      "import { x } from '#web/features/two/api/x.ts';\nimport { y } from '#web/features/two/index.ts';\n",
    );
    plant('src/web/features/one/deep/more.ts', "import { z } from '../page.tsx';\n");
    plant(
      'src/web/app/router.tsx',
      "const P = () => import('#web/features/two/page.tsx');\nimport { s } from '#server/x.ts';\n",
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
        'src/shared/c.ts | shared imports only shared | #server/app.ts',
        'src/web/features/one/page.tsx | a feature is reached through its index.ts | #web/features/two/api/x.ts',
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
