// A signed-in teacher's take-home settings in her account (issue 38, decision 0312): none at first,
// saved and read back, refused with each field's words, hers alone, in her export and gone with
// her account.
import { describe, expect, it } from 'vitest';
import { signIn, testApp } from '../../test/app';
import { caller } from '../../test/requests';

const NOW = new Date('2026-12-06T12:00:00Z');
const { db, app } = testApp({ now: NOW, rateLimit: false });
const call = caller(app);
const PATH = '/api/me/take-home-settings';

describe('/api/me/take-home-settings', () => {
  it('is for a signed-in teacher only', async () => {
    expect((await call('GET', PATH)).status).toBe(401);
    expect((await call('PUT', PATH, { body: { fte: '1', pension: 'tps', loans: [] } })).status).toBe(401);
  });

  it('answers null until she saves some, then what she saved (loans in plan order), hers alone', async () => {
    const cookie = signIn(db, { id: 'th:one', email: 'one@example.test' });
    const other = signIn(db, { id: 'th:two', email: 'two@example.test' });
    expect((await call('GET', PATH, { cookie })).body).toEqual({ settings: null });
    const put = await call('PUT', PATH, { cookie, body: { fte: '0.6', pension: 'none', loans: ['pgl', 'plan2'] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ settings: { fte: '0.6', pension: 'none', loans: ['plan2', 'pgl'] } });
    expect((await call('GET', PATH, { cookie })).body).toEqual({ settings: { fte: '0.6', pension: 'none', loans: ['plan2', 'pgl'] } });
    // Replaced whole.
    await call('PUT', PATH, { cookie, body: { fte: '1', pension: 'tps', loans: [] } });
    expect((await call('GET', PATH, { cookie })).body).toEqual({ settings: { fte: '1', pension: 'tps', loans: [] } });
    expect((await call('GET', PATH, { cookie: other })).body).toEqual({ settings: null });
  });

  it('refuses bad settings with each field named in words', async () => {
    const cookie = signIn(db, { id: 'th:bad' });
    const bad = await call('PUT', PATH, { cookie, body: { fte: '1.5', pension: 'maybe', loans: ['plan3'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid input');
    expect(bad.body.fields.fte).toBe('FTE must be a number from 0.1 to 1 (1 is full time), with at most 4 decimal places');
    expect(bad.body.fields.pension).toBe('Pension must be tps or none');
    expect(Object.keys(bad.body.fields).some((k) => k.startsWith('loans'))).toBe(true);
    for (const fte of ['0', '', 'NaN', '0.12345'])
      expect((await call('PUT', PATH, { cookie, body: { fte, pension: 'tps', loans: [] } })).status, fte).toBe(400);
    expect((await call('PUT', PATH, { cookie, body: { fte: '1', pension: 'tps', loans: ['plan2', 'plan2'] } })).status).toBe(400);
    expect((await call('PUT', PATH, { cookie, body: { fte: '1', pension: 'tps', loans: [], extra: 1 } })).status).toBe(400);
    expect((await call('GET', PATH, { cookie })).body).toEqual({ settings: null });
  });

  it('is in her export and goes with her account', async () => {
    const cookie = signIn(db, { id: 'th:export', email: 'export@example.test' });
    expect((await call('GET', '/api/me/export', { cookie })).body.takeHomeSettings).toBeNull();
    await call('PUT', PATH, { cookie, body: { fte: '0.8', pension: 'tps', loans: ['plan1'] } });
    const data = (await call('GET', '/api/me/export', { cookie })).body;
    expect(data.takeHomeSettings).toEqual({ fte: '0.8', pension: 'tps', loans: ['plan1'] });
    expect(data.other.take_home_settings).toBeUndefined();
    const gone = await call('DELETE', '/api/me', { cookie, body: { confirm: 'DELETE' } });
    expect(gone.status).toBe(200);
    expect(gone.body.removed.take_home_settings).toBe(1);
    const left = db.$client.prepare("select count(*) as n from take_home_settings where user_id = 'th:export'").get() as { n: number };
    expect(left.n).toBe(0);
  });
});
