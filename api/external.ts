// What the routes that reach other sites need, built once per app (createApp) so tests can point
// them at local servers: the Teaching Vacancies feed settings, the school image batches and which
// Web Push endpoints a device may subscribe with.
import type { PushEndpointPolicy } from './alerts/sender/push';
import { ImageBatches, type ImageBatchOptions } from './schools/images';
import type { FeedOptions } from './jobs/feed-import';

export interface ExternalServices {
  /** Null: no feed (development and tests without TEACHING_VACANCIES_URL keep the sample feed's jobs). */
  feed: FeedOptions | null;
  images: ImageBatches;
  push: PushEndpointPolicy;
}

export interface ExternalOptions {
  /** The jobs feed as api/env.ts resolved it (the GOV.UK API in production); none: Refresh Jobs is off. */
  teachingVacanciesUrl?: string;
  feed?: Partial<Omit<FeedOptions, 'url'>>;
  images?: ImageBatchOptions;
  /** PUSH_SERVICE_HOSTS (default: the browsers' push services); tests add allowed origins and a resolver. */
  push?: PushEndpointPolicy;
}

export function externalServices(options: ExternalOptions = {}): ExternalServices {
  return {
    // The feed address is the operator's own setting, so a private mirror is allowed — that
    // origin only: a redirect or a links.next elsewhere is checked like any address.
    feed: options.teachingVacanciesUrl ? { ...options.feed, url: options.teachingVacanciesUrl } : null,
    images: new ImageBatches(options.images),
    push: options.push ?? {},
  };
}
