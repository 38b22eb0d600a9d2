import { type FormEvent, useState } from 'react';
import {
  MOBILE_NETWORK_NAMES,
  MOBILE_NETWORKS,
  type MobileNetwork,
} from '../../../../contracts/mobile-networks.ts';
import { PayoutSettingsSchema } from '../../../../contracts/payments.schemas.ts';
import type { PayoutSettings } from '../../../../contracts/payments.ts';
import { networkOfPhone } from '../../../../contracts/payments.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Field } from '../../../components/ui/field.tsx';
import { PhoneIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { usePayoutSettings, useSavePayoutSettings } from '../api/payout-settings.ts';

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

function PayoutForm({ settings, onDone }: { settings: PayoutSettings; onDone: () => void }) {
  const online = useOnline();
  const toast = useToast();
  const save = useSavePayoutSettings();
  const [phone, setPhone] = useState(settings.phoneNumber);
  // Until one is picked, the network follows the number's prefix.
  const [chosen, setChosen] = useState<MobileNetwork | null>(settings.network);
  const network = chosen ?? networkOfPhone(phone.trim()) ?? null;
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(PayoutSettingsSchema, { phoneNumber: phone, network: network ?? '' });
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    save.mutate(result.value, {
      onSuccess: () => {
        toast({
          title: t('Payout Number Saved'),
          description: t('Earnings will go to {network} {phoneNumber}.', {
            network: MOBILE_NETWORK_NAMES[result.value.network],
            phoneNumber: result.value.phoneNumber,
          }),
        });
        onDone();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
        toast({
          variant: 'destructive',
          title: t('Not Saved'),
          description: errorMessage(error, msg('Please try again.')),
        });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <Field label={t('Mobile money number')} error={errors.phoneNumber}>
        <input
          className="input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            setChosen(null);
          }}
        />
      </Field>
      <Field label={t('Network')} error={errors.network}>
        <select
          className="input"
          value={network ?? ''}
          onChange={(event) => setChosen(event.target.value as MobileNetwork)}
        >
          {network === null ? <option value="">{t('Choose your network')}</option> : null}
          {MOBILE_NETWORKS.map((value) => (
            <option key={value} value={value}>
              {MOBILE_NETWORK_NAMES[value]}
            </option>
          ))}
        </select>
      </Field>
      {online ? null : <p className="field-error">{t('Saving needs a connection.')}</p>}
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
          {save.isPending ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}
