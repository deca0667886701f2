import { interviewFieldsShape, interviewShape, pendingEditOf } from '../../db/shapes';
import { interviewEdit, interviewInput } from '../../db/validation';
import { apiRoute, deleted, errors, jsonBody, jsonOf, pageOf } from '../lib/route';
import { idParam } from '../lib/validate';
import { contributionsQuery } from '../schools/schools.queries';

const tags = ['Interviews'];

export const list = apiRoute({
  method: 'get',
  path: '/schools/{id}/interviews',
  tags,
  summary: "A school's interview experiences, newest first, a page at a time",
  policy: { access: 'public', cache: 'everyone', data: ['interviews', 'schools'] },
  request: { params: idParam, query: contributionsQuery },
  responses: { 200: pageOf(interviewShape, 'A page of interview experiences'), ...errors(400, 404, 429) },
});

export const create = apiRoute({
  method: 'post',
  path: '/schools/{id}/interviews',
  tags,
  summary: 'Shares an interview experience (published at once)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(interviewInput) },
  responses: { 201: jsonOf(interviewShape, 'The experience as stored'), ...errors(400, 401, 404, 409, 422, 429) },
});

/** Her interview as she reads it back after an edit: the published version and the edit that waits (decision 2020). */
export const ownInterviewAnswer = interviewShape.extend({
  pendingEdit: pendingEditOf(interviewFieldsShape).describe('The edit, waiting for a moderator'),
});

export const edit = apiRoute({
  method: 'patch',
  path: '/interviews/{id}',
  tags,
  summary: 'Her own interview experience changed: the published one stays until a moderator approves the edit (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam, body: jsonBody(interviewEdit) },
  responses: { 200: jsonOf(ownInterviewAnswer, 'The interview and the edit that waits'), ...errors(400, 401, 404, 422, 429) },
});

export const remove = apiRoute({
  method: 'delete',
  path: '/interviews/{id}',
  tags,
  summary: 'Deletes her own interview experience (404 for anyone else)',
  policy: { access: 'user', limit: 'write', idempotent: true },
  request: { params: idParam },
  responses: { 200: jsonOf(deleted('interview'), 'Deleted'), ...errors(400, 401, 404, 422, 429) },
});
