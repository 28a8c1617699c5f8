import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One spelling (decision 014, item 13): the words a person reads say "license", as the spec's own
 * messages do. Identifiers keep the spec's data names (`isTobaccoLicenceUploaded`) and stored
 * codes (`licence_required`); what is checked is the word in prose — after a word and a space, or
 * opening a string or a JSX text — in the app's source.
 */
const PROSE =
  /(?:(?<=[A-Za-z] )(?<!\b(?:const|let|var|type|return|await) )|(?<=['">])|(?<=`)(?=L))[Ll]icences?(?![A-Za-z_$])/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

function britishSpellings(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        PROSE.test(line) ? [`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('one spelling', () => {
  it('no screen, message or mail in src says "licence"', () => {
    expect(britishSpellings(sources(path.join(process.cwd(), 'src')))).toEqual([]);
  });

  it('finds the word in prose and leaves identifiers and codes alone', () => {
    const probe = (line: string) => PROSE.test(line);
    expect(probe("label: 'Tobacco licence',")).toBe(true);
    expect(probe('needs your verified tobacco licence issued by Texas')).toBe(true);
    expect(probe('<legend>Licences (optional)</legend>')).toBe(true);
    expect(probe('`Licence of the buyer`')).toBe(true);
    expect(probe('const licence = d.licence.includes(key);')).toBe(false);
    expect(probe("case 'licence_required': {")).toBe(false);
    expect(probe('isTobaccoLicenceVerified: z.boolean(),')).toBe(false);
    expect(probe('return { state, licence };')).toBe(false);
  });
});
