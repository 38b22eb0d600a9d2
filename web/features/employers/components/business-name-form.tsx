import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { BUSINESS_NAME_MAX } from '../../../../contracts/employers.ts';
import { paths } from '../../../../contracts/paths.ts';
import { Field } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
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
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateEmployer();
  const online = useOnline();
  const toast = useToast();

  const edit = () => {
    setName(profile?.businessName ?? '');
    setError(null);
    setEditing(true);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { businessName: name },
      {
        onSuccess(saved) {
          setEditing(false);
          onSaved?.();
          toast({ title: 'Saved', description: `Your jobs now show "${saved.name}".` });
        },
        onError: (failure) =>
          setError(
            (failure instanceof ApiError && failure.fieldErrors?.businessName) ||
              errorMessage(failure, 'Failed to save. Please try again.'),
          ),
      },
    );
  };

  return (
    <section className="card stack-sm" aria-labelledby="business-name-title">
      <h2 id="business-name-title" className="section-subtitle">
        Shown on your jobs as
      </h2>
      {editing ? (
        <form className="stack-sm" onSubmit={onSubmit} noValidate>
          <Field
            label="Business Name"
            optional
            error={error ?? undefined}
            hint="Leave it empty to show your own name."
          >
            <input
              className="input"
              value={name}
              maxLength={BUSINESS_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              placeholder="e.g. Mensah Plumbing Works"
            />
          </Field>
          <div className="button-row">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setEditing(false)}
            >
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary btn-sm"
              disabled={update.isPending || !online}
            >
              {update.isPending ? 'Saving...' : 'Save'}
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
            Edit
          </button>
          <Link to={paths.employer(userId)} className="btn btn-ghost btn-sm">
            View public profile
          </Link>
        </div>
      )}
    </section>
  );
}
