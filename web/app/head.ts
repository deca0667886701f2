// What a page says about itself in <head> when the server renders it (the server-rendered first visit): title, meta
// description, canonical URL, Open Graph and Twitter card tags, robots, and JSON-LD (a school as
// School/EducationalOrganization with its address, one of our jobs as a JobPosting). Built from
// the route's handle (routes.tsx) and the data the page was rendered with (the SWR answers), so
// the head and the page can never disagree. Pure functions: no DOM, no Dexie.
import { unstable_serialize, type Key } from 'swr';
import { escapeHtml, escapeText } from '../../core/html';
import { closingTimeOf, londonValidThrough } from '../../core/london-time';
import { registerValue } from '../lib/school-facts';
import { scriptJson } from '../lib/ssr-payload';
import { WEB_POLICY } from '../../core/route-policy';
import { swrKey } from '../data/keys';
import { pageTitle, SITE_DESCRIPTION, SITE_NAME, type PageMeta } from './page-meta';

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute URL; for an external job, the advert at its source. */
  canonical: string;
  /** This page's own absolute URL (og:url). */
  url: string;
  /** Absolute image URL for link previews. */
  image: string;
  /** What the image shows, for people who cannot see it (og:image:alt, twitter:image:alt). */
  imageAlt: string;
  ogType: 'website' | 'article';
  /** 'noindex' for signed-in, moderation and missing pages. */
  robots?: string;
  jsonLd?: Record<string, unknown>;
}

/** The SWR answer for a key, as the page's hooks would read it (keys exactly as in web/data/hooks.ts). */
export type DataLookup = (key: Key) => unknown;

interface JobData {
  id: number;
  title: string;
  description: string;
  descriptionHtml?: string | null;
  benefitsHtml?: string | null;
  borough: string;
  salaryMin: number | null;
  salaryMax: number | null;
  contractType: string | null;
  contract?: string | null;
  fullTime?: boolean | null;
  partTime?: boolean | null;
  applicationDeadline: string | null;
  postedAt: string;
  isActive?: boolean;
  status?: string;
  isExternal: boolean;
  externalUrl: string | null;
  employerName: string | null;
  school: { id: number; name: string; urn?: number; address?: string | null; postcode?: string | null; website?: string | null } | null;
}

interface SchoolData {
  id: number;
  name: string;
  address: string | null;
  postcode: string | null;
  borough: string;
  website: string | null;
  phoneNumber: string | null;
  phase: string | null;
  type: string | null;
  ofstedRating: string | null;
  imageUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  stats?: { averageRating: number | null; totalReviews: number };
}

interface ThreadData {
  id: number;
  title: string;
  content: string;
  /** The opening post as plain text (its Markdown marks gone): the description. */
  text?: string;
}

/** A plain one-line summary of at most `max` characters. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd() + '…';
}

// Formatters made once (a new one per call cost more than the rest of the head), on first use: the
// first Intl formatter a page makes loads the locale's data, which must not join the entry's
// evaluation (issue 40, web/lib/format.ts).
let whole: Intl.NumberFormat | undefined;
const gbp = (n: number) => `£${((whole ??= new Intl.NumberFormat('en-GB'))).format(n)}`;

function jobSalary(job: JobData): string | null {
  if (job.salaryMin == null) return null;
  return job.salaryMax != null ? `${gbp(job.salaryMin)} - ${gbp(job.salaryMax)}` : `${gbp(job.salaryMin)}+`;
}

let londonDay: Intl.DateTimeFormat | undefined;
const londonDate = (iso: string) =>
  (londonDay ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' })).format(
    new Date(iso),
  );

/** schema.org employment types for our contract names. */
function employmentType(contract: string | null): string | undefined {
  const c = (contract ?? '').toLowerCase();
  if (c.includes('part')) return 'PART_TIME';
  if (c.includes('full') || c.includes('permanent')) return 'FULL_TIME';
  if (c.includes('temp') || c.includes('fixed') || c.includes('maternity')) return 'TEMPORARY';
  return undefined;
}

/** A school's own job: full and/or part time, plus TEMPORARY for a fixed-term or casual contract; else from the board's contract name. */
function employmentTypes(job: JobData): string | string[] | undefined {
  if (job.fullTime == null && job.partTime == null) return employmentType(job.contractType);
  const types = [
    ...(job.fullTime ? ['FULL_TIME'] : []),
    ...(job.partTime ? ['PART_TIME'] : []),
    ...(job.contract === 'Fixed term' || job.contract === 'Casual' ? ['TEMPORARY'] : []),
  ];
  return types.length === 1 ? types[0] : types.length ? types : undefined;
}

/** The text of sanitised HTML (tags dropped, the entities the renderer writes decoded). */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The description as HTML (Google's JobPosting.description): a school's rendered Markdown and its offer, or plain text in paragraphs. */
function descriptionHtml(job: JobData): string {
  if (job.descriptionHtml)
    return job.benefitsHtml ? `${job.descriptionHtml}\n<p><strong>What we offer</strong></p>\n${job.benefitsHtml}` : job.descriptionHtml;
  return job.description
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeText(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * Google's JobPosting (required: title, description, datePosted, hiringOrganization, jobLocation;
 * recommended: validThrough, employmentType, baseSalary, directApply, identifier). Only for a job
 * that is on the board here: a closed one (or an advert whose canonical page is at its source)
 * has none.
 */
function jobPosting(job: JobData, url: string): Record<string, unknown> {
  const org = job.school?.name ?? job.employerName ?? SITE_NAME;
  const school = job.school;
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job),
    datePosted: job.postedAt,
    hiringOrganization: {
      '@type': 'Organization',
      name: org,
      ...(school?.website ? { sameAs: school.website } : {}),
      ...(school?.urn ? { identifier: { '@type': 'PropertyValue', propertyID: 'URN', value: String(school.urn) } } : {}),
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(school?.address ? { streetAddress: school.address } : {}),
        addressLocality: job.borough,
        ...(school?.postcode ? { postalCode: school.postcode } : {}),
        addressRegion: 'London',
        addressCountry: 'GB',
      },
    },
    url,
    directApply: false,
  };
  // The closing moment in London's offset, with the time the school set (23:59:59 for a date-only one).
  if (job.applicationDeadline) posting.validThrough = londonValidThrough(new Date(job.applicationDeadline));
  const type = employmentTypes(job);
  if (type) posting.employmentType = type;
  if (job.salaryMin != null) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: 'GBP',
      value: {
        '@type': 'QuantitativeValue',
        minValue: job.salaryMin,
        ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}),
        unitText: 'YEAR',
      },
    };
  }
  return posting;
}

function schoolLd(school: SchoolData, url: string): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': ['School', 'EducationalOrganization'],
    name: school.name,
    url,
    address: {
      '@type': 'PostalAddress',
      ...(school.address ? { streetAddress: school.address } : {}),
      addressLocality: school.borough,
      addressRegion: 'London',
      ...(school.postcode ? { postalCode: school.postcode } : {}),
      addressCountry: 'GB',
    },
  };
  if (school.website) ld.sameAs = school.website;
  if (school.phoneNumber) ld.telephone = school.phoneNumber;
  if (school.imageUrl) ld.image = school.imageUrl;
  if (school.latitude != null && school.longitude != null)
    ld.geo = { '@type': 'GeoCoordinates', latitude: school.latitude, longitude: school.longitude };
  return ld;
}

function schoolSummary(school: SchoolData): string {
  // The register's placeholders ("Not applicable" phase and the like) are left out, not printed.
  const parts = [
    [registerValue(school.phase), registerValue(school.type)].filter(Boolean).join(' ') || 'School',
    `in ${school.borough}, London`,
  ].join(' ');
  const grade = school.ofstedRating ? ` Ofsted: ${school.ofstedRating}.` : '';
  const s = school.stats;
  const reviews =
    s && s.totalReviews > 0
      ? ` Rated ${s.averageRating?.toFixed(1)}/5 from ${s.totalReviews} anonymous teacher review${s.totalReviews === 1 ? '' : 's'}.`
      : ' Anonymous teacher reviews, interview experiences and staff mood.';
  return `${school.name}: ${parts}.${grade}${reviews}`;
}

function jobSummary(job: JobData): string {
  const at = job.school?.name ?? job.employerName;
  const salary = jobSalary(job);
  const bits = [`${job.title}${at ? ` at ${at}` : ''}, ${job.borough}.`];
  if (salary) bits.push(`Salary ${salary}.`);
  if (job.applicationDeadline) {
    const time = closingTimeOf(new Date(job.applicationDeadline));
    bits.push(`Closes ${londonDate(job.applicationDeadline)}${time ? ` at ${time}` : ''}.`);
  }
  if (job.status === 'closed') bits.push('This job is closed.');
  bits.push(summarize(job.descriptionHtml ? htmlText(job.descriptionHtml) : job.description, 90));
  return summarize(bits.join(' '));
}

/**
 * The head of a page. `path` is the pathname (no query), `params` the matched route params,
 * `meta` the route's handle, `data` the page's SWR answers, `origin` APP_URL.
 */
export function buildHead(opts: {
  path: string;
  params: Record<string, string | undefined>;
  meta: PageMeta | undefined;
  data: DataLookup;
  origin: string;
  notFound?: boolean;
}): HeadTags {
  const { path, params, meta, data, notFound } = opts;
  const origin = opts.origin.replace(/\/$/, '');
  const url = origin + path;
  const head: HeadTags = {
    title: pageTitle(meta),
    description: meta?.description ?? SITE_DESCRIPTION,
    canonical: url,
    url,
    image: `${origin}/icons/icon-512.png`,
    imageAlt: `${SITE_NAME} logo`,
    ogType: 'website',
  };
  // Screens whose routes declare `page: { index: false }` (the signed-in and moderation screens, decision 0006).
  if (notFound || WEB_POLICY.isNoindexPage(path) || !meta?.description) head.robots = 'noindex';
  const id = Number(params.id);
  if (path.startsWith('/jobs/')) {
    const job = data(swrKey.job(id)) as JobData | undefined;
    if (job) {
      head.title = pageTitle({
        title: `${job.title}${job.school?.name || job.employerName ? ` · ${job.school?.name ?? job.employerName}` : ''}`,
      });
      head.description = jobSummary(job);
      head.ogType = 'article';
      // An advert from another site (Teaching Vacancies): the source is the canonical page. A
      // school's closed job (or one off the board) keeps its page but loses its markup (decision 2104).
      if (job.isExternal && job.externalUrl) head.canonical = job.externalUrl;
      else if (job.status !== 'closed' && job.isActive !== false) head.jsonLd = jobPosting(job, url);
    }
  } else if (path.startsWith('/schools/')) {
    const school = data(swrKey.school(id)) as SchoolData | undefined;
    if (school) {
      head.title = pageTitle({ title: `${school.name} · Reviews and Ofsted` });
      head.description = summarize(schoolSummary(school), 200);
      // A photo the school uploaded is one of our own files (/media/...): absolute for crawlers.
      const image = school.imageUrl && /^\/media\//.test(school.imageUrl) ? origin + school.imageUrl : school.imageUrl;
      if (image && /^https?:\/\//.test(image)) {
        head.image = image;
        head.imageAlt = `Photo of ${school.name}`;
      }
      head.jsonLd = schoolLd({ ...school, imageUrl: image }, url);
    }
  } else if (path.startsWith('/forum/threads/')) {
    const thread = data(swrKey.forumThread(id)) as ThreadData | undefined;
    if (thread) {
      head.title = pageTitle({ title: thread.title });
      head.description = summarize(thread.text ?? thread.content);
      head.ogType = 'article';
    }
  }
  return head;
}

/** The tags, as HTML for the document's <head>. */
export function headHtml(head: HeadTags): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('property', 'og:locale', 'en_GB'),
    meta('name', 'twitter:card', head.image.endsWith('/icons/icon-512.png') ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
  ];
  if (head.robots) tags.push(meta('name', 'robots', head.robots));
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/** The lookup over a map of serialized SWR keys (the SSR fallback). */
export const lookupIn =
  (fallback: Record<string, unknown>): DataLookup =>
  (key) =>
    fallback[unstable_serialize(key)];
