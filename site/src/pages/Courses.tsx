import type { CoursesProps } from '../types';
import type { PageArgs } from './types';
import { PageHero } from '../components/Layout';
import { StudentScroller } from './StudentScroller';
import { ContactQuery, CourseCards, SectionHeader } from '../home/sections';
import { CircleCheck } from '../lib/lucide';

export function WhyChooseCourses({ items }: { items: CoursesProps['whyChoose'] }) {
  return (
    <section className="section section--tint" aria-labelledby="why-courses-heading">
      <div className="container">
        <SectionHeader id="why-courses-heading" eyebrow="Why learn with us" title="Why Choose Our Courses" />
        <ul className="grid grid--3 feature-list">
          {items.map((w) => (
            <li className="feature" key={w.title}>
              <span className="feature__icon"><CircleCheck aria-hidden="true" size={24} /></span>
              <h3 className="feature__title">{w.title}</h3>
              <p className="feature__text">{w.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function StudentTestimonials({ testimonials }: { testimonials: CoursesProps['studentTestimonials'] }) {
  return (
    <section className="section" aria-labelledby="students-heading">
      <div className="container">
        <SectionHeader id="students-heading" eyebrow="Testimonials" title="What Our Students Say" />
        <StudentScroller testimonials={testimonials} label="Student testimonials" />
      </div>
    </section>
  );
}

export default function Courses({ props, site }: PageArgs<CoursesProps>) {
  return (
    <>
      <PageHero
        title="Digital Marketing Courses"
        intro="Practical, project-based training for beginners, working professionals and business owners."
        crumbs={[{ label: 'Courses' }]}
      />
      <CourseCards courses={props.courses ?? []} title="Choose Your Course" />
      {props.whyChoose?.length > 0 && <WhyChooseCourses items={props.whyChoose} />}
      {props.studentTestimonials?.length > 0 && <StudentTestimonials testimonials={props.studentTestimonials} />}
      <ContactQuery site={site} />
    </>
  );
}
