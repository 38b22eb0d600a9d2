import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Application } from '../../../../contracts/applications.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { formatGhs } from '../../../../contracts/money.ts';
import { paths } from '../../../../contracts/paths.ts';
import { SiteHeader } from '../../../app/site-header.tsx';
import { Badge, CategoryBadge, StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  BriefcaseIcon,
  CheckIcon,
  ClockIcon,
  PinIcon,
  PlusIcon,
  UsersIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { PagedList, pageItems } from '../../../components/ui/paged-list.tsx';
import { SavedAt } from '../../../components/ui/saved-at.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDate, jobPrice } from '../../../lib/format.ts';
import { useDecideApplication } from '../../applications/api/decide-application.ts';
import { useJobApplications } from '../../applications/api/get-job-applications.ts';
import { useUser } from '../../auth/api/get-user.ts';
import { useEmployerJobs, useEmployerSummary } from '../../jobs/api/get-employer-jobs.ts';
import { useSetJobActive } from '../../jobs/api/set-job-active.ts';
import { OutboxStatus } from '../../outbox/components/outbox-status.tsx';
import { useWriteFeedback } from '../../outbox/use-write-feedback.ts';
import { StatCard, StatGrid } from './dashboard-parts.tsx';

type EmployerTab = 'jobs' | 'applicants';

export function EmployerDashboard() {
  const { user } = useUser();
  const [tab, setTab] = useState<EmployerTab>('jobs');
  const [selectedJobId, setSelectedJobId] = useState<number | null>(null);
  // The figures are counted by the server over every job; the list comes a page at a time.
  const summary = useEmployerSummary({ enabled: Boolean(user) }).data;
  const query = useEmployerJobs(user?.id);
  const jobs = pageItems(query.data);

  const viewApplicants = (jobId: number) => {
    setSelectedJobId(jobId);
    setTab('applicants');
  };

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading page-heading-row">
          <div>
            <h1>Employer Dashboard</h1>
            <p className="muted">Manage your job posts and review applicants.</p>
          </div>
          <Link to={paths.postJob} className="btn btn-primary">
            <PlusIcon size={18} /> Post New Job
          </Link>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={query.dataUpdatedAt} />
        <StatGrid label="Job summary">
          <StatCard label="Active Jobs" value={summary?.activeJobs ?? 0} icon={<BriefcaseIcon />} />
          <StatCard
            label="Total Applications"
            value={summary?.totalApplications ?? 0}
            icon={<UsersIcon />}
            tone="blue"
          />
          <StatCard
            label="Inactive Jobs"
            value={summary?.inactiveJobs ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard label="Total Spent" value={formatGhs(0)} icon={<WalletIcon />} />
        </StatGrid>

        <Tabs<EmployerTab>
          label="Dashboard sections"
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'jobs',
              label: 'My Jobs',
              panel: (
                <PagedList
                  query={query}
                  label="My jobs"
                  loading="Loading jobs..."
                  failed="Failed to fetch jobs"
                  empty={
                    <EmptyState
                      icon={<BriefcaseIcon />}
                      title="No Jobs Posted Yet"
                      text="Post your first job to start receiving applications."
                      action={
                        <Link to={paths.postJob} className="btn btn-primary">
                          Post a Job
                        </Link>
                      }
                    />
                  }
                  renderItem={(job) => (
                    <EmployerJobCard key={job.id} job={job} onViewApplicants={viewApplicants} />
                  )}
                />
              ),
            },
            {
              value: 'applicants',
              label: 'Applicants',
              panel: (
                <div className="stack">
                  {jobs.length > 0 ? (
                    <div className="field applicant-picker">
                      <label htmlFor="applicants-job" className="label">
                        Job
                      </label>
                      <select
                        id="applicants-job"
                        className="input"
                        value={selectedJobId ?? ''}
                        onChange={(event) =>
                          setSelectedJobId(event.target.value ? Number(event.target.value) : null)
                        }
                      >
                        <option value="">Choose a job...</option>
                        {jobs.map((job) => (
                          <option key={job.id} value={job.id}>
                            {job.title}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {selectedJobId === null ? (
                    <EmptyState
                      icon={<UsersIcon />}
                      title="Select a Job"
                      text="Choose one of your jobs to see who has applied."
                    />
                  ) : (
                    <Applicants jobId={selectedJobId} />
                  )}
                </div>
              ),
            },
          ]}
        />
      </main>
    </>
  );
}

function EmployerJobCard({
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
              <PinIcon size={14} /> {job.region}
            </span>
            <span className="price">{jobPrice(job)}</span>
          </p>
        </div>
        {job.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
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

function Applicants({ jobId }: { jobId: number }) {
  const query = useJobApplications(jobId);
  return (
    <PagedList
      query={query}
      label="Applicants"
      loading="Loading applicants..."
      failed="Failed to fetch applications"
      empty={
        <EmptyState
          icon={<UsersIcon />}
          title="No applicants yet"
          text="This job hasn't received any applications yet."
        />
      }
      renderItem={(application) => (
        <li key={application.id} className="card list-card">
          <div className="list-card-head">
            <div>
              <h3 className="card-title">
                {application.applicant.firstName} {application.applicant.lastName}
              </h3>
              {application.applicant.email ? (
                <p className="muted">{application.applicant.email}</p>
              ) : null}
            </div>
            <StatusBadge status={application.status} />
          </div>
          <p className="pre-line">{application.coverLetter}</p>
          <div className="list-card-foot">
            <span className="muted">Applied {formatDate(application.createdAt)}</span>
            <ApplicationActions application={application} jobId={jobId} />
          </div>
        </li>
      )}
    />
  );
}

/** Accept or reject a pending applicant (final), or mark accepted work completed. */
function ApplicationActions({ application, jobId }: { application: Application; jobId: number }) {
  const decide = useDecideApplication();
  const feedback = useWriteFeedback();
  const name = `${application.applicant.firstName} ${application.applicant.lastName}`;
  const run = (status: 'accepted' | 'rejected' | 'completed', title: string) =>
    decide.mutate(
      { applicationId: application.id, jobId, status, applicantName: name },
      feedback({ title, description: `${name} will be told by SMS.` }),
    );
  if (application.status === 'pending') {
    return (
      <span className="button-row">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={decide.isPending}
          onClick={() => run('rejected', 'Applicant Rejected')}
        >
          Reject
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={decide.isPending}
          onClick={() => run('accepted', 'Applicant Accepted')}
        >
          <CheckIcon size={16} /> Accept
        </button>
      </span>
    );
  }
  if (application.status === 'accepted') {
    return (
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={decide.isPending}
        onClick={() => run('completed', 'Marked Completed')}
      >
        <CheckIcon size={16} /> Mark Completed
      </button>
    );
  }
  return null;
}

/** Close a job to stop new applications, or reopen it. */
function JobActiveToggle({ job }: { job: Job }) {
  const setActive = useSetJobActive();
  const feedback = useWriteFeedback();
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={setActive.isPending}
      onClick={() =>
        setActive.mutate(
          { jobId: job.id, jobTitle: job.title, isActive: !job.isActive },
          feedback(
            job.isActive
              ? { title: 'Job Closed', description: 'It takes no new applications.' }
              : { title: 'Job Reopened', description: 'Job seekers can apply again.' },
          ),
        )
      }
    >
      {job.isActive ? 'Close Job' : 'Reopen Job'}
    </button>
  );
}
