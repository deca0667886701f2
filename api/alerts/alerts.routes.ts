import { z } from '@hono/zod-openapi';
import { ALERT_FREQUENCIES } from '../../db/schema';
import { resourceRoutes, errors, jsonBody, jsonOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { createAlertBody, reminderPrefsBody, tokenParam, unsubscribeBody, updateAlertBody } from './alerts.queries';

const route = resourceRoutes('Job alerts');

const alert = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: z.object({
    search: z.string().optional(),
    borough: z.string().optional(),
    subject: z.string().optional(),
    keyStage: z.string().optional(),
    contractType: z.string().optional(),
    schoolType: z.string().optional(),
    educationLevel: z.string().optional(),
    schoolId: z.number().int().optional(),
  }),
  frequency: z.enum(ALERT_FREQUENCIES),
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
  active: z.boolean(),
  createdAt: z.date(),
  lastSentAt: z.date().nullable(),
  matchCount: z.number().int().describe('How many jobs this alert has sent'),
  lastSentJobs: z.array(z.object({ id: z.number().int(), title: z.string(), schoolName: z.string().nullable(), borough: z.string() })),
});
const reminders = z.object({ email: z.boolean(), push: z.boolean() });
const linkAlert = z.object({ id: z.number().int(), name: z.string(), active: z.boolean() });
const badLink = jsonOf(z.object({ error: z.string() }), 'The link is not valid, or the alert was deleted');

export const list = route.get('/alerts', {
  summary: "The user's job alerts, newest first, each with what it last sent",
  policy: { access: 'user' },
  responses: { 200: jsonOf(z.array(alert), 'Her alerts') },
});

export const create = route.post('/alerts', {
  summary: 'Saves a job search (or a followed school) as an alert by email and/or push (at most 20)',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(createAlertBody) },
  responses: { 201: jsonOf(alert, 'The alert'), ...errors(400, 409) },
});

export const getReminders = route.get('/alerts/reminders', {
  summary: "The user's closing-date reminder channels",
  policy: { access: 'user' },
  responses: { 200: jsonOf(reminders, 'Her reminder settings') },
});

export const setReminders = route.put('/alerts/reminders', {
  summary: 'Sets the closing-date reminder channels',
  policy: { access: 'user', limit: 'write' },
  request: { body: jsonBody(reminderPrefsBody) },
  responses: { 200: jsonOf(reminders, 'Her reminder settings'), ...errors(400) },
});

export const linkStatus = route.get('/alerts/unsubscribe/{token}', {
  summary: "The alert an email's unsubscribe link names (the signed token is the only credential)",
  policy: { access: 'public', page: { path: '/unsubscribe/{token}', index: false } },
  request: { params: tokenParam },
  responses: { 200: jsonOf(linkAlert, 'The alert'), 404: badLink, ...errors(400) },
});

export const linkSet = route.post('/alerts/unsubscribe/{token}', {
  summary: "Pauses (never refused) or resumes (the owner's write limit) the alert a link names",
  policy: { access: 'public', limit: 'write' },
  request: { params: tokenParam, body: jsonBody(unsubscribeBody) },
  responses: { 200: jsonOf(linkAlert, 'The alert'), 404: badLink, ...errors(400) },
});

export const update = route.patch('/alerts/{id}', {
  summary: 'Changes an alert (name, filters, frequency, channels, paused or not)',
  policy: { access: 'user', limit: 'write' },
  request: { params: idParam, body: jsonBody(updateAlertBody) },
  responses: { 200: jsonOf(alert, 'The alert'), ...errors(400, 404) },
});

export const remove = route.delete('/alerts/{id}', {
  summary: 'Deletes an alert',
  policy: { access: 'user', limit: 'write' },
  request: { params: idParam },
  responses: { 200: jsonOf(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errors(400, 404) },
});

/**
 * RFC 8058 one-click unsubscribe, `POST {APP_URL}/unsubscribe/{token}`: outside /api (no cookie,
 * CSRF or JSON rule; mail providers post `List-Unsubscribe=One-Click` as a form). Never limited.
 */
export const oneClick = route.post('/unsubscribe/{token}', {
  summary: 'One-click unsubscribe from a mail provider (RFC 8058): pauses the alert the token names',
  policy: { access: 'public', limit: 'none' },
  request: { params: z.object({ token: z.string() }) },
  responses: { 200: jsonOf(z.object({ paused: z.literal(true) }), 'Paused'), 404: badLink },
});
