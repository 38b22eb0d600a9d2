import { type FormEvent, useState } from 'react';
import type { Application } from '../../../../contracts/applications.ts';
import { MilestoneInputSchema } from '../../../../contracts/engagements.schemas.ts';
import {
  ENGAGEMENT_MESSAGES,
  MILESTONES_MAX,
  type MilestoneInput,
} from '../../../../contracts/engagements.ts';
import { formatAmount, toPesewas } from '../../../../contracts/money.ts';
import { validate } from '../../../../contracts/validate.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, FormRefusal } from '../../../components/ui/field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSetMilestones } from '../api/deal-writes.ts';

interface Row {
  key: number;
  title: string;
  amount: string;
  dueDate: string;
}

type RowErrors = Partial<Record<'title' | 'amount' | 'dueDate', string>>;

/** The rows the editor opens with: the milestones set, or one for the whole price. */
function initialRows(application: Application): Row[] {
  const set = application.milestones;
  if (set.length > 1) {
    return set.map((milestone, index) => ({
      key: index,
      title: milestone.title,
      amount: milestone.amount,
      dueDate: milestone.dueDate ?? '',
    }));
  }
  return [
    { key: 0, title: application.job.title, amount: application.payment.amount, dueDate: '' },
  ];
}

/**
 * Each row checked as the server will check it (title, at least the floor, a real date); that
 * they add up to the job's price is said beside the total and judged by the server.
 */
export function checkRows(rows: readonly Row[]): {
  milestones: MilestoneInput[] | null;
  errors: RowErrors[];
  count: string | null;
} {
  const count =
    rows.length < 1 || rows.length > MILESTONES_MAX ? ENGAGEMENT_MESSAGES.milestonesCount : null;
  const errors: RowErrors[] = [];
  const milestones: MilestoneInput[] = [];
  for (const row of rows) {
    const result = validate(MilestoneInputSchema, {
      title: row.title,
      amount: row.amount,
      dueDate: row.dueDate.trim() || null,
    });
    if (result.ok) {
      errors.push({});
      milestones.push({
        title: result.value.title,
        amount: formatAmount(result.value.amount),
        dueDate: result.value.dueDate,
      });
    } else {
      errors.push(result.errors as RowErrors);
    }
  }
  const ok = count === null && errors.every((row) => Object.keys(row).length === 0);
  return { milestones: ok ? milestones : null, errors, count };
}

/**
 * Split into milestones: the employer's button on an applicant's card while nothing is paid,
 * before or after accepting. The dialog has 1 to 5 rows (title, amount, optional due date).
 */
export function MilestonesButton({ application }: { application: Application }) {
  const [open, setOpen] = useState(false);
  const split = application.milestones.length > 1;
  return (
    <div className="button-row">
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)}>
        {split ? t('Change milestones') : t('Split into milestones')}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('Pay in milestones')}
        description={t(
          'Split the job into up to 5 parts. Each is funded, confirmed and paid out on its own.',
        )}
      >
        {open ? <MilestonesForm application={application} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </div>
  );
}

function MilestonesForm({ application, onDone }: { application: Application; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => initialRows(application));
  const [nextKey, setNextKey] = useState(rows.length);
  const [shown, setShown] = useState<ReturnType<typeof checkRows> | null>(null);
  const save = useSetMilestones(application.id);
  const online = useOnline();
  const toast = useToast();
  const total = rows.reduce((sum, row) => sum + (toPesewas(row.amount) ?? 0), 0);
  const price = toPesewas(application.payment.amount) ?? 0;

  const change = (key: number, field: keyof Omit<Row, 'key'>, value: string) =>
    setRows(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const add = () => {
    setRows([...rows, { key: nextKey, title: '', amount: '', dueDate: '' }]);
    setNextKey(nextKey + 1);
  };
  const remove = (key: number) => setRows(rows.filter((row) => row.key !== key));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkRows(rows);
    setShown(checked);
    if (!checked.milestones) return;
    save.mutate(checked.milestones, {
      onSuccess: () => {
        toast({
          title: t('Milestones Saved'),
          description: t('{count} milestones for {title}.', {
            count: checked.milestones?.length ?? 0,
            title: application.job.title,
          }),
        });
        onDone();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      {rows.map((row, index) => {
        const errors = shown?.errors[index] ?? {};
        return (
          <fieldset key={row.key} className="milestone-row">
            <legend>{t('Milestone {number}', { number: index + 1 })}</legend>
            <Field label={t('Title')} error={errors.title}>
              <input
                className="input"
                value={row.title}
                onChange={(event) => change(row.key, 'title', event.target.value)}
              />
            </Field>
            <Field label={t('Amount (GHS)')} error={errors.amount}>
              <input
                className="input"
                inputMode="decimal"
                value={row.amount}
                onChange={(event) => change(row.key, 'amount', event.target.value)}
              />
            </Field>
            <Field label={t('Due date')} error={errors.dueDate} optional>
              <input
                className="input"
                type="date"
                value={row.dueDate}
                onChange={(event) => change(row.key, 'dueDate', event.target.value)}
              />
            </Field>
            {rows.length > 1 ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={() => remove(row.key)}
              >
                {t('Remove milestone {number}', { number: index + 1 })}
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {rows.length < MILESTONES_MAX ? (
        <button type="button" className="btn btn-outline btn-sm" onClick={add}>
          {t('Add a milestone')}
        </button>
      ) : null}
      <p className={total === price ? 'hint' : 'hint milestones-off'} aria-live="polite">
        {t('Total {total} of the job price {price}', {
          total: formatMoney(formatAmount(total)),
          price: formatMoney(formatAmount(price)),
        })}
      </p>
      {shown?.count ? <p className="field-error">{t(shown.count)}</p> : null}
      <FormRefusal
        title={t('Milestones not saved')}
        message={save.isError ? errorMessage(save.error, t('Please try again.')) : null}
      />
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !online}>
          {save.isPending ? t('Saving...') : t('Save milestones')}
        </button>
      </div>
    </form>
  );
}
