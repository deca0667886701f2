// The restore drill's short version (bench/restore-drill.ts, decision 0009): the built product
// replicated by Litestream to a folder, a write load through the API, SIGKILL of everything,
// `litestream restore` into a new file. Fails on a lost or doubled write, a failed integrity check,
// other migrations, or no restore at all (a replica folder removed mid-run: exit 1, "no snapshots").
import { expect, inject, it } from 'vitest';
import { describeResult, runDrill } from '../bench/restore-drill';

it('after a SIGKILL mid-load, the replica restores every write acknowledged over 2 s before it, once', async () => {
  const result = await runDrill({ seconds: 8, users: 16, template: inject('serverTemplates').demo, log: () => {} });
  console.log(describeResult(result));
  expect(result.problems).toEqual([]);
  expect(result.integrity).toBe('ok');
  expect(result.migrations.restored).toBe(result.migrations.shipped);
  // A load worth the name: writes of every kind, replays among them, most of them due.
  expect(result.acknowledged).toBeGreaterThan(25);
  expect(result.replays).toBeGreaterThan(5);
  expect(result.due).toBeGreaterThan(15);
  expect(result.restored).toBeGreaterThanOrEqual(result.due);
}, 120_000);
