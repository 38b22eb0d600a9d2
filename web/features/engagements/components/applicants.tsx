import type { Application } from '../../../../contracts/applications.ts';
import { ContactCard } from '../../../components/contact-card.tsx';
import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { CheckIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { FIRST_MESSAGES } from '../../../lib/contact.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { decideApplication } from '../api/decide-application.ts';
import { useJobApplications } from '../api/get-job-applications.ts';
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
          <p className="pre-line">{application.coverLetter}</p>
          <p className="muted">
            {t('Applied {date}', { date: formatDate(application.createdAt) })}
          </p>
          {application.contact ? (
            <ContactCard
              contact={application.contact}
              firstMessage={(me, them) => FIRST_MESSAGES.toWorker(me, them, application.job.title)}
            />
          ) : null}
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
    <span className="button-row">
      <ConfirmButton
        disabled={decide.isPending}
        title={t('Reject {applicantName}?', { applicantName })}
        description={t('This is final: they are told by SMS and cannot be accepted later.')}
        confirmLabel={t('Reject')}
        onConfirm={() => run('rejected')}
      >
        {t('Reject')}
      </ConfirmButton>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={decide.isPending}
        onClick={() => run('accepted')}
      >
        <CheckIcon size={16} /> {t('Accept')}
      </button>
    </span>
  );
}
