import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { APPLY_QUERY } from '../../../../contracts/first-screen.ts';
import { jobPlace } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../../components/outbox-status.tsx';
import { ReportButton } from '../../../components/trust/report-button.tsx';
import { Badge, CategoryBadge } from '../../../components/ui/badge.tsx';
import {
  ArrowLeftIcon,
  BriefcaseIcon,
  CalendarIcon,
  ClockIcon,
  PinIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { listingFallback } from '../../../components/ui/listing-fallback.tsx';
import { useUser } from '../../../lib/auth.ts';
import { APPLY_FORM_QUERY_KEY } from '../../../lib/drawn-page.ts';
import { formatDay, jobPayment } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { applyToJob } from '../api/create-application.ts';
import { useJob } from '../api/get-job.ts';
import { ApplyDialog } from './apply-dialog.tsx';
import { JobApplicationStatus } from './job-application-status.tsx';
import { JobPoster } from './job-poster.tsx';
import { ModerationNotice } from './moderation-notice.tsx';
import { PostJobLink } from './post-job-link.tsx';

export function JobDetailPage() {
  const id = Number(useParams().id);
  const query = useJob(id);
  const job = query.data;
  const fallback = listingFallback(query, 'job', {
    loading: t('Loading job...'),
    offline: t('This job'),
    notFound: t('Job Not Found'),
    notFoundText: t("The job you're looking for doesn't exist or has been removed"),
    back: { to: paths.jobs, label: t('Browse All Jobs') },
  });
  const { user } = useUser();
  // `?apply=1` opens the Apply form: the page the server draws for Apply Now with no script
  // (ADR 031), and the one it draws again with a refusal. The app keeps it open as drawn.
  const [searchParams, setSearchParams] = useSearchParams();
  const [applying, setApplying] = useState(() => searchParams.toString() === APPLY_QUERY);
  const queryClient = useQueryClient();
  const mayApply = Boolean(user?.role && job?.isActive && user.id !== job.employerId);
  const stopApplying = () => {
    setApplying(false);
    // Closed, the form starts empty: neither the drawn letter nor the query opens it again.
    queryClient.removeQueries({ queryKey: APPLY_FORM_QUERY_KEY });
    if (searchParams.toString() === APPLY_QUERY) setSearchParams({}, { replace: true });
  };

  return (
    <>
      <SiteHeader actions={<PostJobLink />} />
      <main id="main" className="container page">
        <Link to={paths.jobs} className="back-link">
          <ArrowLeftIcon size={16} /> {t('Back to Jobs')}
        </Link>
        {job && !fallback ? (
          <div className="detail-layout">
            <article className="card detail-main">
              <div className="badge-row">
                <CategoryBadge category={job.category} />
                {job.isActive ? (
                  <Badge tone="green">{t('Active')}</Badge>
                ) : (
                  <Badge tone="red">{t('Closed')}</Badge>
                )}
              </div>
              <h1 className="detail-title">{job.title}</h1>
              <JobPoster job={job} linked />
              <ModerationNotice job={job} />
              <ul className="meta-list">
                <li className="meta">
                  <PinIcon size={16} /> {jobPlace(job)}
                </li>
                <li className="meta">
                  <WalletIcon size={16} /> {jobPayment(job)}
                  {job.jobType === 'hourly' && job.estimatedHours ? (
                    <span className="muted">
                      {' '}
                      · {t('Est. hours: {hours}', { hours: job.estimatedHours })}
                    </span>
                  ) : null}
                </li>
                {job.startDate ? (
                  <li className="meta">
                    <CalendarIcon size={16} />{' '}
                    {t('Starts {date}', { date: formatDay(job.startDate) })}
                  </li>
                ) : null}
              </ul>
              <h2 className="section-subtitle">{t('Job Description')}</h2>
              <p className="pre-line">{job.description}</p>
              {job.requiredSkills.length > 0 ? (
                <>
                  <h2 className="section-subtitle">{t('Required Skills')}</h2>
                  <ul className="badge-list" aria-label={t('Required skills')}>
                    {job.requiredSkills.map((skill) => (
                      <li key={skill}>
                        <Badge tone="outline">{skill}</Badge>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <div className="detail-foot">
                <ReportButton targetType="job" targetId={job.id} ownerId={job.employerId} />
              </div>
            </article>

            <aside className="card detail-side" aria-label={t('Job summary')}>
              <dl className="summary-list">
                <div>
                  <dt>
                    <BriefcaseIcon size={16} /> {t('Job Type')}
                  </dt>
                  <dd>{job.jobType === 'hourly' ? t('Hourly') : t('Fixed Price')}</dd>
                </div>
                <div>
                  <dt>
                    <PinIcon size={16} /> {t('Location')}
                  </dt>
                  <dd>{jobPlace(job)}</dd>
                </div>
                {job.estimatedHours ? (
                  <div>
                    <dt>
                      <ClockIcon size={16} /> {t('Estimated Hours')}
                    </dt>
                    <dd>{job.estimatedHours}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>
                    <WalletIcon size={16} /> {t('Payment')}
                  </dt>
                  <dd className="price">{jobPayment(job)}</dd>
                </div>
              </dl>
              <OutboxStatus kind={applyToJob} about={job.id} />
              <JobApplicationStatus job={job} onApply={() => setApplying(true)} />
              <p className="hint">{t('Payment is held in escrow until the work is complete.')}</p>
            </aside>
            <ApplyDialog job={job} open={applying && mayApply} onClose={stopApplying} />
          </div>
        ) : (
          fallback
        )}
      </main>
    </>
  );
}
