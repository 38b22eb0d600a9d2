import type { Application } from '../../../../contracts/applications.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { UsersIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { decideApplication } from '../api/decide-application.ts';
import { useJobApplications } from '../api/get-job-applications.ts';
import { AcceptOrReject } from './accept-or-reject.tsx';
import { ApplicationDetails } from './application-details.tsx';
import { EmployerApplicationPayment } from './application-payment.tsx';
import { EmployerApplicationReview } from './application-review.tsx';
import { DealCard } from './deal-card.tsx';

/** A job's applicants, a page at a time, each with the employer's decisions. */
export function Applicants({ jobId }: { jobId: number }) {
  const query = useJobApplications(jobId);
  return (
    <PagedList
      query={query}
      label={t('Applicants')}
      loading={t('Loading applicants...')}
      failed={t('Failed to fetch applications')}
      empty={
        <EmptyState
          icon={<UsersIcon />}
          title={t('No applicants yet')}
          text={t("This job hasn't received any applications yet.")}
        />
      }
      renderItem={(application) => (
        <DealCard
          key={application.id}
          who={`${application.applicant.firstName} ${application.applicant.lastName}`}
          what={application.applicant.email}
          status={application.status}
          amount={formatMoney(application.payment.amount)}
          decision={<ApplicationActions application={application} jobId={jobId} />}
          money={<EmployerApplicationPayment application={application} />}
          review={<EmployerApplicationReview application={application} />}
        >
          <ApplicationDetails application={application} to="worker" />
        </DealCard>
      )}
    />
  );
}

/** Accept or reject a pending applicant (final); paying and completion follow below. */
function ApplicationActions({ application, jobId }: { application: Application; jobId: number }) {
  const decide = useWrite(decideApplication);
  const applicantName = `${application.applicant.firstName} ${application.applicant.lastName}`;
  const run = (status: 'accepted' | 'rejected') =>
    decide.mutate({ applicationId: application.id, jobId, status, applicantName });
  if (application.status !== 'pending') return null;
  return (
    <AcceptOrReject
      pending={decide.isPending}
      rejectTitle={t('Reject {applicantName}?', { applicantName })}
      rejectText={t('This is final: they are told by SMS and cannot be accepted later.')}
      decide={run}
    />
  );
}
