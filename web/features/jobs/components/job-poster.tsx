import { Link } from 'react-router-dom';
import type { JobListing } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { formatDate } from '../../../lib/format.ts';

/**
 * Who posted a job and when: "By Kwame Mensah ✓  Posted 12 Nov 2026" (the tick: phone
 * verified). On the job's page the name leads to the employer's profile.
 */
export function JobPoster({ job, linked = false }: { job: JobListing; linked?: boolean }) {
  const { employer } = job;
  const name = <strong>{employer.name}</strong>;
  return (
    <p className="poster-line">
      <span>
        By {linked ? <Link to={paths.employer(employer.id)}>{name}</Link> : name}
        {employer.phoneVerified ? (
          <span className="verified-mark" title="Phone verified">
            <CheckIcon size={14} />
            <span className="visually-hidden">Phone verified</span>
          </span>
        ) : null}
      </span>
      <span>Posted {formatDate(job.createdAt)}</span>
    </p>
  );
}
