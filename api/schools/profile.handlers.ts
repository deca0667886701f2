// The school's page as its staff keep it (decision 2110). Register columns (schools) are never
// written by a member; the one exception is the image mechanism (schools.image_url), which the
// photo replaces with source 'school' so lists, the Open Graph image and the JSON-LD use it and
// the website-image batch (which only fills empty images) never overwrites it.
import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq, gte, min, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { DB } from '../../db/client';
import { schoolAudit, schoolMembers, schoolProfiles, schools, type SchoolProfile } from '../../db/schema';
import type { SchoolProfileFields } from '../../core/validation';
import { ApiError } from '../platform/http-error';
import { preparedOn } from '../platform/prepared';
import { renderMarkdown } from '../markdown/render';
import type { SignedInEnv } from '../platform/route';
import { liveSince, schoolMemberOf } from './members';
import { PHOTO_TYPES, photoUrl, processPhoto, removePhoto, storePhoto } from './photos';
import type * as profileRoutes from './profile.routes';
import { findSchool } from './schools.queries';

/** Where the school's photo is the image of the school (schools.image_source). */
export const PHOTO_SOURCE = 'school';

/** Every school action goes to the audit log (decision 2103). */
function audit(db: Pick<DB, 'insert'>, schoolId: number, actorUserId: string, action: string, detail: Record<string, unknown>, at: Date) {
  db.insert(schoolAudit).values({ schoolId, actorUserId, action, detail, at }).run();
}

/** The school's page as the public reads it (SchoolProfile). */
export function profileOf(db: DB, schoolId: number, now: Date) {
  const p: Partial<SchoolProfile> =
    preparedOn(db, 'profileOf', () =>
      db
        .select()
        .from(schoolProfiles)
        .where(eq(schoolProfiles.schoolId, sql.placeholder('id')))
        .prepare(),
    ).get({ id: schoolId }) ?? {};
  // Placeholders are bound as given: the time as its milliseconds, as the column stores it.
  const managed = preparedOn(db, 'profileOf.managed', () =>
    db
      .select({ since: min(schoolMembers.verifiedAt) })
      .from(schoolMembers)
      .where(and(eq(schoolMembers.schoolId, sql.placeholder('id')), gte(schoolMembers.confirmedAt, sql.placeholder('since'))))
      .prepare(),
  ).get({ id: schoolId, since: liveSince(now).getTime() });
  const figure = <T>(value: T | null | undefined, at: Date | null | undefined) => (value != null && at ? { value, at } : null);
  return {
    about: p.about ?? null,
    aboutHtml: p.about ? renderMarkdown(p.about) : null,
    website: p.website ?? null,
    photo:
      p.photo && p.photoWidth && p.photoHeight && p.photoAt
        ? { url: photoUrl(p.photo, 1200), smallUrl: photoUrl(p.photo, 400), width: p.photoWidth, height: p.photoHeight, at: p.photoAt }
        : null,
    corrections: { pupils: figure(p.pupils, p.pupilsAt), staff: figure(p.staff, p.staffAt), phase: figure(p.phase, p.phaseAt) },
    managedSince: managed?.since ? new Date(managed.since) : null,
  };
}

/** GET /api/schools/{id}/profile: the editor's copy, with the caller's role. */
export function ownProfile(c: Context<SignedInEnv>, schoolId: number) {
  const db = c.get('db');
  const member = schoolMemberOf(c);
  const school = findSchool(db, schoolId);
  return { ...profileOf(db, schoolId, c.get('now')()), role: member.role, schoolName: school.name };
}

const FIGURES = { pupils: 'pupilsAt', staff: 'staffAt', phase: 'phaseAt' } as const;

/** PATCH /api/schools/{id}/profile: each field given is set (null clears it); a figure given is dated now. */
export function editProfile(c: Context<SignedInEnv>, schoolId: number, input: SchoolProfileFields) {
  const db = c.get('db');
  const now = c.get('now')();
  const member = schoolMemberOf(c);
  findSchool(db, schoolId);
  const set: Partial<typeof schoolProfiles.$inferInsert> = {};
  if (input.about !== undefined) set.about = input.about?.trim() ? input.about : null;
  if (input.website !== undefined) set.website = input.website;
  for (const [field, at] of Object.entries(FIGURES) as [keyof typeof FIGURES, (typeof FIGURES)[keyof typeof FIGURES]][]) {
    if (input[field] === undefined) continue;
    (set as Record<string, unknown>)[field] = input[field];
    set[at] = input[field] === null ? null : now;
  }
  const fields = Object.keys(set).filter((k) => !k.endsWith('At'));
  if (fields.length === 0) throw new ApiError(400, { error: 'Nothing to change' });
  db.transaction((tx) => {
    tx.insert(schoolProfiles)
      .values({ schoolId, ...set, updatedBy: member.userId, updatedAt: now })
      .onConflictDoUpdate({ target: schoolProfiles.schoolId, set: { ...set, updatedBy: member.userId, updatedAt: now } })
      .run();
    audit(tx, schoolId, member.userId, 'page.edited', { fields }, now);
  });
  return profileOf(db, schoolId, now);
}

function mediaDirOf(c: Context<SignedInEnv>): string {
  const dir = c.get('mediaDir');
  if (!dir) throw new ApiError(503, { error: 'Photo uploads are not set up on this server' });
  return dir;
}

/** PUT /api/schools/{id}/photo: decode, re-encode, store, then point the page (and the school's image) at it. */
export async function uploadPhoto(c: Context<SignedInEnv>, schoolId: number) {
  const db = c.get('db');
  const member = schoolMemberOf(c);
  findSchool(db, schoolId);
  const dir = mediaDirOf(c);
  // The cross-site check refuses other types when the body has a length; a chunked body meets the same rule here.
  const type = (c.req.header('Content-Type') ?? '').split(';')[0].trim().toLowerCase();
  if (!(PHOTO_TYPES as readonly string[]).includes(type))
    throw new ApiError(415, { error: `Content-Type must be one of ${PHOTO_TYPES.join(', ')}` });
  const photo = await processPhoto(new Uint8Array(await c.req.arrayBuffer()));
  const key = await storePhoto(dir, schoolId, photo);
  const now = c.get('now')();
  const previous = db.transaction((tx) => {
    const old =
      tx.select({ photo: schoolProfiles.photo }).from(schoolProfiles).where(eq(schoolProfiles.schoolId, schoolId)).get()?.photo ?? null;
    const set = { photo: key, photoWidth: photo.width, photoHeight: photo.height, photoAt: now, updatedBy: member.userId, updatedAt: now };
    tx.insert(schoolProfiles)
      .values({ schoolId, ...set })
      .onConflictDoUpdate({ target: schoolProfiles.schoolId, set })
      .run();
    tx.update(schools)
      .set({ imageUrl: photoUrl(key, 1200), imageSource: PHOTO_SOURCE, updatedAt: now })
      .where(eq(schools.id, schoolId))
      .run();
    audit(tx, schoolId, member.userId, 'photo.uploaded', { photo: key, bytes: photo.files[1200].length }, now);
    return old;
  });
  if (previous && previous !== key) await removePhoto(dir, previous);
  return profileOf(db, schoolId, now);
}

/** DELETE /api/schools/{id}/photo: the page shows the school's initials again. */
export async function deletePhoto(c: Context<SignedInEnv>, schoolId: number) {
  const db = c.get('db');
  const member = schoolMemberOf(c);
  findSchool(db, schoolId);
  const dir = mediaDirOf(c);
  const now = c.get('now')();
  const previous = db.transaction((tx) => {
    const old =
      tx.select({ photo: schoolProfiles.photo }).from(schoolProfiles).where(eq(schoolProfiles.schoolId, schoolId)).get()?.photo ?? null;
    if (!old) return null;
    tx.update(schoolProfiles)
      .set({ photo: null, photoWidth: null, photoHeight: null, photoAt: null, updatedBy: member.userId, updatedAt: now })
      .where(eq(schoolProfiles.schoolId, schoolId))
      .run();
    tx.update(schools)
      .set({ imageUrl: null, imageSource: null, updatedAt: now })
      .where(and(eq(schools.id, schoolId), eq(schools.imageSource, PHOTO_SOURCE)))
      .run();
    audit(tx, schoolId, member.userId, 'photo.removed', { photo: old }, now);
    return old;
  });
  if (previous) await removePhoto(dir, previous);
  return profileOf(db, schoolId, now);
}

// The routes' handlers: each reads the school id (and the form) and answers what the function above returns.
export const getOwnProfile: RouteHandler<typeof profileRoutes.ownProfile> = (c) => c.json(ownProfile(c, c.req.valid('param').id), 200);

export const putProfile: RouteHandler<typeof profileRoutes.editProfile> = (c) =>
  c.json(editProfile(c, c.req.valid('param').id, c.req.valid('json')), 200);

export const postPhoto: RouteHandler<typeof profileRoutes.uploadPhoto> = async (c) =>
  c.json(await uploadPhoto(c, c.req.valid('param').id), 200);

export const removeProfilePhoto: RouteHandler<typeof profileRoutes.removePhoto> = async (c) =>
  c.json(await deletePhoto(c, c.req.valid('param').id), 200);
