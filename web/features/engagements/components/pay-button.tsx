import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import type { Payment, PaymentProgress, PaymentStarted } from '../../../../contracts/payments.ts';
import { PAYMENT_MESSAGES } from '../../../../contracts/payments.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { WalletIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { WALLET_QUERY_KEY } from '../../../lib/query-keys.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { getPaymentProgress } from '../api/payments.ts';
import { ghs, payerTotals } from './fee-summary.tsx';
import { INITIAL_PAY_FLOW, isUnderWay, payFlowReducer } from './pay-flow.ts';
import { PaySteps } from './pay-steps.tsx';

/** 'GHS 36.75' that a narrow line never splits between the currency and the number. */
const unbroken = (amount: string) => amount.replace(' ', '\u00a0');

/** How often the paying screen asks how the charge is going. */
export const POLL_MS = 3000;

export interface PayButtonProps {
  payment: Payment;
  /** Whether the server's `allowedActions` has `pay` now. */
  allowed: boolean;
  /** Where the charge starts: the booking's or the application's payment URL. */
  url: string;
  /** The button: 'Pay' (followed by the total) or 'Fund this job'. */
  action: 'Pay' | 'Fund this job';
  /** The dialog's title: 'Pay DJ Kasa'. */
  title: string;
  /** Who receives the amount, for the dialog's words: 'DJ Kasa'. */
  payee: string;
  /** 'Booking total' or 'Job price'. */
  amountLabel: string;
  /** The domain prefixes that show this payment's state (the wallet is refreshed as well). */
  refreshes: readonly QueryKey[];
}

/**
 * Pay for an accepted engagement: the total with its fee broken out, then the paying dialog.
 * The flow lives here, not in the dialog, so closing the dialog while the phone rings loses
 * nothing: the button then says Continue Payment, and the poll goes on. Paying needs a
 * connection, so offline the button is disabled and says why instead of queueing.
 */
export function PayButton(props: PayButtonProps) {
  const { payment, refreshes } = props;
  const online = useOnline();
  const hintId = useId();
  const queryClient = useQueryClient();
  const [flow, dispatch] = useReducer(payFlowReducer, INITIAL_PAY_FLOW);
  const [open, setOpen] = useState(false);
  const { amount, fee, total } = payerTotals(payment);
  const toast = useToast();
  // Read by the poll, which outlives renders: an ending nobody is looking at gets a toast.
  const openRef = useRef(open);
  const show = (next: boolean) => {
    openRef.current = next;
    setOpen(next);
  };

  const refresh = useCallback(() => {
    for (const queryKey of [...refreshes, WALLET_QUERY_KEY]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient, refreshes]);

  /** Every answer about the charge goes through here: the state moves, and the lists follow. */
  const onAnswer = useCallback(
    (answer: PaymentStarted | Partial<PaymentProgress>) => {
      dispatch({ type: 'answer', answer, now: Date.now() });
      refresh();
      if (openRef.current) return;
      if (answer.status === 'success') {
        toast({
          title: t('Payment Received'),
          description: t("{amount} paid to {payee}'s escrow.", {
            amount: ghs(total),
            payee: props.payee,
          }),
        });
      } else if (answer.status === 'failed') {
        const message =
          'message' in answer && answer.message ? answer.message : PAYMENT_MESSAGES.declined;
        toast({ variant: 'destructive', title: t('Payment Failed'), description: message });
      }
    },
    [refresh, toast, total, props.payee],
  );

  const reference = flow.step === 'approve' ? flow.reference : null;
  useEffect(() => {
    if (reference === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const answer = await getPaymentProgress(reference);
        if (stopped) return;
        if (answer.status === 'pay_offline' || answer.status === 'pending') {
          dispatch({ type: 'answer', answer, now: Date.now() });
        } else {
          onAnswer(answer);
        }
      } catch (error) {
        // No connection: ask again next time. A refusal (signed out, unknown payment) ends it.
        if (!stopped && error instanceof ApiError && error.status < 500 && error.status !== 429) {
          onAnswer({ status: 'failed', message: errorMessage(error, PAYMENT_MESSAGES.declined) });
        }
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [reference, onAnswer]);

  const close = () => {
    show(false);
    // Over (paid, failed, or never started): the next opening starts afresh.
    if (!isUnderWay(flow)) dispatch({ type: 'reset' });
  };

  const underWay = isUnderWay(flow);
  const payable = props.allowed || underWay;
  if (!payable && !open) {
    return payment.status === 'pending' ? (
      <p className="pay-note">{t('A payment is waiting for your approval on your phone.')}</p>
    ) : null;
  }

  const label =
    props.action === 'Pay' ? t('Pay {amount}', { amount: ghs(total) }) : t('Fund this job');
  return (
    <div className="pay-action">
      {payable ? (
        <>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={!online && !underWay}
            aria-describedby={hintId}
            onClick={() => show(true)}
          >
            <WalletIcon size={16} /> {underWay ? t('Continue Payment') : label}
          </button>
          <p id={hintId} className="pay-note">
            {!online && !underWay
              ? t(PAYMENT_MESSAGES.offline)
              : t('{label} {amount} + service fee {fee}', {
                  label: props.amountLabel,
                  amount: unbroken(ghs(amount)),
                  fee: unbroken(ghs(fee)),
                })}
          </p>
        </>
      ) : null}
      <Dialog open={open} onClose={close} title={props.title}>
        <PaySteps {...props} flow={flow} dispatch={dispatch} onAnswer={onAnswer} onDone={close} />
      </Dialog>
    </div>
  );
}
