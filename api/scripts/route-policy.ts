// Writes core/route-policy.gen.ts and core/route-data.gen.ts from the route declarations: `npm run routes:policy` (run by
// `npm run build` and `npm run typecheck`). Decision 0006.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataModule, policyModule } from '../route-policy';

const CORE = join(import.meta.dirname, '..', '..', 'core');
export const GENERATED = join(CORE, 'route-policy.gen.ts');
/** Each route's declared data, for the web app's refresh after a write (decision 0015). */
export const GENERATED_DATA = join(CORE, 'route-data.gen.ts');

for (const [file, text] of [
  [GENERATED, policyModule()],
  [GENERATED_DATA, dataModule()],
] as const) {
  let before = '';
  try {
    before = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (before !== text) {
    writeFileSync(file, text);
    console.log(`route-policy: wrote ${file}`);
  }
}
