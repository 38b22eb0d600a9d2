import type { ReactNode } from 'react';
import {
  MOBILE_NETWORK_NAMES,
  MOBILE_NETWORKS,
  type MobileNetwork,
} from '../../../contracts/mobile-networks.ts';
import { networkOfPhone } from '../../../contracts/payments.ts';
import { t } from '../../lib/i18n/translate.ts';
import type { FieldErrors } from '../../lib/use-form.ts';
import { Field, TextField } from '../ui/field.tsx';
import { SelectInput } from '../ui/select-input.tsx';

/**
 * A mobile-money wallet as a form holds it: the number typed, and the network picked (`chosen`,
 * null until the person picks one).
 */
export interface WalletValues {
  phoneNumber: string;
  chosen: MobileNetwork | null;
}

/** The wallet's network: the one picked, else the one the number's prefix belongs to. */
export const walletNetwork = ({ phoneNumber, chosen }: WalletValues): MobileNetwork | null =>
  chosen ?? networkOfPhone(phoneNumber.trim()) ?? null;

/**
 * Where mobile money comes from (paying) or goes (payouts): the number, then its network.
 * Typing a number lets the network follow its prefix again; "Choose your network" shows only
 * while neither says one.
 */
export function MobileMoneyFields({
  values,
  errors,
  change,
  hint,
}: {
  values: WalletValues;
  errors: FieldErrors;
  change: (patch: Partial<WalletValues>) => void;
  hint?: ReactNode;
}) {
  const network = walletNetwork(values);
  return (
    <>
      <TextField
        label={t('Mobile money number')}
        error={errors.phoneNumber}
        hint={hint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={values.phoneNumber}
        onChange={(event) => change({ phoneNumber: event.target.value, chosen: null })}
      />
      <Field label={t('Network')} error={errors.network}>
        <SelectInput
          options={MOBILE_NETWORKS}
          label={(value) => MOBILE_NETWORK_NAMES[value]}
          placeholder={network === null ? t('Choose your network') : null}
          value={network ?? ''}
          onChange={(event) => change({ chosen: event.target.value as MobileNetwork })}
        />
      </Field>
    </>
  );
}
