// One case for file names (issue 42 §2): every source file is kebab-case (`use-form.ts`,
// `route-policy.gen.ts`), except a React component's .tsx file, which is named as its component
// (`JobCard.tsx`). Hooks follow the rule like any module: `use-submit.ts`, not `useSubmit.ts`.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = `${import.meta.dirname}/..`;
const FOLDERS = ['api', 'bench', 'core', 'db', 'e2e', 'sw', 'test', 'web'];

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/** Why a file's name breaks the rule, or null. The name's first part is checked (`x.test.ts`, `x.gen.ts`). */
function nameProblem(path: string): string | null {
  const file = path.split('/').pop()!;
  const [stem, ...rest] = file.split('.');
  if (rest.length === 0) return null;
  if (KEBAB.test(stem)) return null;
  if (PASCAL.test(stem) && file.endsWith('.tsx')) return null;
  return `${path}: ${PASCAL.test(stem) ? 'PascalCase is for a component .tsx' : 'not kebab-case'}`;
}

describe('file names', () => {
  it('are kebab-case, or PascalCase for a component .tsx', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--', ...FOLDERS.map((f) => `${f}/*.ts`), ...FOLDERS.map((f) => `${f}/*.tsx`), ...FOLDERS.map((f) => `${f}/*.mjs`)],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(400);
    expect(files.flatMap((f) => nameProblem(f) ?? [])).toEqual([]);
  });

  it('would catch a camelCase hook or a PascalCase module', () => {
    expect(nameProblem('web/components/useForm.ts')).toMatch(/not kebab-case/);
    expect(nameProblem('web/data/RoutePolicy.ts')).toMatch(/PascalCase is for a component/);
    expect(nameProblem('web/components/use-form.ts')).toBeNull();
    expect(nameProblem('web/components/JobCard.tsx')).toBeNull();
    expect(nameProblem('core/route-policy.gen.ts')).toBeNull();
  });
});
