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
import { Field, FieldError, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { PendingButton } from '../../../components/ui/form-buttons.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
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

/** The profile as the API takes it; rates under their floors refused with the server's messages. */
function checkProfile(form: ProfileForm) {
  const input = {
    ...form,
    hourlyRate: form.hourlyRate.trim() || null,
    eventRate: form.eventRate.trim() || null,
  };
  const result = validate(ArtistProfileSchema, input);
  if (!result.ok) return result;
  const floors = priceFloorErrors(result.value);
  if (Object.keys(floors).length > 0) return { ok: false as const, errors: floors };
  return { ok: true as const, value: { ...input, region: result.value.region } };
}

/** The profile clients book from: name, bio, what they perform, where, and their rates. */
export function ArtistProfileEditor({ artist }: { artist: Artist }) {
  const {
    values: form,
    errors,
    field,
    set,
    submit,
    refuse,
  } = useForm(() => toForm(artist), checkProfile);
  const save = useSaveArtistProfile();
  const toast = useToast();
  const online = useOnline();

  const onSubmit = submit((profile) =>
    save.mutate(profile, {
      onSuccess: () =>
        toast({ title: t('Profile Saved'), description: t('Clients now see your changes.') }),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) refuse(error.fieldErrors);
        toast({
          title: t('Could Not Save'),
          description: errorMessage(error, msg('Please try again.')),
          variant: 'destructive',
        });
      },
    }),
  );

  const noRate = !form.hourlyRate.trim() && !form.eventRate.trim();
  return (
    <form className="card stack" onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="section-subtitle">
        {t('Your Profile')}
      </h2>
      <TextField
        label={t('Stage Name')}
        error={errors.stageName}
        maxLength={60}
        {...field('stageName')}
      />
      <TextAreaField
        label={t('Bio')}
        optional
        error={errors.bio}
        rows={4}
        maxLength={1000}
        placeholder={t('What you perform, where you have played, what makes your shows special.')}
        {...field('bio')}
      />
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
        <SelectInput options={REGIONS} {...field('region')} />
      </Field>
      <div className="field-row">
        <TextField
          label={t('Hourly Rate (GHS)')}
          optional
          error={errors.hourlyRate}
          inputMode="decimal"
          placeholder="250.00"
          {...field('hourlyRate')}
        />
        <TextField
          label={t('Event Rate (GHS)')}
          optional
          error={errors.eventRate}
          inputMode="decimal"
          placeholder="3000.00"
          {...field('eventRate')}
        />
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
        <PendingButton pending={save.isPending} pendingLabel={t('Saving...')} disabled={!online}>
          {t('Save Profile')}
        </PendingButton>
        {online ? null : (
          <span className="hint">{t('Connect to the internet to save changes.')}</span>
        )}
      </div>
    </form>
  );
}
