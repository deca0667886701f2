// The import boundaries in eslint.config.js, on snippets placed where they would live: a screen
// never imports another screen, shared web folders import no screen (types excepted), web/
// imports api/ for types only, screens → features → components (decision 0018), db/ imports
// neither api/ nor web/, core/ imports nothing of the others, api/platform/ imports no resource,
// api/ imports no web/, not even by import() (decision 0019). Type-aware rules are left
// out here (the snippets are not files of the TypeScript project).
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: `${import.meta.dirname}/..`, overrideConfig: tseslint.configs.disableTypeChecked });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => /restricted/.test(m.ruleId ?? '')).map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', () => {
  it('refuses a screen importing another screen, statically or with import()', async () => {
    expect(
      await boundaryErrors('web/thread/Probe.tsx', "import { ForumPage } from '../forum/ForumPage';\nexport default ForumPage;\n"),
    ).toEqual([expect.stringContaining('A screen does not import another screen')]);
    expect(await boundaryErrors('web/thread/Probe.tsx', "export const load = () => import('../forum/ForumPage');\n")).toEqual([
      expect.stringContaining('A screen does not import another screen'),
    ]);
    expect(
      await boundaryErrors(
        'web/thread/Probe.tsx',
        "import { threadStatus } from '../components/thread-status';\nexport default threadStatus;\n",
      ),
    ).toEqual([]);
  });

  it('lets only the shell import screens; shared folders may import their types', async () => {
    expect(await boundaryErrors('web/app/Probe.tsx', "export const load = () => import('../jobs/JobsPage');\n")).toEqual([]);
    expect(
      await boundaryErrors('web/data/Probe.ts', "import { jobsFoundText } from '../jobs/found';\nexport default jobsFoundText;\n"),
    ).toEqual([expect.stringContaining('A shared web folder imports no screen')]);
    expect(
      await boundaryErrors('web/data/Probe.ts', "import type { Activity } from '../dashboard/ActivityList';\nexport type A = Activity;\n"),
    ).toEqual([]);
  });

  it('lets screens import features; a feature imports no screen and no other feature (decision 0018)', async () => {
    const probe = (spec: string) => `import x from '${spec}';\nexport default x;\n`;
    expect(await boundaryErrors('web/jobs/Probe.tsx', probe('../features/near-me/NearMe'))).toEqual([]);
    expect(await boundaryErrors('web/jobs/Probe.tsx', "export const load = () => import('../features/alerts/AlertButtons');\n")).toEqual(
      [],
    );
    expect(await boundaryErrors('web/features/alerts/Probe.tsx', probe('../../jobs/JobsPage'))).toEqual([
      expect.stringContaining('A shared web folder imports no screen'),
    ]);
    expect(await boundaryErrors('web/features/alerts/Probe.tsx', "export const load = () => import('../../jobs/JobsPage');\n")).toEqual([
      expect.stringContaining('A shared web folder imports no screen'),
    ]);
    for (const spec of ['../save-job/SaveJobButton', '../../features/contribute/OwnActions']) {
      expect(await boundaryErrors('web/features/alerts/Probe.tsx', probe(spec)), spec).toEqual([
        expect.stringContaining('A feature does not import another feature'),
      ]);
    }
    expect(await boundaryErrors('web/features/alerts/Probe.tsx', "export const load = () => import('../near-me/NearMe');\n")).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
    // web/features/take-home/ and the web/take-home/ screen share a name: one folder up is the feature, two the screen.
    expect(await boundaryErrors('web/features/take-home/Probe.tsx', probe('../../take-home/calculator'))).toEqual([
      expect.stringContaining('A shared web folder imports no screen'),
    ]);
    expect(await boundaryErrors('web/features/take-home/Probe.tsx', probe('./figures'))).toEqual([]);
    expect(await boundaryErrors('web/take-home/Probe.tsx', probe('../features/take-home/settings'))).toEqual([]);
    for (const spec of [
      './AlertDialog',
      '../../components/Dialog',
      '../../data/alerts',
      '../../lib/format',
      '../../../core/alert-summary',
      'swr',
    ]) {
      expect(await boundaryErrors('web/features/alerts/Probe.tsx', probe(spec)), spec).toEqual([]);
    }
  });

  it('keeps web/components/ presentational: no feature, no screen, web/data and web/offline for types only (decision 0018)', async () => {
    const probe = (spec: string) => `import x from '${spec}';\nexport default x;\n`;
    const load = (spec: string) => `export const load = () => import('${spec}');\n`;
    for (const code of [probe('../features/alerts/AlertButtons'), load('../features/alerts/AlertDialog')]) {
      expect(await boundaryErrors('web/components/Probe.tsx', code), code).toEqual([expect.stringContaining('import no feature')]);
    }
    expect(await boundaryErrors('web/components/Probe.tsx', probe('../jobs/JobsPage'))).toEqual([
      expect.stringContaining('A shared web folder imports no screen'),
    ]);
    for (const code of [probe('../data/alerts'), probe('../offline/outbox'), load('../data/mutations'), probe('../../data/use-api')]) {
      expect(await boundaryErrors('web/components/Probe.tsx', code), code).toEqual([
        expect.stringContaining('web/components/ is presentational'),
      ]);
    }
    for (const name of ['swr', 'dexie']) {
      expect(await boundaryErrors('web/components/Probe.tsx', probe(name)), name).toEqual([expect.stringContaining('no SWR, no Dexie')]);
    }
    for (const code of [
      "import type { CurrentUser } from '../data/auth';\nexport type U = CurrentUser;\n",
      "import type { Job } from '../data/client';\nexport type J = Job;\n",
      probe('../data/messages'),
      load('../data/messages'),
      probe('../offline/errors'),
      probe('../lib/format'),
      probe('./Icon'),
      probe('../../core/constants'),
    ]) {
      expect(await boundaryErrors('web/components/Probe.tsx', code), code).toEqual([]);
    }
    // The layers below features import none (types excepted): a feature stands on them.
    expect(await boundaryErrors('web/data/Probe.ts', probe('../features/save-job/save-job'))).toEqual([
      expect.stringContaining('import no feature'),
    ]);
    expect(
      await boundaryErrors(
        'web/data/Probe.ts',
        "import type { RefreshResult } from '../features/refresh-jobs/RefreshJobsButton';\nexport type R = RefreshResult;\n",
      ),
    ).toEqual([]);
  });

  it('keeps web/app/ the shell: nothing below it imports it, not even its types (decision 0020)', async () => {
    const probe = (spec: string) => `import x from '${spec}';\nexport default x;\n`;
    for (const [file, spec] of [
      ['web/features/alerts/Probe.tsx', '../../app/later'],
      ['web/components/Probe.tsx', '../app/page-status'],
      ['web/components/toast/Probe.tsx', '../../app/use-hydrated'],
      ['web/data/Probe.ts', '../app/routes'],
      ['web/lib/Probe.ts', '../app/head'],
      ['web/offline/Probe.ts', '../app/ssr-data'],
      ['web/jobs/Probe.tsx', '../app/link'],
    ]) {
      expect(await boundaryErrors(file, probe(spec)), `${file} ${spec}`).toEqual([expect.stringContaining('web/app/ is the shell')]);
    }
    expect(
      await boundaryErrors('web/data/Probe.ts', "import type { PageMeta } from '../app/page-meta';\nexport type P = PageMeta;\n"),
    ).toEqual([expect.stringContaining('web/app/ is the shell')]);
    expect(await boundaryErrors('web/jobs/Probe.tsx', "export const load = () => import('../app/routes');\n")).toEqual([
      expect.stringContaining('web/app/ is the shell'),
    ]);
    // The shell and web/'s entries import it; the helpers it shared are web/lib's, open to all.
    expect(await boundaryErrors('web/app/Probe.tsx', probe('./routes'))).toEqual([]);
    expect(await boundaryErrors('web/Probe.tsx', probe('./app/routes'))).toEqual([]);
    for (const [file, spec] of [
      ['web/features/alerts/Probe.tsx', '../../lib/later'],
      ['web/components/Probe.tsx', '../lib/page-status'],
      ['web/jobs/Probe.tsx', '../lib/hydrate-in-turns'],
      ['web/offline/Probe.ts', '../lib/ssr-payload'],
    ]) {
      expect(await boundaryErrors(file, probe(spec)), `${file} ${spec}`).toEqual([]);
    }
  });

  it('keeps web/components/ above web/data, web/lib and web/offline: they import nothing of it, not even types (decision 0020)', async () => {
    const probe = (spec: string) => `import x from '${spec}';\nexport default x;\n`;
    for (const file of ['web/data/Probe.ts', 'web/lib/Probe.ts', 'web/offline/Probe.ts']) {
      for (const spec of ['../components/toast/Toaster', '../components/states']) {
        expect(await boundaryErrors(file, probe(spec)), `${file} ${spec}`).toEqual([
          expect.stringContaining('import nothing of web/components'),
        ]);
      }
      expect(await boundaryErrors(file, "import type { IconName } from '../components/Icon';\nexport type I = IconName;\n"), file).toEqual([
        expect.stringContaining('import nothing of web/components'),
      ]);
      expect(await boundaryErrors(file, "export const load = () => import('../components/toast/Toaster');\n"), file).toEqual([
        expect.stringContaining('import nothing of web/components'),
      ]);
      expect(await boundaryErrors(file, probe('../lib/toast-store')), file).toEqual([]);
    }
    expect(await boundaryErrors('web/components/toast/Probe.tsx', probe('../../lib/toast-store'))).toEqual([]);
  });

  it('lets web/ import api/ for types only', async () => {
    expect(await boundaryErrors('web/data/Probe.ts', "import { api } from '../../api/app';\nexport default api;\n")).toEqual([
      expect.stringContaining('web/ imports api/ for types only'),
    ]);
    expect(await boundaryErrors('web/jobs/Probe.tsx', "import type { ApiType } from '../../api/app';\nexport type A = ApiType;\n")).toEqual(
      [],
    );
  });

  it('keeps db/ below api/ and web/', async () => {
    expect(await boundaryErrors('db/Probe.ts', "import { api } from '../api/app';\nexport default api;\n")).toEqual([
      expect.stringContaining('db/ imports neither api/ nor web/'),
    ]);
    expect(
      await boundaryErrors('db/seed/Probe.ts', "import { formatNumber } from '../../web/lib/format';\nexport default formatNumber;\n"),
    ).toEqual([expect.stringContaining('db/ imports neither api/ nor web/')]);
    expect(
      await boundaryErrors('db/seed/Probe.ts', "import { BOROUGHS } from '../../core/constants';\nexport default BOROUGHS;\n"),
    ).toEqual([]);
  });

  it('keeps core/ free of every other folder (decision 0007), and lets the others import it', async () => {
    for (const [dir, spec] of [
      ['api', '../../api/app'],
      ['web', '../../web/lib/format'],
      ['db', '../../db/schema'],
      ['sw', '../../sw/sw'],
      ['bench', '../../bench/markdown'],
    ]) {
      expect(await boundaryErrors('core/take-home/Probe.ts', `import x from '${spec}';\nexport default x;\n`), dir).toEqual([
        expect.stringContaining('core/ imports nothing but itself and its libraries'),
      ]);
    }
    expect(await boundaryErrors('core/take-home/Probe.ts', "export const load = () => import('../../db/schema');\n")).toEqual([
      expect.stringContaining('core/ imports nothing but itself and its libraries'),
    ]);
    expect(await boundaryErrors('core/take-home/Probe.ts', "import { settle } from './money';\nexport default settle;\n")).toEqual([]);
    for (const file of ['api/take-home/Probe.ts', 'web/data/Probe.ts', 'web/take-home/Probe.tsx', 'db/Probe.ts']) {
      const depth = file.split('/').length - 1;
      const spec = `${'../'.repeat(depth)}core/take-home`;
      expect(await boundaryErrors(file, `import { takeHome } from '${spec}';\nexport default takeHome;\n`), file).toEqual([]);
    }
  });

  it('keeps api/platform/ free of every resource and of the composition root (decision 0014)', async () => {
    const message = 'api/platform/ imports no resource';
    for (const spec of [
      '../jobs/feed-import',
      '../schools/members',
      '../auth/session',
      '../../api/alerts/sender/pass',
      '../app',
      '../ssr-template',
      '../stepped-body',
    ]) {
      expect(await boundaryErrors('api/platform/Probe.ts', `import x from '${spec}';\nexport default x;\n`), spec).toEqual([
        expect.stringContaining(message),
      ]);
    }
    expect(await boundaryErrors('api/platform/Probe.ts', "export const load = () => import('../jobs/feed-import');\n")).toEqual([
      expect.stringContaining(message),
    ]);
    for (const spec of ['./http-error', '../context', '../env', './middleware/rate-limit', '../../core/route-policy', '../../db/client']) {
      expect(await boundaryErrors('api/platform/Probe.ts', `import x from '${spec}';\nexport default x;\n`), spec).toEqual([]);
    }
    // A resource imports the platform (and another resource); a platform test may reach a resource.
    expect(await boundaryErrors('api/jobs/Probe.ts', "import { apiRoute } from '../platform/route';\nexport default apiRoute;\n")).toEqual(
      [],
    );
    expect(await boundaryErrors('api/platform/Probe.test.ts', "import x from '../jobs/feed-import';\nexport default x;\n")).toEqual([]);
  });

  it('keeps web/ out of api/ production code (tests may read the web app)', async () => {
    expect(
      await boundaryErrors('api/jobs/Probe.ts', "import { formatNumber } from '../../web/lib/format';\nexport default formatNumber;\n"),
    ).toEqual([expect.stringContaining('api/ production code imports nothing from web/')]);
    expect(
      await boundaryErrors('api/platform/Probe.ts', "import { WEB_POLICY } from '../../web/data/keys';\nexport default WEB_POLICY;\n"),
    ).toEqual([expect.stringContaining('api/ production code imports nothing from web/')]);
    expect(await boundaryErrors('api/Probe.test.ts', "import { buildHead } from '../web/app/head';\nexport default buildHead;\n")).toEqual(
      [],
    );
  });

  it('refuses an import() of web/ from api/ too: the entry server.ts hands the page renderer in (decision 0019)', async () => {
    const message = 'api/ production code imports nothing from web/';
    expect(await boundaryErrors('api/Probe.ts', "export const load = () => import('../web/entry-server');\n")).toEqual([
      expect.stringContaining(message),
    ]);
    expect(await boundaryErrors('api/platform/Probe.ts', "export const load = () => import('../../web/entry-server');\n")).toEqual([
      expect.stringContaining(message),
    ]);
    expect(await boundaryErrors('server.ts', "export const load = () => import('./web/entry-server');\n")).toEqual([]);
    expect(await boundaryErrors('api/Probe.ts', "export const load = () => import('./app');\n")).toEqual([]);
  });

  it('reads the environment in api/env.ts only (tests and benchmarks hand it to child servers)', async () => {
    const probe = 'export const path = process.env.DATABASE_PATH;\n';
    for (const file of ['db/Probe.ts', 'api/scripts/Probe.ts', 'api/Probe.ts', 'web/data/Probe.ts']) {
      expect(await boundaryErrors(file, probe), file).toEqual([expect.stringContaining('Read the environment through api/env.ts')]);
    }
    expect(await boundaryErrors('api/env.ts', probe)).toEqual([]);
    expect(await boundaryErrors('e2e/Probe.ts', probe)).toEqual([]);
  });

  it('refuses a production file over 400 lines; tests, generated files, migrations and seed data are exempt', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    const maxLines = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
    };
    expect(await maxLines('api/jobs/Probe.ts', lines(401))).toEqual([expect.stringContaining('Maximum allowed is 400')]);
    expect(await maxLines('web/thread/Probe.tsx', lines(401))).toEqual([expect.stringContaining('Maximum allowed is 400')]);
    expect(await maxLines('api/jobs/Probe.ts', lines(400))).toEqual([]);
    // Blank lines and comments count too.
    expect(await maxLines('core/Probe.ts', lines(200) + '\n'.repeat(150) + '// note\n'.repeat(51))).toHaveLength(1);
    for (const exempt of ['api/jobs/Probe.test.ts', 'e2e/Probe.ts', 'core/probe.gen.ts', 'db/seed/Probe.ts', 'bench/Probe.ts']) {
      expect(await maxLines(exempt, lines(401)), exempt).toEqual([]);
    }
  });
});
