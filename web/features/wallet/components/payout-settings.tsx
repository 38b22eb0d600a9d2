import { useState } from 'react';
import { MOBILE_NETWORK_NAMES, type MobileNetwork } from '../../../../contracts/mobile-networks.ts';
import { PayoutSettingsSchema } from '../../../../contracts/payments.schemas.ts';
import { PAYMENT_MESSAGES, type PayoutSettings } from '../../../../contracts/payments.ts';
import { validate } from '../../../../contracts/validate.ts';
import {
  MobileMoneyFields,
  walletNetwork,
} from '../../../components/payments/mobile-money-fields.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/auth.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import {
  usePayoutSettings,
  useSavePayoutSettings,
  useSendPayoutCode,
} from '../api/payout-settings.ts';

/** Where earnings go, and a form to change it. */
export function PayoutSettingsCard() {
  const query = usePayoutSettings();
  const [editing, setEditing] = useState(false);
  const settings = query.data;
  return (
    <section className="card stack" aria-labelledby="payout-heading">
      <div className="card-top">
        <h2 id="payout-heading" className="card-title">
          {t('Payout number')}
        </h2>
        {settings && !editing ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)}>
            {t('Change')}
          </button>
        ) : null}
      </div>
      {!settings ? (
        <p className="muted">
          {query.isError ? t('Failed to fetch your payout number') : t('Loading payout number...')}
        </p>
      ) : editing ? (
        <PayoutForm settings={settings} onDone={() => setEditing(false)} />
      ) : (
        <p className="payout-number">
          <PhoneIcon size={18} /> {MOBILE_NETWORK_NAMES[settings.network]} {settings.phoneNumber}
          {settings.isDefault ? <span className="hint"> {t('(your sign-in number)')}</span> : null}
        </p>
      )}
    </section>
  );
}

/**
 * The number and network, then a code: changing where money goes takes a fresh code sent to
 * the sign-in phone, so a session alone (a phone left unlocked, a stolen cookie) cannot redirect
 * earnings. Send code first; the code field and Save follow.
 */
function PayoutForm({ settings, onDone }: { settings: PayoutSettings; onDone: () => void }) {
  const online = useOnline();
  const toast = useToast();
  const { user } = useUser();
  const save = useSavePayoutSettings();
  const sendCode = useSendPayoutCode();
  const [codeSent, setCodeSent] = useState(false);
  // Until one is picked (`chosen`), the network follows the number's prefix.
  const form = useForm(
    {
      phoneNumber: settings.phoneNumber,
      chosen: settings.network as MobileNetwork | null,
      code: '',
    },
    ({ phoneNumber, chosen, code }) => {
      const network = walletNetwork({ phoneNumber, chosen }) ?? '';
      const result = validate(PayoutSettingsSchema, { phoneNumber, network });
      if (!result.ok || !codeSent) return result;
      if (!/^\d{6}$/.test(code.trim())) {
        return { ok: false, errors: { code: PAYMENT_MESSAGES.payoutCode } };
      }
      return { ok: true, value: { ...result.value, code: code.trim() } };
    },
  );
  const { values, errors } = form;

  const onSendCode = () => {
    if (!form.validate().ok) return;
    sendCode.mutate(undefined, {
      onSuccess: () => setCodeSent(true),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('Code Not Sent'),
          description: errorMessage(error, msg('Please try again.')),
        }),
    });
  };

  const onSubmit = form.submit((value) => {
    if (!codeSent) return onSendCode();
    save.mutate(value, {
      onSuccess: () => {
        toast({
          title: t('Payout Number Saved'),
          description: t('Earnings will go to {network} {phoneNumber}.', {
            network: MOBILE_NETWORK_NAMES[value.network],
            phoneNumber: value.phoneNumber,
          }),
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) form.refuse(error.fieldErrors);
        toast({
          variant: 'destructive',
          title: t('Not Saved'),
          description: errorMessage(error, msg('Please try again.')),
        });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <MobileMoneyFields values={values} errors={errors} change={form.change} />
      {codeSent ? (
        <TextField
          label={t('Code from your sign-in phone')}
          hint={t('We sent a 6-digit code to {phone}. It expires in 10 minutes.', {
            phone: user?.phoneNumber ?? t('your sign-in phone'),
          })}
          error={errors.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code')}
        />
      ) : (
        <p className="hint">
          {t(
            'To keep your earnings safe, we send a code to your sign-in phone before the number changes. Payouts to a new number wait 24 hours.',
          )}
        </p>
      )}
      {online ? null : <p className="field-error">{t('Saving needs a connection.')}</p>}
      <DialogActions onCancel={onDone}>
        {codeSent ? (
          <PendingButton pending={save.isPending} pendingLabel={t('Saving...')} disabled={!online}>
            {t('Save')}
          </PendingButton>
        ) : (
          <PendingButton
            pending={sendCode.isPending}
            pendingLabel={t('Sending...')}
            disabled={!online}
          >
            {t('Send code')}
          </PendingButton>
        )}
      </DialogActions>
      {codeSent ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={sendCode.isPending || !online}
          onClick={onSendCode}
        >
          {t('Send a new code')}
        </button>
      ) : null}
    </form>
  );
}
