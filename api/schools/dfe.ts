// DfE Sign-in's `organisation` claim (decision 2102). DfE Sign-in only lets a person sign in
// for an organisation its own approvers have added them to, so an establishment (category
// "001") whose URN is one of our schools makes them a member at once. Trusts ("010", "013"),
// local authorities ("002") and anything else are recorded and shown as not supported yet:
// which of a trust's schools someone may act for is not in the claim, so it is never guessed.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { schoolMembers, schools } from '../../db/schema';
import { liveSince } from './members';
import { audit } from './staff.service';

/** DfE Sign-in's organisation categories (its public API's list). */
export const DFE_CATEGORIES: Record<string, string> = {
  '001': 'Establishment',
  '002': 'Local Authority',
  '003': 'Other Legacy Organisations',
  '004': 'Early Year Setting',
  '008': 'Other Stakeholders',
  '009': 'Training Providers',
  '010': 'Multi-Academy Trust',
  '011': 'Government',
  '012': 'Other GIAS Stakeholder',
  '013': 'Single-Academy Trust',
  '014': 'Software Suppliers',
};

const text = z.union([z.string(), z.number()]).transform(String);
const organisation = z.object({
  id: text.optional(),
  name: z.string().max(300).optional(),
  category: z.object({ id: text, name: z.string().optional() }),
  urn: text.nullish(),
  uid: text.nullish(),
});

export type DfeOutcome = { kind: 'member'; schoolId: number; created: boolean } | { kind: 'not-supported' | 'unknown-school' | 'none' };

/** Applies the claim of one sign-in (an object, or the JSON text of one, as some libraries pass it). */
export function applyDfeOrganisation(db: DB, userId: string, raw: unknown, now: Date): DfeOutcome {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { kind: 'none' };
    }
  }
  const parsed = organisation.safeParse(value);
  if (!parsed.success) return { kind: 'none' };
  const org = parsed.data;
  const category = org.category.id.padStart(3, '0');
  const detail = {
    organisationId: org.id ?? null,
    name: org.name ?? null,
    category,
    categoryName: org.category.name ?? DFE_CATEGORIES[category] ?? null,
    urn: org.urn ?? null,
    uid: org.uid ?? null,
  };
  /** A claim this app cannot act on: kept in the audit with its reason (for the admins' list), and answered. */
  const refuse = (kind: 'not-supported' | 'unknown-school', reason: string): DfeOutcome => {
    audit(db, null, userId, `dfe-sign-in.${kind}`, { ...detail, reason }, now);
    return { kind };
  };
  if (category !== '001') return refuse('not-supported', 'Only single schools (establishments) are supported yet.');
  const urn = org.urn && /^\d{5,7}$/.test(org.urn) ? Number(org.urn) : null;
  const school = urn ? db.select({ id: schools.id }).from(schools).where(eq(schools.urn, urn)).get() : undefined;
  if (!school) return refuse('unknown-school', 'This establishment is not one of the London schools listed here.');
  return db.transaction(() => {
    const existing = db
      .select()
      .from(schoolMembers)
      .where(and(eq(schoolMembers.userId, userId), eq(schoolMembers.schoolId, school.id)))
      .get();
    if (existing) {
      // Each DfE Sign-in re-confirms: their approvers still list this person at the school.
      db.update(schoolMembers).set({ confirmedAt: now }).where(eq(schoolMembers.id, existing.id)).run();
      if (existing.confirmedAt.getTime() < liveSince(now).getTime())
        audit(db, school.id, userId, 'member.confirmed', { via: 'dfe-sign-in', urn, userId }, now);
      return { kind: 'member' as const, schoolId: school.id, created: false };
    }
    db.insert(schoolMembers)
      .values({
        userId,
        schoolId: school.id,
        role: 'editor',
        method: 'dfe-sign-in',
        email: null,
        verifiedAt: now,
        verifiedBy: null,
        confirmedAt: now,
      })
      .run();
    audit(db, school.id, userId, 'member.dfe-sign-in', { role: 'editor', urn, organisationId: org.id ?? null, userId }, now);
    return { kind: 'member' as const, schoolId: school.id, created: true };
  });
}
