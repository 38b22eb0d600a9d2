import { Link } from 'react-router-dom';
import { type JobListing, jobPlace } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { Badge, CategoryBadge } from '../../../components/ui/badge.tsx';
import { ClockIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { jobPrice } from '../../../lib/format.ts';
import { visibleSkills } from '../filters.ts';
import { JobPoster } from './job-poster.tsx';

export function JobCard({ job }: { job: JobListing }) {
  const skills = visibleSkills(job.requiredSkills);
  return (
    <article className="card job-card" aria-labelledby={`job-${job.id}-title`}>
      <div className="card-top">
        <CategoryBadge category={job.category} />
        {job.jobType === 'hourly' ? (
          <span className="meta" title="Hourly">
            <ClockIcon size={18} />
            <span className="visually-hidden">Hourly</span>
          </span>
        ) : null}
      </div>
      <h2 id={`job-${job.id}-title`} className="card-title">
        {job.title}
      </h2>
      <JobPoster job={job} />
      <p className="muted clamp-3">{job.description}</p>
      {job.requiredSkills.length > 0 ? (
        <ul className="badge-list" aria-label="Required skills">
          {skills.shown.map((skill) => (
            <li key={skill}>
              <Badge tone="outline">{skill}</Badge>
            </li>
          ))}
          {skills.more > 0 ? (
            <li>
              <Badge tone="outline">+{skills.more}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className="card-bottom">
        <div className="job-card-meta">
          <span className="meta">
            <PinIcon size={16} /> {jobPlace(job)}
          </span>
          <span className="price">{jobPrice(job)}</span>
        </div>
        <Link
          to={paths.job(job.id)}
          className="btn btn-outline btn-block"
          aria-label={`View Details: ${job.title}`}
        >
          View Details
        </Link>
      </div>
    </article>
  );
}
