import { AvailabilitySchema } from '../../../../contracts/artists.schemas.ts';
import type { AvailabilityEntry } from '../../../../contracts/artists.ts';
import { validate } from '../../../../contracts/validate.ts';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useAvailability } from '../api/get-availability.ts';
import { useSaveAvailability } from '../api/my-artist.ts';

interface Row {
  key: number;
  date: string;
  timeSlot: string;
}

let nextKey = 0;
const toRows = (entries: readonly AvailabilityEntry[]): Row[] =>
  entries.map((entry) => ({ key: nextKey++, date: entry.date, timeSlot: entry.timeSlot ?? '' }));

/** The dates an artist is free, with optional time slots ('18:00 - 23:00'). */
export function AvailabilityEditor({ artistId }: { artistId: number }) {
  const query = useAvailability(artistId);
  if (query.isPending) return <Spinner label={t('Loading availability...')} />;
  return <AvailabilityForm artistId={artistId} initial={query.data ?? []} />;
}

function AvailabilityForm({
  artistId,
  initial,
}: {
  artistId: number;
  initial: AvailabilityEntry[];
}) {
  const today = new Date().toISOString().slice(0, 10);
  // The rows' one message (an entry the schema refuses, or a past date) shows under the list.
  const form = useForm({ rows: toRows(initial) }, ({ rows }) => {
    const input = {
      entries: rows
        .filter((row) => row.date)
        .map((row) => ({ date: row.date, timeSlot: row.timeSlot.trim() || null })),
    };
    if (input.entries.some((entry) => entry.date < today)) {
      return { ok: false, errors: { rows: msg('Dates must be today or later') } };
    }
    const result = validate(AvailabilitySchema, input);
    return result.ok
      ? result
      : { ok: false, errors: { rows: Object.values(result.errors)[0] ?? '' } };
  });
  const { rows } = form.values;
  const error = form.errors.rows;
  const setRows = (next: (current: Row[]) => Row[]) => form.set('rows', next(rows));
  const save = useSaveAvailability(artistId);
  const toast = useToast();
  const online = useOnline();

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const submit = form.submit((input) =>
    save.mutate(input, {
      onSuccess: (entries) => {
        form.reset({ rows: toRows(entries) });
        toast({ title: t('Availability Saved'), description: t('Clients see your free dates.') });
      },
      onError: (failure) =>
        toast({
          title: t('Could Not Save'),
          description: errorMessage(failure, msg('Please try again.')),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form
      className="card stack"
      onSubmit={submit}
      noValidate
      aria-labelledby="availability-heading"
    >
      <h2 id="availability-heading" className="section-subtitle">
        {t('Availability')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t('No dates yet. Add the days you are free to perform.')}</p>
      ) : null}
      <ul className="list">
        {rows.map((row, index) => (
          <li key={row.key} className="availability-row">
            <label className="visually-hidden" htmlFor={`date-${row.key}`}>
              {t('Date {number}', { number: index + 1 })}
            </label>
            <input
              id={`date-${row.key}`}
              className="input"
              type="date"
              min={today}
              value={row.date}
              onChange={(event) => update(row.key, { date: event.target.value })}
            />
            <label className="visually-hidden" htmlFor={`slot-${row.key}`}>
              {t('Time slot {number}', { number: index + 1 })}
            </label>
            <input
              id={`slot-${row.key}`}
              className="input"
              placeholder="18:00 - 23:00"
              value={row.timeSlot}
              onChange={(event) => update(row.key, { timeSlot: event.target.value })}
            />
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-label={t('Remove {day}', {
                day: row.date
                  ? formatLongDate(row.date)
                  : t('date {number}', { number: index + 1 }),
              })}
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
            >
              {t('Remove')}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() =>
            setRows((current) => [...current, { key: nextKey++, date: '', timeSlot: '' }])
          }
        >
          <PlusIcon size={16} /> {t('Add Date')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
          {save.isPending ? t('Saving...') : t('Save Availability')}
        </button>
      </div>
    </form>
  );
}
