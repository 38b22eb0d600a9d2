import { type Dispatch, useEffect, useState } from 'react';
import type { MobileNetwork } from '../../../../contracts/mobile-networks.ts';
import { StartPaymentSchema, SubmitOtpSchema } from '../../../../contracts/payments.schemas.ts';
import {
  APPROVAL_HINTS,
  PAYMENT_MESSAGES,
  type PaymentProgress,
  type PaymentStarted,
} from '../../../../contracts/payments.ts';
import { validate } from '../../../../contracts/validate.ts';
import {
  MobileMoneyFields,
  walletNetwork,
} from '../../../components/payments/mobile-money-fields.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DialogActions } from '../../../components/ui/form-buttons.tsx';
import { AlertIcon, CheckIcon, PhoneIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { startPayment, submitPaymentOtp } from '../api/payments.ts';
import { FeeSummary, ghs, payerTotals } from './fee-summary.tsx';
import type { PayButtonProps } from './pay-button.tsx';
import { formatCountdown, type PayEvent, type PayFlow, secondsLeft } from './pay-flow.ts';

interface PayStepsProps extends PayButtonProps {
  flow: PayFlow;
  dispatch: Dispatch<PayEvent>;
  onAnswer: (answer: PaymentStarted | Partial<PaymentProgress>) => void;
  onDone: () => void;
}

/** The number and network the payer is asked to approve on, as the choose step holds them. */
function useWalletForm(phoneNumber: string) {
  return useForm({ phoneNumber, chosen: null as MobileNetwork | null }, (values) =>
    validate(StartPaymentSchema, {
      phoneNumber: values.phoneNumber,
      network: walletNetwork(values) ?? '',
    }),
  );
}
type WalletForm = ReturnType<typeof useWalletForm>;

/** What a payment call that failed says: the server's message (else `fallback`), or offline. */
const failureMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError ? errorMessage(error, fallback) : PAYMENT_MESSAGES.offline;

/** The paying dialog's content for each step of the flow. */
export function PaySteps(props: PayStepsProps) {
  const { user } = useUser();
  // Kept across steps, so Try again starts from the wallet the payer typed. Until the payer
  // picks one (`chosen`), the network follows the number's prefix.
  const wallet = useWalletForm(user?.phoneNumber ?? '+233');
  const network = walletNetwork(wallet.values);

  switch (props.flow.step) {
    case 'choose':
    case 'starting':
      return <ChooseWallet {...props} wallet={wallet} />;
    case 'approve':
      return (
        <Approve
          {...props}
          deadline={props.flow.deadline}
          phoneNumber={props.flow.wallet?.phoneNumber ?? null}
          network={props.flow.wallet?.network ?? network}
        />
      );
    case 'otp':
      return <EnterCode {...props} flow={props.flow} />;
    case 'paid':
      return <Paid {...props} />;
    case 'failed':
      return <Failed {...props} message={props.flow.message} />;
  }
}

function ChooseWallet({
  flow,
  dispatch,
  onAnswer,
  onDone,
  payment,
  url,
  payee,
  amountLabel,
  wallet,
}: PayStepsProps & { wallet: WalletForm }) {
  const online = useOnline();
  const { errors } = wallet;
  const { amount, total } = payerTotals(payment);
  const starting = flow.step === 'starting';

  const onSubmit = wallet.submit(async (value) => {
    dispatch({ type: 'submit' });
    try {
      onAnswer(await startPayment(url, value));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) wallet.refuse(error.fieldErrors);
      dispatch({ type: 'refused', message: failureMessage(error, PAYMENT_MESSAGES.refused) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <FeeSummary payment={payment} amountLabel={amountLabel} />
      <MobileMoneyFields
        values={wallet.values}
        errors={errors}
        change={wallet.change}
        hint={t('The prompt to approve goes to this phone.')}
      />
      <p className="hint">
        <ShieldIcon size={14} />{' '}
        {t('{payee} receives {amount}. We hold it until you both confirm the work was done.', {
          payee,
          amount: ghs(amount),
        })}
      </p>
      {flow.step === 'choose' && flow.error ? (
        <p className="field-error" role="alert">
          {t(flow.error)}
        </p>
      ) : null}
      {online ? null : <p className="field-error">{PAYMENT_MESSAGES.offline}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={starting || !online}>
          {starting ? t('Starting...') : t('Pay {amount}', { amount: ghs(total) })}
        </button>
      </div>
    </form>
  );
}

/** Ticks once a second while mounted, for the countdown. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Approve({
  payment,
  deadline,
  phoneNumber,
  network,
}: PayStepsProps & {
  deadline: number;
  phoneNumber: string | null;
  network: MobileNetwork | null;
}) {
  const now = useNow();
  const online = useOnline();
  const left = secondsLeft(deadline, now);
  return (
    <div className="pay-step">
      <div className="pay-icon" aria-hidden="true">
        <PhoneIcon size={28} />
      </div>
      <p className="pay-instruction">
        {t('Approve {amount} on your phone.', { amount: ghs(payerTotals(payment).total) })}
      </p>
      {/* A charge already under way rings the number it was started with, not the one typed. */}
      {phoneNumber ? (
        <p className="muted">{t('Prompt sent to {phone}', { phone: phoneNumber })}</p>
      ) : null}
      {network ? <p className="muted">{t(APPROVAL_HINTS[network])}</p> : null}
      <div className="countdown">
        <span className="countdown-label">{t('Time left to approve')}</span>
        <span className="countdown-value" role="timer" aria-label={t('Time left to approve')}>
          {formatCountdown(left)}
        </span>
      </div>
      <p className="muted" role="status">
        {!online
          ? t("You're offline. We'll check the payment when you're back online.")
          : left > 0
            ? t('Waiting for your approval...')
            : t('Checking with your network...')}
      </p>
      <p className="hint">{t('You can close this: the payment goes on, and this list updates.')}</p>
    </div>
  );
}

function EnterCode({
  flow,
  dispatch,
  onAnswer,
  payment,
}: PayStepsProps & { flow: Extract<PayFlow, { step: 'otp' }> }) {
  const { errors, field, submit } = useForm({ otp: '' }, SubmitOtpSchema);
  const onSubmit = submit(async ({ otp }) => {
    dispatch({ type: 'send-otp' });
    try {
      onAnswer(await submitPaymentOtp(flow.reference, otp));
    } catch (caught) {
      dispatch({ type: 'otp-refused', message: failureMessage(caught, PAYMENT_MESSAGES.otp) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <p className="pay-instruction">
        {t('Approve {amount} with a code', { amount: ghs(payerTotals(payment).total) })}
      </p>
      <p>{flow.displayText || t('Your network sent you a code by SMS. Enter it to approve.')}</p>
      <TextField
        label={t('Code')}
        error={errors.otp ?? flow.error ?? undefined}
        className="input input-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...field('otp')}
      />
      <div className="dialog-actions">
        <button type="submit" className="btn btn-primary" disabled={flow.sending}>
          {flow.sending ? t('Checking...') : t('Approve Payment')}
        </button>
      </div>
    </form>
  );
}

function Paid({ payment, payee, onDone }: PayStepsProps) {
  const { amount, total } = payerTotals(payment);
  return (
    <div className="pay-step" role="status">
      <div className="pay-icon pay-icon-done" aria-hidden="true">
        <CheckIcon size={28} />
      </div>
      <p className="pay-instruction">{t('Payment received')}</p>
      <p className="muted">
        {t('{total} paid. We hold {amount} for {payee} until you both confirm the work was done.', {
          total: ghs(total),
          amount: ghs(amount),
          payee,
        })}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('Done')}
        </button>
      </div>
    </div>
  );
}

function Failed({ message, dispatch, onDone }: PayStepsProps & { message: string }) {
  return (
    <div className="pay-step" role="alert">
      <div className="pay-icon pay-icon-failed" aria-hidden="true">
        <AlertIcon size={28} />
      </div>
      <p className="pay-instruction">{t('Payment failed')}</p>
      <p className="muted">{message}</p>
      <DialogActions onCancel={onDone}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => dispatch({ type: 'reset' })}
        >
          {t('Try again')}
        </button>
      </DialogActions>
    </div>
  );
}
