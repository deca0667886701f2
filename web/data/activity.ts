// Her own contributions (GET /api/me/activity, per user: never in a shared answer, decision 2020).
// The dashboard lists them; the school page reads from it which of the reviews and interviews it
// shows are hers (the public lists never say), and what waits of her edits. The offline layer
// keeps her copy on the device like every per-user answer (decision 1440). After her write it is
// read again with every answer the write touches (web/data/refresh.ts, decision 0015).
import type { InferResponseType } from 'hono/client';
import { useAuth } from './auth';
import { client, json } from './client';
import { swrKey } from './keys';
import { useApi } from './use-api';

/** GET /api/me/activity as the API types it: the user's contributions and the dashboard counters. */
export type Activity = InferResponseType<typeof client.me.activity.$get, 200>;
export type OwnReview = Activity['reviews'][number];
export type OwnInterview = Activity['interviews'][number];
export type ReviewFields = OwnReview['fields'];
export type InterviewFields = OwnInterview['fields'];

/** GET /api/me/activity (only when signed in): also gives the dashboard's real counters. */
export function useActivity() {
  const { isAuthenticated } = useAuth();
  return useApi(isAuthenticated ? swrKey.activity : null, () => json(client.me.activity.$get()));
}

/** Her reviews and interviews by id (empty for a visitor or while loading). */
export function useMine() {
  const { data } = useActivity();
  return {
    reviews: new Map((data?.reviews ?? []).map((r) => [r.id, r])),
    interviews: new Map((data?.interviews ?? []).map((r) => [r.id, r])),
  };
}
