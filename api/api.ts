// The API: every resource's declared routes under one router, typed end to end (the web app's
// client is `hc<ApiType>('/api')`) and described by the OpenAPI document they make (decision 0006).
import { alertsRoutes } from './alerts';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { docsRoutes } from './docs';
import { forumRoutes } from './forum';
import { healthRoutes } from './health';
import { jobsRoutes } from './jobs';
import { markdownRoutes } from './markdown';
import { createRouter } from './platform/route';
import { meRoutes } from './me';
import { moderationRoutes } from './moderation';
import { payScalesRoutes } from './pay-scales';
import { pushRoutes } from './push';
import { reportsRoutes } from './reports';
import { salariesRoutes } from './salaries';
import { schoolsRoutes, staffRoutes } from './schools';
import { reviewsRoutes } from './reviews';
import { interviewsRoutes } from './interviews';
import { moodsRoutes } from './moods';
import { notificationsRoutes } from './notifications';
import { statsRoutes } from './stats';
import { takeHomeRoutes } from './take-home';

/** The API, typed end to end: the web app's client is `hc<ApiType>('/api')`. */
export const api = createRouter()
  .route('/', authRoutes)
  .route('/', healthRoutes)
  .route('/', adminRoutes)
  .route('/', jobsRoutes)
  .route('/', schoolsRoutes)
  .route('/', staffRoutes)
  .route('/', reviewsRoutes)
  .route('/', interviewsRoutes)
  .route('/', moodsRoutes)
  .route('/', salariesRoutes)
  .route('/', payScalesRoutes)
  .route('/', takeHomeRoutes)
  .route('/', forumRoutes)
  .route('/', statsRoutes)
  .route('/', meRoutes)
  .route('/', moderationRoutes)
  .route('/', alertsRoutes)
  .route('/', pushRoutes)
  .route('/', reportsRoutes)
  .route('/', notificationsRoutes)
  .route('/', markdownRoutes)
  .route('/', docsRoutes);
export type ApiType = typeof api;
