// Which work addresses may claim a school (decisions 2101, 2113): the registrable domain of the
// school's register website, computed with the Public Suffix List (tldts), and the domains a site
// admin trusts for it (a trust's own domain). Free-mail and ISP domains are never a school's,
// whatever the register says. An address matches when its own registrable domain is one of these,
// so `head@ccfl.camden.sch.uk` matches a school at www.ccfl.camden.sch.uk, while `camden.sch.uk`
// (a public suffix: every Camden school sits under it) and look-alikes such as
// `ccfl.camden.sch.uk.evil.com` (registrable domain evil.com) never match. A register website at
// a council's domain (www.lewisham.gov.uk), a site-hosting platform's (ashmead.wordpress.com,
// webfronter.com/lewisham/…) or a domain several schools' register websites share (a trust's or
// federation's site) is not the school's own: a claim by a stranger needs a domain a site admin
// trusts for the school, and the claim form says why (decision 2113).
import { createRequire } from 'node:module';
import { and, eq, like, ne } from 'drizzle-orm';
import { getDomain } from 'tldts';
import { z } from 'zod';
import type { DB } from '../../db/client';
import { schoolDomains, schools, type DomainRule } from '../../db/schema';
import { ApiError } from '../platform/http-error';
import { TEXT_MAX } from '../../core/constants';

const FREE_MAIL = new Set<string>(createRequire(import.meta.url)('email-providers/all.json') as string[]);
/**
 * Hosts of other people's sites that the Public Suffix List does not treat as suffixes: a school
 * site at sites.google.com must not let every google.com address claim it.
 */
const SHARED_HOSTS = new Set([
  'google.com',
  'microsoft.com',
  'sharepoint.com',
  'office.com',
  'live.com',
  'facebook.com',
  'twitter.com',
  'x.com',
  'gov.uk',
]);

/**
 * Site-hosting platforms whose customers' sites are subdomains or paths of one registrable domain
 * (seen in the register's website column, and the common ones): never one school's domain.
 */
const HOSTING_PLATFORMS = new Set([
  'wordpress.com',
  'weebly.com',
  'wix.com',
  'squarespace.com',
  'webfronter.com',
  'schooljotter.com',
  'schooljotter2.com',
  'dbprimary.com',
  'secure-dbprimary.com',
  'primarysite.net',
  'secure-primarysite.net',
  'edex.net.uk',
  'lgfl.net',
  'devwebsite.co.uk',
  'hitssports.co.uk',
  'educalab.es',
  'sch.gr',
  'eschools.co.uk',
  'schoolwebsite.co.uk',
  'e4education.co.uk',
  'juniperwebsites.co.uk',
  'webanywhere.co.uk',
  'schoolsite.co.uk',
]);

/** A council's or another public body's domain (lewisham.gov.uk, london.gov.uk, a hospital's nhs.uk). */
const isCouncil = (domain: string) => /\.(gov|nhs|police|mod)\.uk$/.test(domain);

/** The registrable domain of a host name or URL (lower case), or null for a suffix, an IP address or nonsense. */
export function registrableDomain(hostOrUrl: string): string | null {
  let host = hostOrUrl.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/\.$/, '');
  if (!/^[a-z0-9.-]+$/.test(host)) return null;
  return getDomain(host, { allowPrivateDomains: true, validateHostname: true }) ?? null;
}

/** The register website's registrable domain, when it can be a school's own. */
export function websiteDomain(website: string | null): string | null {
  const domain = website ? registrableDomain(/^[a-z][a-z0-9+.-]*:\/\//i.test(website) ? website : `http://${website}`) : null;
  return domain && !FREE_MAIL.has(domain) && !SHARED_HOSTS.has(domain) ? domain : null;
}

/** Why a register website's domain is not the school's own: a council's, a hosting platform's, or several schools'. */
export type NotOwnReason = 'council' | 'host' | 'shared';

export interface RegisterDomain {
  domain: string;
  /** null: the school's own; else why not. */
  notOwn: NotOwnReason | null;
  /** Other schools whose register website has this domain. */
  sharedWith: number;
}

/** The register website's domain and whether it vouches for the school alone (decision 2113). */
export function registerDomainOf(db: DB, school: { id: number; website: string | null }): RegisterDomain | null {
  const domain = websiteDomain(school.website);
  if (!domain) return null;
  if (isCouncil(domain)) return { domain, notOwn: 'council', sharedWith: 0 };
  if (HOSTING_PLATFORMS.has(domain)) return { domain, notOwn: 'host', sharedWith: 0 };
  const sharedWith = schoolsSharingDomain(db, school.id, domain);
  return { domain, notOwn: sharedWith > 0 ? 'shared' : null, sharedWith };
}

/** Why an address at `domain` does not show that its owner works at `schoolName`, in words. */
export function notOwnMessage(register: RegisterDomain, schoolName: string): string {
  const { domain } = register;
  const why = {
    council: `${domain} is a council's or public body's domain`,
    host: `${domain} is a website-hosting service that many organisations use`,
    shared: `${domain} is the website of ${register.sharedWith + 1} schools (a trust's or federation's)`,
  }[register.notOwn ?? 'shared'];
  return `The register lists ${schoolName}'s website at ${domain}, but ${why}, so an address there does not show that you work at ${schoolName}.`;
}

export interface AllowedDomain {
  domain: string;
  rule: DomainRule;
}

/**
 * The domains whose addresses may claim the school, each with the rule that allows it. `register`:
 * the register website's domain as registerDomainOf answers it; it counts only when it is the
 * school's own, or (`trusted`: an invitation by the school's admin, a member's re-confirmation)
 * when it is shared by a few schools of one trust.
 */
export function allowedDomains(
  db: DB,
  school: { id: number; website: string | null },
  register = registerDomainOf(db, school),
  trusted = false,
): AllowedDomain[] {
  const list: AllowedDomain[] = [];
  if (register && (register.notOwn === null || (trusted && register.notOwn === 'shared')))
    list.push({ domain: register.domain, rule: 'register-website' });
  for (const row of db.select({ domain: schoolDomains.domain }).from(schoolDomains).where(eq(schoolDomains.schoolId, school.id)).all()) {
    if (!list.some((d) => d.domain === row.domain)) list.push({ domain: row.domain, rule: 'admin-added' });
  }
  return list;
}

/** Other schools whose register website has the same registrable domain (a trust's or a federation's site): the approver sees it. */
export function schoolsSharingDomain(db: DB, schoolId: number, domain: string): number {
  return db
    .select({ website: schools.website })
    .from(schools)
    .where(and(ne(schools.id, schoolId), like(schools.website, `%${domain.replace(/[%_\\]/g, '')}%`)))
    .all()
    .filter((s) => websiteDomain(s.website) === domain).length;
}

export const emailInput = z
  .string({ message: 'Enter your work email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your work email address')
  .max(TEXT_MAX.email, `An email address is at most ${TEXT_MAX.email} characters`)
  .pipe(z.email({ message: 'Enter an email address such as name@yourschool.sch.uk' }));

/** Domains whose mailboxes ignore dots in the local part (and googlemail.com is gmail.com). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, for the per-address email limit (decision 2113): lower case,
 * `+tag` removed (head+1@x and head@x are one inbox), dots removed where the provider ignores them.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase().replace(/\+.*$/, '');
  let domain = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  if (DOTS_IGNORED.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

const refuse = (message: string) => new ApiError(400, { error: 'Invalid input', fields: { email: message } });

const ASK_US = "Sign in with DfE Sign-in, or ask us to add your school's or trust's own domain.";

/**
 * The rule that lets `email` claim the school, or a thrown 400 `{ error, fields: { email } }`
 * with a message that says what to use instead. `trusted`: the school's admin invites, or a
 * member re-confirms (a trust's shared domain is enough then; a council's or a host's never is).
 */
export function matchEmail(
  db: DB,
  school: { id: number; name: string; website: string | null },
  email: string,
  trusted = false,
): AllowedDomain {
  const at = email.lastIndexOf('@');
  const host = email.slice(at + 1);
  const domain = registrableDomain(host);
  if (!domain) throw refuse('This is not an address at a school or trust domain.');
  if (FREE_MAIL.has(domain)) throw refuse(`${domain} is a personal email provider. Use the address your school gave you.`);
  const register = registerDomainOf(db, school);
  const allowed = allowedDomains(db, school, register, trusted);
  const hit = allowed.find((d) => d.domain === domain);
  if (hit) return hit;
  const notOwn = register?.notOwn && !allowed.some((d) => d.domain === register.domain) ? notOwnMessage(register, school.name) : null;
  if (allowed.length === 0) {
    throw refuse(
      notOwn
        ? `${notOwn} ${ASK_US}`
        : `We cannot check addresses for ${school.name} by email yet (the register lists no website of its own). ${ASK_US}`,
    );
  }
  const use = `Use an address at ${allowed.map((d) => d.domain).join(' or ')}`;
  throw refuse(notOwn && register?.domain === domain ? `${notOwn} ${use}.` : `${use}: ${domain} is not an email domain of ${school.name}.`);
}

/** A domain a site admin adds for a school: stored as its registrable domain. */
export const domainInput = z
  .string({ message: 'Enter a domain such as harrisfederation.org.uk' })
  .trim()
  .toLowerCase()
  .max(TEXT_MAX.domain, `A domain is at most ${TEXT_MAX.domain} characters`)
  .transform((v, ctx) => {
    const domain = registrableDomain(v.replace(/^.*@/, ''));
    if (!domain) ctx.addIssue({ code: 'custom', message: 'Enter a domain such as harrisfederation.org.uk (not a suffix such as sch.uk)' });
    else if (FREE_MAIL.has(domain) || SHARED_HOSTS.has(domain) || HOSTING_PLATFORMS.has(domain))
      ctx.addIssue({ code: 'custom', message: `${domain} is shared by many people and cannot be a school's domain` });
    return domain ?? '';
  });
