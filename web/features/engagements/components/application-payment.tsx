import type { Application } from '../../../../contracts/applications.ts';
import type { Milestone } from '../../../../contracts/engagements.ts';
import { formatAmount } from '../../../../contracts/money.ts';
import { api, type EngagementPath } from '../../../../contracts/paths.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { JOBS_QUERY_KEY } from '../../../lib/query-keys.ts';
import { confirmApplication, reportApplicationProblem } from '../api/application-completion.ts';
import { confirmMilestone, reportMilestoneProblem } from '../api/milestone-completion.ts';
import { DealMoney } from './deal-card.tsx';
import { payerTotals } from './fee-summary.tsx';
import { MilestonesButton } from './milestones-editor.tsx';

const REFRESHES = [JOBS_QUERY_KEY];

type Side = 'payer' | 'payee';

/** One stage of the money: the whole job, or one of its milestones. */
interface Stage {
  kind: EngagementPath;
  id: number;
  deal: Pick<Milestone, 'payment' | 'completion' | 'allowedActions'>;
}

/** The stages the card shows: the milestones when the employer split the job, else the job. */
function stages(application: Application): {
  split: boolean;
  list: (Stage & { milestone?: Milestone })[];
} {
  if (application.milestones.length > 1) {
    return {
      split: true,
      list: application.milestones.map((milestone) => ({
        kind: 'milestones',
        id: milestone.id,
        deal: milestone,
        milestone,
      })),
    };
  }
  return { split: false, list: [{ kind: 'applications', id: application.id, deal: application }] };
}

/** What cancelling one stage does to its money, in words. */
function cancelOutcome(side: Side, stage: Stage, worker: string): string {
  const { payment } = stage.deal;
  if (payment.status === 'unpaid') {
    return side === 'payer'
      ? t('Nothing has been paid, so cancelling costs nothing.')
      : t('Nothing has been paid. The employer is told you withdrew.');
  }
  const total = formatMoney(formatAmount(payerTotals(payment).total));
  return side === 'payer'
    ? t('You get back all {total} you paid.', { total })
    : t('The employer gets back all {total} they paid. {name} is told.', { total, name: worker });
}

function StageMoney({
  application,
  stage,
  side,
}: {
  application: Application;
  stage: Stage;
  side: Side;
}) {
  const worker = `${application.applicant.firstName} ${application.applicant.lastName}`;
  const other = side === 'payer' ? worker : t('the employer');
  const milestone = stage.kind === 'milestones';
  const priced = payerTotals(stage.deal.payment).amount > 0;
  const label = side === 'payer' ? `${worker}, ${application.job.title}` : application.job.title;
  return (
    <DealMoney
      deal={{ ...stage.deal, side, other }}
      status={application.status}
      pay={
        side === 'payer' && priced
          ? {
              url: api.payEngagement(stage.kind, stage.id),
              action: 'Fund this job',
              title: t('Fund: {title}', { title: application.job.title }),
              payee: worker,
              amountLabel: milestone ? t('Milestone') : t('Job price'),
              refreshes: REFRESHES,
            }
          : undefined
      }
      waiting={
        side === 'payee'
          ? t(
              'Waiting for the employer to fund this job. The money is held safely until you both confirm the work was done.',
            )
          : !priced
            ? PAYMENT_MESSAGES.noPrice
            : null
      }
      completion={{
        variables: { id: stage.id, label },
        confirmKind: milestone ? confirmMilestone : confirmApplication,
        reportKind: milestone ? reportMilestoneProblem : reportApplicationProblem,
      }}
      cancel={{
        kind: stage.kind,
        id: stage.id,
        label: side === 'payer' ? t('Cancel the hire') : t('Withdraw'),
        title:
          side === 'payer'
            ? t('Cancel the hire of {name}?', { name: worker })
            : t('Withdraw from {title}?', { title: application.job.title }),
        outcome: cancelOutcome(side, stage, worker),
        refreshes: JOBS_QUERY_KEY,
      }}
    />
  );
}

/** The money of an application, as one stage or as its milestones, each with its own buttons. */
function ApplicationMoney({ application, side }: { application: Application; side: Side }) {
  const { split, list } = stages(application);
  const editable =
    side === 'payer' &&
    (application.status === 'pending' || application.status === 'accepted') &&
    application.milestones.every((milestone) => milestone.payment.status === 'unpaid') &&
    payerTotals(application.payment).amount > 0;
  return (
    <>
      {split ? (
        <ol className="milestones" aria-label={t('Milestones')}>
          {list.map((stage, index) => (
            <li key={stage.id} className="milestone">
              <p className="milestone-head">
                <strong>
                  {t('Milestone {number}: {title}', {
                    number: index + 1,
                    title: stage.milestone?.title ?? '',
                  })}
                </strong>{' '}
                <span className="price">{formatMoney(stage.milestone?.amount ?? '0')}</span>
              </p>
              {stage.milestone?.dueDate ? (
                <p className="hint">
                  {t('Due {date}', { date: formatDay(stage.milestone.dueDate) })}
                </p>
              ) : null}
              <StageMoney application={application} stage={stage} side={side} />
            </li>
          ))}
        </ol>
      ) : (
        list[0] && <StageMoney application={application} stage={list[0]} side={side} />
      )}
      {editable ? <MilestonesButton application={application} /> : null}
    </>
  );
}

/** The employer's side: split and fund the hire, then confirm or report, stage by stage. */
export function EmployerApplicationPayment({ application }: { application: Application }) {
  return <ApplicationMoney application={application} side="payer" />;
}

/** The worker's side: wait for the employer to fund each stage, then confirm or report. */
export function WorkerApplicationPayment({ application }: { application: Application }) {
  return <ApplicationMoney application={application} side="payee" />;
}
