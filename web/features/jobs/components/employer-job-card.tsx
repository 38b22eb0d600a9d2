import { Link } from 'react-router-dom';
import { type Job, jobPlace } from '../../../../contracts/jobs.ts';
import { MODERATION_LABELS } from '../../../../contracts/moderation.ts';
import { paths } from '../../../../contracts/paths.ts';
import { Badge, CategoryBadge } from '../../../components/ui/badge.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { PinIcon } from '../../../components/ui/icons.tsx';
import { formatDate, jobPrice } from '../../../lib/format.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { setJobActive } from '../api/set-job-active.ts';

/** One of the employer's jobs: its state, applicant count, Close/Reopen, and the way to its applicants. */
export function EmployerJobCard({
  job,
  onViewApplicants,
}: {
  job: Job;
  onViewApplicants: (jobId: number) => void;
}) {
  return (
    <li className="card list-card">
      <div className="list-card-head">
        <div>
          <h3 className="card-title">{job.title}</h3>
          <p className="meta-inline muted">
            <CategoryBadge category={job.category} />
            <span className="meta">
              <PinIcon size={14} /> {jobPlace(job)}
            </span>
            <span className="price">{jobPrice(job)}</span>
          </p>
        </div>
        {job.moderation !== 'published' ? (
          <Badge tone="gold">{MODERATION_LABELS[job.moderation]}</Badge>
        ) : job.isActive ? (
          <Badge tone="green">Active</Badge>
        ) : (
          <Badge tone="neutral">Inactive</Badge>
        )}
      </div>
      <div className="list-card-foot">
        <span className="muted">
          <strong className="text-strong">{job.applicationCount}</strong>{' '}
          {job.applicationCount === 1 ? 'applicant' : 'applicants'} · Posted{' '}
          {formatDate(job.createdAt)}
        </span>
        <span className="card-actions">
          <JobActiveToggle job={job} />
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => onViewApplicants(job.id)}
          >
            View Applicants
          </button>
          <Link to={paths.job(job.id)} className="btn btn-outline btn-sm">
            View Details
          </Link>
        </span>
      </div>
    </li>
  );
}

/** Close a job to stop new applications, or reopen it. */
function JobActiveToggle({ job }: { job: Job }) {
  const setActive = useWrite(setJobActive);
  // Closing turns applicants away, so it asks first; reopening does no harm.
  if (job.isActive) {
    return (
      <ConfirmButton
        disabled={setActive.isPending}
        title="Close this job?"
        description="It stops taking applications at once. You can reopen it later."
        confirmLabel="Close Job"
        onConfirm={() => setActive.mutate({ jobId: job.id, jobTitle: job.title, isActive: false })}
      >
        Close Job
      </ConfirmButton>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={setActive.isPending}
      onClick={() => setActive.mutate({ jobId: job.id, jobTitle: job.title, isActive: true })}
    >
      Reopen Job
    </button>
  );
}
