import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { CompletionPanel } from '../../../components/payments/completion-panel.tsx';
import { payerTotals } from '../../../components/payments/fee-summary.tsx';
import { PayButton } from '../../../components/payments/pay-button.tsx';
import { PaymentBadge } from '../../../components/payments/payment-badge.tsx';
import { confirmApplication, reportApplicationProblem } from '../api/application-completion.ts';
import { jobsQueryOptions } from '../api/get-jobs.ts';

const REFRESHES = [jobsQueryOptions().queryKey];

/** The payment badge, once there is money to speak of: a hire, or one paid before. */
export function ApplicationPaymentBadge({ application }: { application: Application }) {
  const relevant =
    application.status === 'accepted' ||
    application.status === 'completed' ||
    application.payment.status !== 'unpaid';
  return relevant ? <PaymentBadge status={application.payment.status} /> : null;
}

/** The employer's side: fund the hire (when the job has a price), then confirm or report. */
export function EmployerApplicationPayment({ application }: { application: Application }) {
  const worker = `${application.applicant.firstName} ${application.applicant.lastName}`;
  const priced = payerTotals(application.payment).amount > 0;
  return (
    <>
      {application.status === 'accepted' ? (
        priced ? (
          <PayButton
            payment={application.payment}
            url={api.payEngagement('applications', application.id)}
            action="Fund this job"
            title={`Fund: ${application.job.title}`}
            payee={worker}
            amountLabel="Job price"
            refreshes={REFRESHES}
          />
        ) : application.payment.status === 'unpaid' ? (
          <p className="hint">{PAYMENT_MESSAGES.noPrice}</p>
        ) : null
      ) : null}
      <CompletionPanel
        payment={application.payment}
        completion={application.completion}
        side="payer"
        other={worker}
        confirmableFrom={null}
        variables={{ id: application.id, label: `${worker}, ${application.job.title}` }}
        confirmKind={confirmApplication}
        reportKind={reportApplicationProblem}
      />
    </>
  );
}

/** The worker's side: wait for the employer to fund the job, then confirm or report. */
export function WorkerApplicationPayment({ application }: { application: Application }) {
  if (application.status === 'accepted' && application.payment.status === 'unpaid') {
    return (
      <p className="hint">
        Waiting for the employer to fund this job. The money is held safely until you both confirm
        the work was done.
      </p>
    );
  }
  return (
    <CompletionPanel
      payment={application.payment}
      completion={application.completion}
      side="payee"
      other="the employer"
      confirmableFrom={null}
      variables={{ id: application.id, label: application.job.title }}
      confirmKind={confirmApplication}
      reportKind={reportApplicationProblem}
    />
  );
}
