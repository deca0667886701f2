import { Link } from 'react-router-dom';
import { Prose, type ProseSection } from './Prose';

const SECTIONS: ProseSection[] = [
  {
    title: 'Two ways up: leadership and specialism',
    body: (
      <>
        <p>Most careers in schools grow along one of two paths, and many teachers move between them.</p>
        <h3>The leadership path</h3>
        <ul>
          <li>
            <strong>Middle leadership</strong>: subject lead, head of department or head of year, usually with a Teaching and Learning
            Responsibility (TLR) payment on top of your pay range.
          </li>
          <li>
            <strong>Senior leadership</strong>: assistant head, deputy head, then headteacher, paid on the leadership pay range.
            Whole-school responsibilities such as behaviour, curriculum or safeguarding become the job.
          </li>
        </ul>
        <h3>The specialist path</h3>
        <ul>
          <li>
            <strong>Expert teacher</strong>: leading practitioner roles, lead teacher for a subject across a trust, or the upper pay range
            through sustained, evidenced impact.
          </li>
          <li>
            <strong>Specialist roles</strong>: SENCO (which needs the national qualification), designated safeguarding lead, careers lead,
            mentor or induction tutor for early career teachers.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'Build a track record that travels',
    body: (
      <>
        <p>
          Interview panels want evidence, not adjectives. Keep a simple log each term of what you led and what changed as a result: results
          in a class or cohort, a scheme of work you rewrote, an intervention you ran and its effect, colleagues you coached.
        </p>
        <p>
          Volunteer for one piece of work beyond your classroom each year, small enough to finish well. A completed project you can describe
          in two minutes beats three half-finished ones.
        </p>
      </>
    ),
  },
  {
    title: 'Development with a purpose',
    body: (
      <ul>
        <li>
          <strong>National Professional Qualifications</strong> (NPQs) in leading teaching, behaviour, literacy, SENCO, senior leadership or
          headship. Check whether your school can get them funded.
        </li>
        <li>
          <strong>A Master's degree</strong> in education or your subject: worth it when it answers a question you have about your own
          practice, and many London universities offer part-time routes.
        </li>
        <li>
          <strong>In-house CPD</strong>: ask to run a session. Teaching colleagues is the fastest way to learn a topic well and it is
          visible to leaders.
        </li>
        <li>
          <strong>Subject networks</strong>: subject associations, borough networks and trust hubs keep you current and widen who knows your
          work.
        </li>
      </ul>
    ),
  },
  {
    title: 'When to move schools',
    body: (
      <p>
        Moving can be the quickest route to a promotion, a better fit or a fairer workload. Signs it may be time: no development
        conversation in a year, a role that is not growing, or values that no longer match the leadership's. Before you apply, read the
        school's reviews and interview experiences on this site, look at its Ofsted history, and compare the pay on offer with the{' '}
        <Link className="link link-primary" to="/pay-scales">
          pay scales
        </Link>{' '}
        for its area: inner and outer London ranges differ.
      </p>
    ),
  },
  {
    title: 'Interviews',
    id: 'interviews',
    body: (
      <ul>
        <li>Visit if you can, and mention what you saw. Panels notice candidates who did their homework.</li>
        <li>Plan the observed lesson around checking understanding and adapting; a simple lesson taught well beats an elaborate one.</li>
        <li>Prepare a clear safeguarding answer: it is asked everywhere, often with a follow-up.</li>
        <li>Read the interview experiences other teachers shared on each school's profile.</li>
      </ul>
    ),
  },
  {
    title: 'Track your impact',
    body: (
      <p>
        Keep evidence as you go: anonymised data, pupil work, feedback from observations, thank-you notes. It makes performance reviews,
        upper pay range applications and job applications far easier.
      </p>
    ),
  },
  {
    title: 'Mentoring',
    body: (
      <p>
        Find a mentor outside your line management, and become one. Mentoring an early career teacher sharpens your own practice and is
        recognised experience for leadership roles.
      </p>
    ),
  },
  {
    title: 'Workload and wellbeing',
    body: (
      <p>
        A career is long. Protect your planning time, use shared resources, and learn your school's marking policy well enough to do what it
        asks and no more. If workload is unsustainable, raise it early with your line manager or union representative; the{' '}
        <Link className="link link-primary" to="/forum">
          forum
        </Link>{' '}
        is full of teachers who have been there.
      </p>
    ),
  },
  {
    title: 'Careers beyond the classroom',
    body: (
      <p>
        Teaching skills transfer well: educational publishing and edtech, teacher training and university roles, local authority advisory
        work, exam boards, museums and education charities, learning and development in business, and tutoring.
      </p>
    ),
  },
];

export function CareerAdvicePage() {
  return (
    <Prose
      title="Career Advice"
      intro="A practical guide to growing a teaching career in London: where the paths lead, how to build a record that gets you there, and when it is time to move on."
      sections={SECTIONS}
    />
  );
}
