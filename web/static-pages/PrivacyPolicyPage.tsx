import { Prose, type ProseSection } from './Prose';

const SECTIONS: ProseSection[] = [
  {
    title: 'Information we collect',
    body: (
      <>
        <ul>
          <li>
            <strong>Account details</strong> from the identity provider you sign in with (for example Google or Microsoft): a provider
            identifier, your email address, first and last name and profile picture.
          </li>
          <li>
            <strong>Your contributions</strong>: school reviews, interview experiences, salary submissions, school moods and forum posts.
          </li>
          <li>
            <strong>Saved jobs</strong>, job alerts and the settings you choose.
          </li>
          <li>
            <strong>Reports</strong> you make about contributions, with the reason you give.
          </li>
          <li>
            <strong>Technical data</strong> needed to run the service: a session cookie, and short-lived server logs (request path, status
            and timing) that never include your email or the text of your contributions.
          </li>
        </ul>
        <p>Visitors who do not sign in can browse without giving us any personal information.</p>
      </>
    ),
  },
  {
    title: 'How we use it',
    body: (
      <>
        <ul>
          <li>To sign you in and keep you signed in.</li>
          <li>To publish your contributions anonymously and to compute statistics such as average ratings and salaries.</li>
          <li>To moderate contributions and protect the community from abuse.</li>
          <li>To keep the service secure and working.</li>
        </ul>
        <p>We do not sell your data and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    title: 'Anonymity and sharing',
    body: (
      <>
        <p>
          Reviews, interview experiences, salaries and moods are published without your name, email or account identifier. Salary figures
          are updated once a day, and only for groups (a role, an experience band) of at least five submissions; a new salary is added only
          together with at least four others in the same groups, so no single salary can be worked out by comparing the figures before and
          after. Recent salaries are shown rounded to the nearest £1,000 and dated to the month. Forum posts show your first name only.
        </p>
        <p>
          We share data only with the providers that host and run the service on our behalf, under contract, or where the law requires it.
        </p>
      </>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        Connections are encrypted. Session cookies are HttpOnly and the database stores only a hash of each session token. Access to
        production data is restricted to the people who run the service.
      </p>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Your account</strong> (identifier, email, name, picture), saved jobs and alerts: until you delete your account.
        </li>
        <li>
          <strong>Sessions</strong>: a session ends after 30 days without use and at the latest 90 days after you signed in; ended sessions
          are deleted. The cookie used during sign-in lasts 10 minutes.
        </li>
        <li>
          <strong>Duplicate-protection records</strong> of your submissions (so a retried submission is not saved twice): 7 days.
        </li>
        <li>
          <strong>Reports</strong>: until a moderator has decided on the reported item. Moderation decisions are kept as a record of who
          decided what.
        </li>
        <li>
          <strong>Contributions</strong> stay published while they are useful to other teachers. When you delete your account they are kept
          only as anonymous content with no link to you.
        </li>
        <li>
          <strong>Server logs</strong> (no email, no contribution text) are kept for a short time to run the service, and{' '}
          <strong>backups</strong> of the database for up to 30 days, after which deleted data is gone from them too.
        </li>
      </ul>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <ul>
        <li>
          <strong>Access</strong>: download a copy of everything we hold about you, as a JSON file, with <em>Download my data</em> on the
          Profile tab of your dashboard (or ask us).
        </li>
        <li>
          <strong>Delete</strong>: delete your account yourself with <em>Delete my account</em> on the Profile tab. Your account, sessions
          (you are signed out everywhere), saved jobs and alerts are removed at once; your contributions stay only as anonymous content with
          no link to you. To have a particular contribution removed too, report it or write to us.
        </li>
        <li>
          <strong>Sessions</strong>: see where you are signed in and sign out everywhere else from the Profile tab.
        </li>
        <li>
          <strong>Report</strong> any review, interview, comment or forum post that breaks the rules; after several reports it is hidden
          until a moderator decides.
        </li>
        <li>
          <strong>Withdraw consent</strong>: sign out and stop using the service at any time; withdrawing does not affect processing that
          took place before.
        </li>
        <li>Correct inaccurate data, object to processing, and complain to the Information Commissioner's Office (ico.org.uk).</li>
      </ul>
    ),
  },
  {
    title: 'Cookies and offline storage',
    body: (
      <p>
        We use one essential session cookie to keep you signed in, and short-lived cookies during sign-in. The installable app stores pages
        and data you have viewed on your device so it works offline, and queues contributions made offline until you are back online.
        Signing out clears this data from the device. We use no advertising or tracking cookies.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>If we change this policy we will update the effective date above and, for significant changes, tell signed-in users in the app.</p>
    ),
  },
  {
    title: 'Contact',
    body: <p>Questions or requests about your data: privacy@teachersinlondontalk.example. We answer within one month.</p>,
  },
];

export function PrivacyPolicyPage() {
  return (
    <Prose
      title="Privacy Policy"
      intro={<>Effective 27 July 2025. This policy explains what Teachers In London Talk collects, why, and the choices you have.</>}
      sections={SECTIONS}
    />
  );
}
