import type { Application } from '../../../../contracts/applications.ts';
import { api } from '../../../../contracts/paths.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { confirmApplication, reportApplicationProblem } from '../api/application-completion.ts';
import { CompletionPanel } from './completion-panel.tsx';
import { payerTotals } from './fee-summary.tsx';
import { PayButton } from './pay-button.tsx';
import { hasPayment, PaymentSection } from './payment-section.tsx';

const REFRESHES = [JOBS_QUERY_KEY];

/** The employer's side: fund the hire (when the job has a price), then confirm or report. */
export function EmployerApplicationPayment({ application }: { application: Application }) {
  if (!hasPayment(application)) return null;
  const worker = `${application.applicant.firstName} ${application.applicant.lastName}`;
  const priced = payerTotals(application.payment).amount > 0;
  return (
    <PaymentSection payment={application.payment}>
      {application.status === 'accepted' ? (
        priced ? (
          <PayButton
            payment={application.payment}
            url={api.payEngagement('applications', application.id)}
            action="Fund this job"
            title={t('Fund: {title}', { title: application.job.title })}
            payee={worker}
            amountLabel={t('Job price')}
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
        variables={{ id: application.id, label: `${worker}, ${application.job.title}` }}
        confirmKind={confirmApplication}
        reportKind={reportApplicationProblem}
      />
    </PaymentSection>
  );
}

/** The worker's side: wait for the employer to fund the job, then confirm or report. */
export function WorkerApplicationPayment({ application }: { application: Application }) {
  if (!hasPayment(application)) return null;
  return (
    <PaymentSection payment={application.payment}>
      {application.status === 'accepted' && application.payment.status === 'unpaid' ? (
        <p className="hint">
          {t(
            'Waiting for the employer to fund this job. The money is held safely until you both confirm the work was done.',
          )}
        </p>
      ) : null}
      <CompletionPanel
        payment={application.payment}
        completion={application.completion}
        side="payee"
        other={t('the employer')}
        variables={{ id: application.id, label: application.job.title }}
        confirmKind={confirmApplication}
        reportKind={reportApplicationProblem}
      />
    </PaymentSection>
  );
}
