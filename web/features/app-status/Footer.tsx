import { Link } from 'react-router-dom';
import { InstallButton } from './AppStatus';

const GROUPS: { title: string; links: { to: string; label: string }[] }[] = [
  {
    title: 'For Teachers',
    links: [
      { to: '/jobs', label: 'Find Jobs' },
      { to: '/schools', label: 'Research Schools' },
      { to: '/salaries', label: 'Salary Data' },
      { to: '/pay-scales', label: 'Pay Scales' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/career-advice', label: 'Career Advice' },
      { to: '/forum', label: 'Community Forum' },
      { to: '/compare', label: 'Compare Schools' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About Us' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content mt-16 pb-20 lg:pb-0">
      <div className="mx-auto max-w-6xl px-4 py-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="font-bold text-lg">Teachers In London Talk</p>
          <p className="text-sm opacity-80 mt-2">
            An independent community for London's teachers. Not affiliated with any government body, academy trust or union.
          </p>
          <a
            className="link link-hover text-sm mt-3 inline-block tap"
            href="https://www.linkedin.com/"
            target="_blank"
            rel="noopener noreferrer"
          >
            Follow us on LinkedIn
          </a>
          <div className="mt-4">
            <InstallButton className="btn btn-sm btn-outline text-neutral-content" />
          </div>
        </div>
        {GROUPS.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="footer-title opacity-80 text-sm font-semibold uppercase mb-2">{g.title}</h2>
            <ul className="space-y-1 max-lg:space-y-0">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link className="link link-hover text-sm tap" to={l.to}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-neutral-content/20">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs opacity-80">
          School data from the Department for Education's Get Information About Schools register and Ofsted. Contains public sector
          information licensed under the Open Government Licence v3.0.
        </p>
      </div>
    </footer>
  );
}
