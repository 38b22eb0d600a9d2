import { toPesewas } from '../../../../contracts/money.ts';
import type { Wallet, WalletEntry } from '../../../../contracts/payments.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { AlertIcon, WalletIcon } from '../../../components/ui/icons.tsx';
import { NotSavedOffline } from '../../../components/ui/not-saved-offline.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useWallet } from '../api/get-wallet.ts';
import { useWithdraw } from '../api/withdraw.ts';
import { PayoutSettingsCard } from './payout-settings.tsx';

/**
 * The Wallet tab: what waits to be paid out (with Withdraw Funds, which sends a failed payout
 * again), what is held, earned and spent, where payouts go, and the entries behind the figures.
 */
export function WalletPanel() {
  const query = useWallet();
  if (query.isPending) {
    return query.fetchStatus === 'paused' ? (
      <NotSavedOffline what={t('Your wallet')} />
    ) : (
      <Spinner label={t('Loading wallet...')} />
    );
  }
  if (!query.data) return <EmptyState icon={<AlertIcon />} title={t('Failed to fetch wallet')} />;
  const wallet = query.data;
  return (
    <div className="stack-lg">
      <WalletSummary wallet={wallet} />
      <PayoutSettingsCard />
      <section aria-labelledby="wallet-activity" className="stack">
        <h2 id="wallet-activity" className="section-subtitle">
          {t('Activity')}
        </h2>
        {wallet.entries.length === 0 ? (
          <p className="card muted">{t('No payments yet.')}</p>
        ) : (
          <ul className="card ledger-list" aria-label={t('Wallet activity')}>
            {wallet.entries.map((entry) => (
              <LedgerLine key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function WalletSummary({ wallet }: { wallet: Wallet }) {
  const online = useOnline();
  const toast = useToast();
  const withdraw = useWithdraw();
  const owed = (toPesewas(wallet.pendingPayout) ?? 0) > 0;
  // Only a payout that failed or came back can be sent again; one on its way is left to land.
  const failed = (toPesewas(wallet.payoutFailed) ?? 0) > 0;
  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: t('Withdrawal Started'),
          description: t('{amount} is on its way to your payout number.', {
            amount: formatMoney(wallet.payoutFailed),
          }),
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('Withdrawal Failed'),
          description: errorMessage(error, msg('Please try again.')),
        }),
    });
  return (
    <div className="card wallet-card">
      <p className="stat-label">{t('Pending payout')}</p>
      <p className="wallet-balance">{formatMoney(wallet.pendingPayout)}</p>
      <p className="muted">
        {failed
          ? t(
              'A payout of {amount} did not reach your mobile money. Check your payout number, then withdraw.',
              { amount: formatMoney(wallet.payoutFailed) },
            )
          : owed
            ? t('On its way to your mobile-money wallet. Networks usually take a few minutes.')
            : t('Earnings are released from escrow to your mobile-money wallet.')}
      </p>
      {wallet.payoutHeldUntil ? (
        <p className="notice">
          {t(
            'Payouts to your new payout number wait until {date}, 24 hours after it was set. If you did not change it, change it back now.',
            { date: formatDateTime(wallet.payoutHeldUntil) },
          )}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={!failed || !online || withdraw.isPending}
        onClick={onWithdraw}
      >
        <WalletIcon size={18} /> {withdraw.isPending ? t('Sending...') : t('Withdraw Funds')}
      </button>
      {failed && !online ? <p className="hint">{t('Withdrawing needs a connection.')}</p> : null}
      <dl className="wallet-figures">
        <div>
          <dt>{t('Held in escrow')}</dt>
          <dd>{formatMoney(wallet.held)}</dd>
        </div>
        <div>
          <dt>{t('Earned')}</dt>
          <dd>{formatMoney(wallet.earned)}</dd>
        </div>
        <div>
          <dt>{t('Spent')}</dt>
          <dd>{formatMoney(wallet.spent)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** What each kind of entry means to the user; the entry's description names the engagement. */
const ENTRY_LABELS: Record<WalletEntry['kind'], string> = {
  paid: msg('You paid'),
  refunded: msg('Refunded to you'),
  held_for_you: msg('Paid in, held for you'),
  returned_to_payer: msg('Refunded to the payer'),
  released: msg('Released to you'),
  payout_sent: msg('Sent to your mobile money'),
  payout_failed: msg('Payout failed: withdraw again'),
};

function LedgerLine({ entry }: { entry: WalletEntry }) {
  const incoming = !entry.amount.startsWith('-');
  const size = entry.amount.replace(/^-/, '');
  return (
    <li className="ledger-line">
      <div>
        <p className="ledger-description">{t(ENTRY_LABELS[entry.kind])}</p>
        {entry.description ? <p className="hint">{entry.description}</p> : null}
        {entry.milestone ? (
          <p className="hint">
            {t('Milestone {number}: {title}', {
              number: entry.milestone.position,
              title: entry.milestone.title,
            })}
          </p>
        ) : null}
        <p className="hint">{formatDateTime(entry.createdAt)}</p>
      </div>
      <span className={incoming ? 'ledger-amount ledger-in' : 'ledger-amount'}>
        {incoming ? '+' : '−'}
        {formatMoney(size)}
      </span>
    </li>
  );
}
