// After a browser test's attempt fails, every page it left open is saved as a screenshot and its
// address printed beside the error (a retry that passes hides the failure otherwise: which screen
// was the wait looking at?). Registered for the e2e project in vitest.config.ts.
import { afterEach } from 'vitest';
import { capturePages } from './harness';

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const attempt = task.result.retryCount ?? 0;
  const name = `${task.file.name.replace(/^.*\//, '').replace(/\.test\.ts$/, '')}-${task.name}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  const lines = await capturePages(`${name}-attempt${attempt + 1}`);
  if (lines.length > 0) console.error(`Pages open when "${task.name}" failed:\n  ${lines.join('\n  ')}`);
});
