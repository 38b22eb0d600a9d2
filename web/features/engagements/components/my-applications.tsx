import { Link } from 'react-router-dom';
import { CATEGORY_LABELS } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { BriefcaseIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useUserApplications } from '../api/get-user-applications.ts';
import { ApplicationDetails } from './application-details.tsx';
import { WorkerApplicationPayment } from './application-payment.tsx';
import { WorkerApplicationReview } from './application-review.tsx';
import { DealCard } from './deal-card.tsx';

/** The job seeker's applications, a page at a time, each with its job and status. */
export function MyApplications() {
  const query = useUserApplications();
  return (
    <PagedList
      query={query}
      label={t('My applications')}
      loading={t('Loading applications...')}
      failed={t('Failed to fetch applications')}
      empty={
        <EmptyState
          icon={<BriefcaseIcon />}
          title={t('No Applications Yet')}
          text={t('Start applying to jobs that match your skills.')}
          action={
            <Link to={paths.jobs} className="btn btn-primary">
              {t('Browse Jobs')}
            </Link>
          }
        />
      }
      renderItem={(application) => (
        <DealCard
          key={application.id}
          who={<Link to={paths.job(application.jobId)}>{application.job.title}</Link>}
          what={
            <p className="meta-inline">
              <span>{t(CATEGORY_LABELS[application.job.category])}</span>
              <span className="meta">
                <PinIcon size={14} /> {application.job.region}
              </span>
            </p>
          }
          status={application.status}
          amount={formatMoney(application.payment.amount)}
          decision={
            <Link to={paths.job(application.jobId)} className="btn btn-outline btn-sm">
              {t('View Job')}
            </Link>
          }
          money={<WorkerApplicationPayment application={application} />}
          review={<WorkerApplicationReview application={application} />}
        >
          <ApplicationDetails application={application} to="employer" />
        </DealCard>
      )}
    />
  );
}
