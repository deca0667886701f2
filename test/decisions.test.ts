// Decision records (docs/decisions): each has a Status and a Date under its title, and the index
// (docs/decisions/README.md) lists every record once, with the same status, so a new record or a
// superseded one cannot be missed by a reader who starts at the index. The project's README points
// rather than records: short, with no test count or timing (adding a test never touches it).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../api/env';

const DIR = join(import.meta.dirname, '..', 'docs', 'decisions');
const records = readdirSync(DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = readFileSync(join(DIR, 'README.md'), 'utf8');

function header(file: string) {
  const text = readFileSync(join(DIR, file), 'utf8');
  const head = text.split('\n## ')[0];
  return {
    head,
    title: text.split('\n')[0],
    status: /^- Status: (.+)$/m.exec(head)?.[1],
    date: /^- Date: (\d{4}-\d{2}-\d{2})$/m.exec(head)?.[1],
  };
}

describe('decision records', () => {
  it('finds the records (the folder is read)', () => {
    expect(records.length).toBeGreaterThanOrEqual(56);
  });

  it.each(records)('%s has a numbered title, a Status and a Date', (file) => {
    const h = header(file);
    expect(h.title).toMatch(new RegExp(`^# ${file.slice(0, 4)} \\S`));
    expect(h.status).toMatch(/^(Proposed|Accepted|Superseded|Deprecated)\b/);
    expect(h.date).toBeDefined();
  });

  it('the index lists every record once, with its status', () => {
    for (const file of records) {
      const rows = index.split('\n').filter((l) => l.includes(`(${file})`));
      expect(rows, file).toHaveLength(1);
      expect(rows[0], file).toContain(`| ${header(file).status!.split(' (')[0]} |`);
    }
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((f) => !records.includes(f))).toEqual([]);
  });
});

// A record fits a screen: what was decided and why. Measurements live with the benches
// (bench/results/), and a changed decision is a new record that supersedes (or extends) the old one.
const MAX_LINES = 80;

describe('decision records stay one screen', () => {
  const lines = (file: string) => readFileSync(join(DIR, file), 'utf8').trimEnd().split('\n').length;

  it.each(records)(`%s fits in ${MAX_LINES} lines`, (file) => {
    expect(lines(file)).toBeLessThanOrEqual(MAX_LINES);
  });

  it('no record grows by addenda: a later change is a record of its own', () => {
    const withAddenda = records.filter((f) => /^(#+ |\*\*)Addendum\b/m.test(readFileSync(join(DIR, f), 'utf8')));
    expect(withAddenda).toEqual([]);
  });

  it('Supersedes / Superseded by and Extends / Extended by name each other', () => {
    const links = (file: string, field: string) => {
      const line = new RegExp(`^- ${field}: (.+)$`, 'm').exec(header(file).head)?.[1] ?? '';
      return [...line.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    };
    for (const [forward, backward] of [
      ['Supersedes', 'Superseded by'],
      ['Extends', 'Extended by'],
    ]) {
      const pairs = records.flatMap((f) => links(f, forward).map((old) => `${old} <- ${f}`));
      const back = records.flatMap((f) => links(f, backward).map((next) => `${f} <- ${next}`));
      expect(pairs.length, forward).toBeGreaterThan(0);
      expect(pairs.sort(), forward).toEqual(back.sort());
    }
  });
});

describe('README.md', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

  it('fits in 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('carries no test count, no timing and no issue number', () => {
    expect(readme.match(/\b\d[\d,]*\s+(?:\w+\s+)?tests?\b/gi) ?? []).toEqual([]);
    expect(readme.match(/\b\d[\d,.]*\s*(?:s|ms|sec|secs|seconds?|min|mins|minutes?)\b/gi) ?? []).toEqual([]);
    expect(readme.match(/\bissue\s+#?\d+/gi) ?? []).toEqual([]);
  });

  it('names every environment variable an operator may set (details in docs/operations.md)', () => {
    const named = (name: string) =>
      readme.includes(`\`${name}\``) || [...readme.matchAll(/`([A-Z_]+)_\*`/g)].some((m) => name.startsWith(`${m[1]}_`));
    // TILT_* are handed between the product's own processes, never set by an operator.
    const variables = Object.keys(envSchema.shape).filter((v) => !v.startsWith('TILT_'));
    expect(variables.length).toBeGreaterThan(30);
    expect(variables.filter((v) => !named(v))).toEqual([]);
  });

  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((l) => !l.includes('://'));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((l) => !existsSync(join(import.meta.dirname, '..', l)))).toEqual([]);
  });
});
