// Local HTTP servers for the importer tests (127.0.0.1, a free port; never the internet).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

export async function localServer(handler: (req: IncomingMessage, res: ServerResponse, base: string) => void): Promise<LocalServer> {
  const hits: string[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res, base);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A schema.org JobPosting in the shape of the Teaching Vacancies feed (db/seed/teaching-vacancies-sample.json). */
export function jobPosting(over: {
  slug: string;
  title?: string;
  datePosted: string;
  urn?: string | null;
  orgName?: string;
  region?: string | null;
  postcode?: string | null;
  salary?: string | null;
  description?: string;
  employmentType?: string[];
}) {
  return {
    '@context': 'http://schema.org',
    '@type': 'JobPosting',
    title: over.title ?? 'Teacher of Mathematics',
    jobBenefits: '<p>Teachers&#39; Pension Scheme<br />Cycle to work scheme</p>',
    datePosted: over.datePosted,
    description: over.description ?? '<p>We are looking for a <strong>well-qualified</strong> teacher &amp; tutor.</p>',
    occupationalCategory: 'teacher',
    directApply: true,
    employmentType: over.employmentType ?? ['FULL_TIME'],
    industry: 'Education',
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'London',
        addressRegion: over.region === undefined ? 'London' : over.region,
        streetAddress: '1 Example Street',
        postalCode: over.postcode === undefined ? null : over.postcode,
        addressCountry: 'GB',
      },
    },
    ...(over.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: 'GBP',
            value: { '@type': 'QuantitativeValue', value: over.salary, unitText: 'YEAR' },
          },
        }
      : {}),
    url: `https://teaching-vacancies.service.gov.uk/jobs/${over.slug}`,
    hiringOrganization: {
      '@type': 'Organization',
      name: over.orgName ?? 'Example School',
      sameAs: null,
      identifier: over.urn === undefined ? null : over.urn,
      description: 'About the school.',
      logo: '/assets/images/govuk-icon-180.png',
    },
    validThrough: '2026-12-20T09:00:00+00:00',
  };
}

/** One page of the list endpoint: info, openapi, data, links, meta as the real feed answers. */
export function feedPage(base: string, page: number, last: number, data: unknown[], count: number) {
  const at = (n: number) => `${base}/api/v1/jobs.json?page=${n}`;
  return {
    info: { title: 'GOV UK - Teaching Vacancies', version: '0.1.0' },
    openapi: '3.0.0',
    data,
    links: { self: at(page), first: at(1), last: at(last), prev: page > 1 ? at(page - 1) : null, next: page < last ? at(page + 1) : null },
    meta: { totalPages: last, count },
  };
}
