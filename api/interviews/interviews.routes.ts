import { interviewFieldsShape, interviewShape, pendingEditOf } from '../../db/shapes';
import { interviewEdit, interviewInput } from '../../core/validation';
import { resourceRoutes, deleted, errors, jsonBody, jsonOf, pageOf } from '../platform/route';
import { idParam } from '../platform/validate';
import { contributionsQuery } from '../schools/schools.queries';

const route = resourceRoutes('Interviews');

export const list = route.get('/schools/{id}/interviews', {
  summary: "A school's interview experiences, newest first, a page at a time",
  policy: { access: 'public', cache: 'everyone', data: ['interviews', 'schools'] },
  request: { params: idParam, query: contributionsQuery },
  responses: { 200: pageOf(interviewShape, 'A page of interview experiences'), ...errors(400, 404) },
});

export const create = route.post('/schools/{id}/interviews', {
  summary: 'Shares an interview experience (published at once)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['interviews'] },
  request: { params: idParam, body: jsonBody(interviewInput) },
  responses: { 201: jsonOf(interviewShape, 'The experience as stored'), ...errors(400, 404, 409) },
});

/** Her interview as she reads it back after an edit: the published version and the edit that waits (decision 2020). */
export const ownInterviewAnswer = interviewShape.extend({
  pendingEdit: pendingEditOf(interviewFieldsShape).describe('The edit, waiting for a moderator'),
});

export const edit = route.patch('/interviews/{id}', {
  summary:
    "Her own interview experience changed: the published one stays until a moderator approves the edit (404 for anyone else; 409 once she is a member of the school's staff)",
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['interviews'] },
  request: { params: idParam, body: jsonBody(interviewEdit) },
  responses: { 200: jsonOf(ownInterviewAnswer, 'The interview and the edit that waits'), ...errors(400, 404, 409) },
});

export const remove = route.delete('/interviews/{id}', {
  summary: 'Deletes her own interview experience (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true, data: ['interviews'] },
  request: { params: idParam },
  responses: { 200: jsonOf(deleted('interview'), 'Deleted'), ...errors(400, 404) },
});
