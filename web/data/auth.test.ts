// Who is signed in, for a tap that came while a screen still showed the user as loading
// (useSignedInAction): a part that hydrates after the answer came reads it as loading once more, and
// a tap then must get the answer that came, not a visitor's null (the Sign In Required and the
// login page a signed-in teacher once met when she tapped a heart as /jobs finished loading).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const answers = vi.hoisted(() => [] as (() => Promise<unknown>)[]);
const asked = vi.hoisted(() => ({ count: 0 }));
vi.mock('./client', () => ({
  client: { auth: { user: { $get: () => (asked.count++, Promise.resolve('response')) } } },
  json: () => answers.shift()!(),
}));

const TEACHER = { id: 'u1', email: 'teacher@school.example', name: 'A Teacher' };

beforeEach(() => {
  vi.resetModules();
  answers.length = 0;
  asked.count = 0;
});

describe('userAnswer', () => {
  it('gives the answer in flight, then the one that came, without asking again', async () => {
    let resolve!: (user: unknown) => void;
    answers.push(() => new Promise((r) => (resolve = r)));
    const { userAnswer } = await import('./auth');
    const first = userAnswer(); // nothing asked yet: it asks
    const second = userAnswer(); // the same request, in flight
    resolve(TEACHER);
    expect(await first).toEqual(TEACHER);
    expect(await second).toEqual(TEACHER);
    // The answer has come and nothing is in flight: the teacher, not a visitor's null.
    expect(await userAnswer()).toEqual(TEACHER);
    expect(asked.count).toBe(1);
  });

  it('a visitor (null) and a failed request (signed out) answer null, kept too', async () => {
    answers.push(() => Promise.resolve(null));
    const auth = await import('./auth');
    expect(await auth.userAnswer()).toBeNull();
    expect(await auth.userAnswer()).toBeNull();
    expect(asked.count).toBe(1);

    vi.resetModules();
    answers.push(() => Promise.reject(new Error('401')));
    const again = await import('./auth');
    expect(await again.userAnswer()).toBeNull();
    expect(await again.userAnswer()).toBeNull();
    expect(asked.count).toBe(2);
  });
});
