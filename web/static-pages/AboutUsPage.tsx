import { Link } from 'react-router-dom';
import { Prose, type ProseSection } from './Prose';

const VALUES = [
  {
    name: 'Honesty',
    text: 'Real experiences from real teachers, with school data taken from the official register and Ofsted, its dates shown plainly.',
  },
  { name: 'Anonymity', text: 'Contributions never show who wrote them. Salary averages need five submissions before they are shown.' },
  { name: 'Impact', text: 'Better information means better decisions: the right job, the right school, fair pay.' },
];

const SECTIONS: ProseSection[] = [
  {
    title: 'Our mission',
    body: (
      <p>
        Choosing a school to work in is one of the biggest decisions a teacher makes, yet most of what you can read about a school is
        written for parents. We bring together what teachers need: open jobs, the facts about every school in London, and the honest,
        anonymous experience of the teachers who work there.
      </p>
    ),
  },
  {
    title: 'Our values',
    body: (
      <div className="grid gap-4 sm:grid-cols-3">
        {VALUES.map((v) => (
          <div key={v.name} className="card bg-base-200">
            <div className="card-body p-5">
              <h3 className="card-title text-lg">{v.name}</h3>
              <p className="text-sm">{v.text}</p>
            </div>
          </div>
        ))}
      </div>
    ),
  },
  {
    title: 'What you can do here',
    body: (
      <ul>
        <li>
          <Link className="link link-primary" to="/jobs">
            Find teaching jobs
          </Link>{' '}
          posted in the last month, including vacancies from the Department for Education's Teaching Vacancies service.
        </li>
        <li>
          <Link className="link link-primary" to="/schools">
            Research every London school
          </Link>
          : Ofsted grades, pupil numbers, key stages and teacher reviews.
        </li>
        <li>
          <Link className="link link-primary" to="/compare">
            Compare up to three schools
          </Link>{' '}
          side by side.
        </li>
        <li>
          <Link className="link link-primary" to="/salaries">
            See and share salaries
          </Link>{' '}
          anonymously, and check the official{' '}
          <Link className="link link-primary" to="/pay-scales">
            pay scales
          </Link>
          .
        </li>
        <li>
          Share how it feels to work at your school with a one-tap mood, and{' '}
          <Link className="link link-primary" to="/forum">
            talk to other London teachers
          </Link>
          .
        </li>
        <li>
          Install the app on your phone: saved jobs, pay scales and schools you have viewed stay readable offline, and what you write on the
          Tube is sent when you are back online.
        </li>
      </ul>
    ),
  },
  {
    title: 'Where the data comes from',
    body: (
      <p>
        School details come from the Department for Education's Get Information About Schools register and Ofsted's published inspection
        data, under the Open Government Licence v3.0. Ofsted stopped giving single-word overall grades for inspections from September 2024,
        so the grade we show is the last single-word grade a school received; we show the date of its latest inspection beside it.
      </p>
    ),
  },
];

export function AboutUsPage() {
  return (
    <Prose
      title="About Us"
      intro="Teachers In London Talk is an independent community for the people who teach London's children. We are not affiliated with any government body, academy trust or union."
      sections={SECTIONS}
    />
  );
}
