import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  type DisputeCase,
  type FrozenPayment,
  type HeldJob,
  MODERATION_LABELS,
  MODERATION_MESSAGES,
  type PersonRef,
  REPORT_REASON_LABELS,
  type ReportedListing,
  type ReportTarget,
} from '../../../../contracts/moderation.ts';
import { paths } from '../../../../contracts/paths.ts';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUser } from '../../../lib/auth.ts';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useAdminQueue, useModerate, useResolveDispute } from '../api/admin.ts';
import { DecisionButton } from './decision-button.tsx';

const TARGET_LABELS: Record<ReportTarget, string> = {
  job: msg('Job'),
  artist: msg('Artist'),
  user: msg('Employer profile'),
};

const targetPath = (type: ReportTarget, id: number) =>
  type === 'job' ? paths.job(id) : type === 'artist' ? paths.artist(id) : paths.employer(id);

/**
 * The operator's screen: jobs held for asking applicants for money, listings people reported,
 * and disputed payments; each with its decisions. Operators only (the server refuses anyone
 * else with 403).
 */
export function AdminPage() {
  const { user } = useUser();
  const isAdmin = user?.isAdmin === true;
  const query = useAdminQueue({ enabled: isAdmin });
  const queue = query.data;

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page narrow stack-lg">
        <div className="page-heading">
          <h1>{t('Trust and Safety')}</h1>
          <p className="muted">
            {t('Held posts, reports, payment disputes and frozen payments, oldest first.')}
          </p>
        </div>
        {!isAdmin ? (
          <EmptyState icon={<ShieldIcon />} title={MODERATION_MESSAGES.notAdmin} />
        ) : query.isPending ? (
          <Spinner label={t('Loading the queue...')} />
        ) : !queue ? (
          <EmptyState icon={<AlertIcon />} title={t('Failed to fetch the queue')} />
        ) : (
          <>
            <Section title={t('Held posts')} empty={t('No held posts.')}>
              {queue.heldJobs.map((job) => (
                <HeldJobItem key={job.id} job={job} />
              ))}
            </Section>
            <Section title={t('Reports')} empty={t('No open reports.')}>
              {queue.reported.map((listing) => (
                <ReportedItem key={`${listing.targetType}-${listing.targetId}`} listing={listing} />
              ))}
            </Section>
            <Section title={t('Payment disputes')} empty={t('No disputed payments.')}>
              {queue.disputes.map((dispute) => (
                <DisputeItem key={dispute.paymentId} dispute={dispute} />
              ))}
            </Section>
            <Section title={t('Frozen payments')} empty={t('No frozen payments.')}>
              {queue.frozen.map((payment) => (
                <FrozenItem key={payment.paymentId} payment={payment} />
              ))}
            </Section>
          </>
        )}
      </main>
    </>
  );
}

/** One kind of case: its heading with how many wait, and its items (or `empty` when none). */
function Section({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  const id = `admin-${title.toLowerCase().replaceAll(' ', '-')}`;
  const count = children.length;
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title} ({count})
      </h2>
      {count === 0 ? <p className="muted">{empty}</p> : <ul className="list">{children}</ul>}
    </section>
  );
}

function Person({ label, person }: { label: string; person: PersonRef }) {
  return (
    <p className="poster-line">
      <span>{label}</span>
      <strong>{person.name}</strong>
      <span>{person.phoneNumber}</span>
      {person.suspended ? <Badge tone="red">{t('Suspended')}</Badge> : null}
    </p>
  );
}

/** Publish, Remove and Suspend for one listing or profile. */
function ModerationButtons({
  targetType,
  targetId,
  owner,
  title,
}: {
  targetType: ReportTarget;
  targetId: number;
  owner: PersonRef;
  title: string;
}) {
  const moderate = useModerate();
  const decide = (action: 'publish' | 'remove' | 'suspend') => () =>
    moderate.mutateAsync({ targetType, targetId, action });
  return (
    <div className="button-row">
      <DecisionButton label={t('Publish')} tone="primary" decide={decide('publish')} />
      {targetType === 'user' ? null : (
        <DecisionButton
          label={t('Remove')}
          confirm={{
            title: t('Remove "{title}"?', { title }),
            text: t('It is taken off Ghana Gigs for good: nobody sees it or applies to it.'),
          }}
          decide={decide('remove')}
        />
      )}
      <DecisionButton
        label={t('Suspend')}
        tone="danger"
        disabled={owner.suspended}
        confirm={{
          title: t('Suspend {name}?', { name: owner.name }),
          text: t(
            'They are signed out, cannot sign in again, everything they list is hidden, and money on its way to them is frozen for you to release or refund.',
          ),
        }}
        decide={decide('suspend')}
      />
    </div>
  );
}

function HeldJobItem({ job }: { job: HeldJob }) {
  return (
    <li className="card admin-item">
      <div className="list-card-head">
        <h3 className="card-title">
          <Link to={paths.job(job.id)}>{job.title}</Link>
        </h3>
        <Badge tone="gold">{MODERATION_LABELS.held}</Badge>
      </div>
      <Person label={t('Posted by')} person={job.poster} />
      <p className="poster-line">
        {job.town ? `${job.town}, ${job.region}` : job.region} ·{' '}
        {t('Posted {date}', { date: formatDate(job.createdAt) })}
      </p>
      <p className="notice">{job.reason}</p>
      <blockquote className="clamp-3">{job.description}</blockquote>
      <ModerationButtons targetType="job" targetId={job.id} owner={job.poster} title={job.title} />
    </li>
  );
}

function ReportedItem({ listing }: { listing: ReportedListing }) {
  return (
    <li className="card admin-item">
      <div className="list-card-head">
        <h3 className="card-title">
          <span className="muted">{t(TARGET_LABELS[listing.targetType])}: </span>
          <Link to={targetPath(listing.targetType, listing.targetId)}>{listing.title}</Link>
        </h3>
        {listing.moderation !== 'published' ? (
          <Badge tone="red">{t(MODERATION_LABELS[listing.moderation])}</Badge>
        ) : (
          <Badge tone="green">{t('Shown')}</Badge>
        )}
      </div>
      <Person label={t('Owner')} person={listing.owner} />
      <ul className="stack-sm" aria-label={t('Reports')}>
        {listing.reports.map((report) => (
          <li key={report.createdAt + report.reason}>
            <strong>{t(REPORT_REASON_LABELS[report.reason])}</strong>{' '}
            <span className="muted">{formatDateTime(report.createdAt)}</span>
            {report.details ? <blockquote>{report.details}</blockquote> : null}
          </li>
        ))}
      </ul>
      <ModerationButtons
        targetType={listing.targetType}
        targetId={listing.targetId}
        owner={listing.owner}
        title={listing.title}
      />
    </li>
  );
}

/** What a disputed or a frozen payment shows and its decisions need. */
type PaymentCase = Pick<
  DisputeCase,
  'paymentId' | 'engagementType' | 'engagementId' | 'amount' | 'serviceFee' | 'payer' | 'payee'
>;

/** Release to payee or Refund payer, for a payment an operator decides. */
function useMoneyDecision(payment: PaymentCase) {
  const resolve = useResolveDispute();
  return (decision: 'release' | 'refund') => async () => {
    await resolve.mutateAsync({ paymentId: payment.paymentId, decision });
    return {
      message:
        decision === 'release'
          ? t('Released to {name}: the payout is on its way.', { name: payment.payee.name })
          : t('Refunded to {name} in full: the refund is on its way.', {
              name: payment.payer.name,
            }),
    };
  };
}

/** A payment case's head: the deal it pays for and its amount, `badge`, and who pays whom. */
function PaymentHead({ payment, badge }: { payment: PaymentCase; badge: string }) {
  return (
    <>
      <div className="list-card-head">
        <h3 className="card-title">
          {payment.engagementType === 'booking' ? t('Booking') : t('Job application')} #
          {payment.engagementId}: {formatMoney(payment.amount)}
        </h3>
        <Badge tone="red">{badge}</Badge>
      </div>
      <Person label={t('Payer')} person={payment.payer} />
      <Person label={t('Payee')} person={payment.payee} />
    </>
  );
}

/** Release to payee, confirmed with `text`: what releasing this payment means. */
function ReleaseButton({ payment, text }: { payment: PaymentCase; text: string }) {
  const decide = useMoneyDecision(payment);
  return (
    <DecisionButton
      label={t('Release to payee')}
      tone="primary"
      confirm={{
        title: t('Release {amount} to {name}?', {
          amount: formatMoney(payment.amount),
          name: payment.payee.name,
        }),
        text,
      }}
      decide={decide('release')}
    />
  );
}

/** Refund payer: the amount and the fee back, the work cancelled. */
function RefundButton({ payment }: { payment: PaymentCase }) {
  const decide = useMoneyDecision(payment);
  return (
    <DecisionButton
      label={t('Refund payer')}
      tone="danger"
      confirm={{
        title: t('Refund {name} in full?', { name: payment.payer.name }),
        text: t('The payer gets {amount} and the {fee} fee back, and the work is cancelled.', {
          amount: formatMoney(payment.amount),
          fee: formatMoney(payment.serviceFee),
        }),
      }}
      decide={decide('refund')}
    />
  );
}

/**
 * Money stopped because its payee is suspended: a held payment (Release to payee, Refund payer)
 * or a released one whose payout is paused (Release to payee sends it); and Lift suspension,
 * which lets the payee's money go on where it stopped.
 */
function FrozenItem({ payment }: { payment: FrozenPayment }) {
  const moderate = useModerate();
  return (
    <li className="card admin-item">
      <PaymentHead
        payment={payment}
        badge={payment.status === 'held' ? t('Frozen') : t('Payout paused')}
      />
      <p className="poster-line">
        {t('Stopped on {date}: the payee is suspended.', {
          date: formatDateTime(payment.frozenAt),
        })}
      </p>
      <div className="button-row">
        <ReleaseButton
          payment={payment}
          text={t('The money is paid out to the payee, though their account stays suspended.')}
        />
        {payment.status === 'held' ? <RefundButton payment={payment} /> : null}
        <DecisionButton
          label={t('Lift suspension')}
          disabled={!payment.payee.suspended}
          confirm={{
            title: t('Lift the suspension of {name}?', { name: payment.payee.name }),
            text: t(
              'They can sign in again, their listings are shown again and their payments go on where they stopped.',
            ),
          }}
          decide={() =>
            moderate.mutateAsync({
              targetType: 'user',
              targetId: payment.payee.id,
              action: 'unsuspend',
            })
          }
        />
      </div>
    </li>
  );
}

function DisputeItem({ dispute }: { dispute: DisputeCase }) {
  return (
    <li className="card admin-item">
      <PaymentHead payment={dispute} badge={t('Disputed')} />
      <p className="poster-line">
        {dispute.disputedBy === 'payer'
          ? t('Disputed by the payer on {date}', { date: formatDateTime(dispute.disputedAt) })
          : t('Disputed by the payee on {date}', { date: formatDateTime(dispute.disputedAt) })}
      </p>
      <blockquote>{dispute.reason}</blockquote>
      <div className="button-row">
        <ReleaseButton
          payment={dispute}
          text={t('The work counts as done and the money is paid out to the payee.')}
        />
        <RefundButton payment={dispute} />
      </div>
    </li>
  );
}
