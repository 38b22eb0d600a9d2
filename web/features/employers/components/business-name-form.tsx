import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BUSINESS_NAME_MAX } from '../../../../contracts/employers.ts';
import { paths } from '../../../../contracts/paths.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useEmployer } from '../api/get-employer.ts';
import { useUpdateEmployer } from '../api/update-employer.ts';

/**
 * The name job seekers see on the employer's jobs: their own, or a business name they set here.
 * `onSaved` lets the screen refresh what shows the name (job lists).
 */
export function BusinessNameForm({ userId, onSaved }: { userId: number; onSaved?: () => void }) {
  const profile = useEmployer(userId).data;
  const [editing, setEditing] = useState(false);
  // The server judges the name (its length is capped by the input); its refusal shows here.
  const { errors, field, submit, refuse, reset } = useForm({ businessName: '' }, (values) => ({
    ok: true,
    value: values,
  }));
  const update = useUpdateEmployer();
  const online = useOnline();
  const toast = useToast();

  const edit = () => {
    reset({ businessName: profile?.businessName ?? '' });
    setEditing(true);
  };

  const onSubmit = submit((values) =>
    update.mutate(values, {
      onSuccess(saved) {
        setEditing(false);
        onSaved?.();
        toast({
          title: t('Saved'),
          description: t('Your jobs now show "{name}".', { name: saved.name }),
        });
      },
      onError: (failure) =>
        refuse({
          businessName:
            (failure instanceof ApiError && failure.fieldErrors?.businessName) ||
            errorMessage(failure, msg('Failed to save. Please try again.')),
        }),
    }),
  );

  return (
    <section className="card stack-sm" aria-labelledby="business-name-title">
      <h2 id="business-name-title" className="section-subtitle">
        {t('Shown on your jobs as')}
      </h2>
      {editing ? (
        <form className="stack-sm" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('Business Name')}
            optional
            error={errors.businessName}
            hint={t('Leave it empty to show your own name.')}
            maxLength={BUSINESS_NAME_MAX}
            {...field('businessName')}
            placeholder={t('e.g. Mensah Plumbing Works')}
          />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setEditing(false)}
            >
              {t('Cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={update.isPending || !online}
            >
              {update.isPending ? t('Saving...') : t('Save')}
            </button>
          </div>
        </form>
      ) : (
        <div className="trust-row">
          <strong className="text-strong">{profile?.name ?? '...'}</strong>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={edit}
            disabled={!profile}
          >
            {t('Edit')}
          </button>
          <Link to={paths.employer(userId)} className="btn btn-ghost btn-sm">
            {t('View public profile')}
          </Link>
        </div>
      )}
    </section>
  );
}
