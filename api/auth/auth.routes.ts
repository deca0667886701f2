import { z } from '@hono/zod-openapi';
import { resourceRoutes, errors, jsonOf } from '../platform/route';

const route = resourceRoutes('Sign-in');
const page = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const redirect = (description: string) => ({
  description,
  headers: { Location: { description: 'Where to go next', schema: { type: 'string' as const } } },
});

export const login = route.get('/login', {
  summary: 'Starts a sign-in: to the identity provider, or a page to choose one',
  policy: { access: 'public', limit: 'login' },
  request: {
    query: z.object({
      returnTo: z.string().optional().describe('A path on this site to come back to (anything else becomes /)'),
      provider: z.string().optional().describe('The provider to use when several are configured'),
    }),
  },
  responses: {
    302: redirect('To the identity provider'),
    200: page('Choose how to sign in'),
    429: jsonOf(z.object({ error: z.string() }), 'Too many sign-in starts from this address'),
    502: page('The identity provider could not be reached'),
    503: page('No identity provider is configured'),
  },
});

export const callback = route.get('/callback/{provider}', {
  summary: "The identity provider's answer: a new session, then back to returnTo",
  policy: { access: 'public' },
  request: {
    params: z.object({ provider: z.string() }),
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
      iss: z.string().optional(),
    }),
  },
  responses: {
    302: redirect('Signed in: back to returnTo'),
    400: page('Sign-in failed (with a way to try again)'),
    409: page('The email belongs to an account of another provider'),
  },
});

export const logout = route.post('/logout', {
  summary: 'Ends this session (never limited: it ends only the session it is sent with)',
  policy: { access: 'public', limit: 'none' },
  responses: { 204: { description: 'Signed out (fetch)' }, 303: redirect("Signed out (the sign-out page's form): home"), ...errors(403) },
});

export const logoutPage = route.get('/logout', {
  summary: 'A page whose button signs out (a link must never sign anyone out by itself)',
  policy: { access: 'public' },
  responses: { 200: page('The sign-out page'), 302: redirect('Not signed in: home') },
});

export const currentUser = route.get('/auth/user', {
  summary: 'The signed-in user, or null for a visitor',
  policy: { access: 'public' },
  responses: {
    200: jsonOf(
      z
        .object({
          id: z.string(),
          email: z.string().nullable(),
          firstName: z.string().nullable(),
          lastName: z.string().nullable(),
          profileImageUrl: z.string().nullable(),
          isAdmin: z.boolean(),
          isModerator: z.boolean().describe('Moderates at least one forum category (the moderation queue is open to them)'),
        })
        .nullable(),
      'The user, or null',
    ),
  },
});
