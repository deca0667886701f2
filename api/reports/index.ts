// POST /api/reports (decisions 1422, 1424): a signed-in user reports a review, interview, mood comment,
// thread or reply she can see, once per item however often her account is re-created (409 on a
// repeat). At REPORT_HIDE_THRESHOLD undecided reports the item is hidden from the public until a
// moderator decides (api/moderation/, /reports/...).
import { createRouter } from '../platform/route';
import * as handlers from './reports.handlers';
import * as routes from './reports.routes';

export const reportsRoutes = createRouter().openapi(routes.report, handlers.report);
