import { interviewShape } from '../../db/shapes';
import { interviewInput } from '../../db/validation';
import { apiRoute, errors, jsonBody, jsonOf, pageOf } from '../lib/route';
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
