import { type FormEvent, useState } from 'react';
import { ArtistProfileSchema } from '../../../../contracts/artists.schemas.ts';
import {
  type Artist,
  PERFORMANCE_TYPE_LABELS,
  PERFORMANCE_TYPES,
  type PerformanceType,
} from '../../../../contracts/artists.ts';
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_SENTENCES,
  type CancellationPolicy,
} from '../../../../contracts/engagements.ts';
import { priceFloorErrors } from '../../../../contracts/money.ts';
import { REGIONS } from '../../../../contracts/regions.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSaveArtistProfile } from '../api/my-artist.ts';

interface ProfileForm {
  stageName: string;
  bio: string;
  performanceTypes: PerformanceType[];
  region: string;
  hourlyRate: string;
  eventRate: string;
  cancellationPolicy: CancellationPolicy;
}

const toForm = (artist: Artist): ProfileForm => ({
  stageName: artist.stageName,
  bio: artist.bio ?? '',
  performanceTypes: artist.performanceTypes,
  region: artist.region,
  hourlyRate: artist.hourlyRate ?? '',
  eventRate: artist.eventRate ?? '',
  cancellationPolicy: artist.cancellationPolicy,
});

/** The profile clients book from: name, bio, what they perform, where, and their rates. */
export function ArtistProfileEditor({ artist }: { artist: Artist }) {
  const [form, setForm] = useState(() => toForm(artist));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveArtistProfile();
  const toast = useToast();
  const online = useOnline();
  const set = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      ...form,
      hourlyRate: form.hourlyRate.trim() || null,
      eventRate: form.eventRate.trim() || null,
    };
    const result = validate(ArtistProfileSchema, input);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    // Rates under their floors are refused before sending, with the server's own messages.
    const floors = priceFloorErrors(result.value);
    if (Object.keys(floors).length > 0) {
      setErrors(floors);
      return;
    }
    setErrors({});
    save.mutate(
      { ...input, region: result.value.region },
      {
        onSuccess: () =>
          toast({ title: t('Profile Saved'), description: t('Clients now see your changes.') }),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
          toast({
            title: t('Could Not Save'),
            description: errorMessage(error, msg('Please try again.')),
            variant: 'destructive',
          });
        },
      },
    );
  }

  const noRate = !form.hourlyRate.trim() && !form.eventRate.trim();
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="section-subtitle">
        {t('Your Profile')}
      </h2>
      <Field label={t('Stage Name')} error={errors.stageName}>
        <input
          className="input"
          value={form.stageName}
          maxLength={60}
          onChange={(event) => set('stageName', event.target.value)}
        />
      </Field>
      <Field label={t('Bio')} optional error={errors.bio}>
        <textarea
          className="input"
          rows={4}
          maxLength={1000}
          value={form.bio}
          placeholder={t('What you perform, where you have played, what makes your shows special.')}
          onChange={(event) => set('bio', event.target.value)}
        />
      </Field>
      <fieldset className="fieldset">
        <legend className="label">{t('Performance Types')}</legend>
        <div className="checkbox-grid">
          {PERFORMANCE_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={form.performanceTypes.includes(type)}
                onChange={(event) =>
                  set(
                    'performanceTypes',
                    event.target.checked
                      ? [...form.performanceTypes, type]
                      : form.performanceTypes.filter((item) => item !== type),
                  )
                }
              />
              {t(PERFORMANCE_TYPE_LABELS[type])}
            </label>
          ))}
        </div>
        <FieldError error={errors.performanceTypes} />
      </fieldset>
      <Field label={t('Region')} error={errors.region}>
        <select
          className="input"
          value={form.region}
          onChange={(event) => set('region', event.target.value)}
        >
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      </Field>
      <div className="field-row">
        <Field label={t('Hourly Rate (GHS)')} optional error={errors.hourlyRate}>
          <input
            className="input"
            inputMode="decimal"
            placeholder="250.00"
            value={form.hourlyRate}
            onChange={(event) => set('hourlyRate', event.target.value)}
          />
        </Field>
        <Field label={t('Event Rate (GHS)')} optional error={errors.eventRate}>
          <input
            className="input"
            inputMode="decimal"
            placeholder="3000.00"
            value={form.eventRate}
            onChange={(event) => set('eventRate', event.target.value)}
          />
        </Field>
      </div>
      <fieldset className="fieldset">
        <legend className="label">{t('Cancellation policy')}</legend>
        <p className="hint">
          {t(
            'What a client gets back if they cancel a paid booking. Clients see it before they book.',
          )}
        </p>
        <div className="choice-grid">
          {CANCELLATION_POLICIES.map((policy) => (
            <label key={policy} className="choice-card">
              <input
                type="radio"
                name="cancellationPolicy"
                value={policy}
                checked={form.cancellationPolicy === policy}
                onChange={() => set('cancellationPolicy', policy)}
              />
              <span className="choice-text">{t(CANCELLATION_POLICY_SENTENCES[policy])}</span>
            </label>
          ))}
        </div>
        <FieldError error={errors.cancellationPolicy} />
      </fieldset>
      {noRate ? (
        <p className="hint" role="note">
          {t('Set at least one rate so clients can book you.')}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
          {save.isPending ? t('Saving...') : t('Save Profile')}
        </button>
        {online ? null : (
          <span className="hint">{t('Connect to the internet to save changes.')}</span>
        )}
      </div>
    </form>
  );
}
