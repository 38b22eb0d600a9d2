import { useState } from 'react';
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
import { FormRefusal, TextField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMoney } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import {
  type Checked,
  type FieldErrors,
  rowErrors,
  rowKey,
  useForm,
} from '../../../lib/use-form.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useSetMilestones } from '../api/deal-writes.ts';

interface Row {
  key: number;
  title: string;
  amount: string;
  dueDate: string;
}

interface Rows {
  rows: Row[];
}

/** Where the editor keeps a message about the list as a whole (how many rows). */
const LIST = 'milestones';

/** The rows the editor opens with: the milestones set, or one for the whole price. */
function initialRows(application: Application): Rows {
  const set = application.milestones;
  if (set.length > 1) {
    return {
      rows: set.map((milestone, index) => ({
        key: index,
        title: milestone.title,
        amount: milestone.amount,
        dueDate: milestone.dueDate ?? '',
      })),
    };
  }
  return {
    rows: [
      { key: 0, title: application.job.title, amount: application.payment.amount, dueDate: '' },
    ],
  };
}

/**
 * Each row checked as the server will check it (title, at least the floor, a real date), its
 * messages kept under `rowKey(row.key, field)`, and the count under LIST. That they add up to
 * the job's price is said beside the total and judged by the server: only it knows whether the
 * job is fixed-price (an hourly job's stages add up to the agreed total).
 */
export function checkMilestones({ rows }: Rows): Checked<MilestoneInput[]> {
  let errors: FieldErrors =
    rows.length < 1 || rows.length > MILESTONES_MAX
      ? { [LIST]: ENGAGEMENT_MESSAGES.milestonesCount }
      : {};
  const milestones: MilestoneInput[] = [];
  for (const row of rows) {
    const result = validate(MilestoneInputSchema, {
      title: row.title,
      amount: row.amount,
      dueDate: row.dueDate.trim() || null,
    });
    if (result.ok) {
      milestones.push({
        title: result.value.title,
        amount: formatAmount(result.value.amount),
        dueDate: result.value.dueDate,
      });
    } else {
      errors = { ...errors, ...rowErrors(row.key, result.errors) };
    }
  }
  return Object.keys(errors).length === 0 ? { ok: true, value: milestones } : { ok: false, errors };
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
  const form = useForm(() => initialRows(application), checkMilestones);
  const { rows } = form.values;
  const { errors } = form;
  const save = useSetMilestones(application.id);
  const online = useOnline();
  const toast = useToast();
  const total = rows.reduce((sum, row) => sum + (toPesewas(row.amount) ?? 0), 0);
  const price = toPesewas(application.payment.amount) ?? 0;

  const change = (key: number, field: keyof Omit<Row, 'key'>, value: string) =>
    form.set(
      'rows',
      rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    );
  const nextKey = Math.max(-1, ...rows.map((row) => row.key)) + 1;
  const add = () =>
    form.set('rows', [...rows, { key: nextKey, title: '', amount: '', dueDate: '' }]);
  const remove = (key: number) =>
    form.set(
      'rows',
      rows.filter((row) => row.key !== key),
    );

  const onValid = (milestones: MilestoneInput[]) =>
    save.mutate(milestones, {
      onSuccess: () => {
        toast({
          title: t('Milestones Saved'),
          description: t('{count} milestones for {title}.', {
            count: milestones.length,
            title: application.job.title,
          }),
        });
        onDone();
      },
    });

  return (
    <form onSubmit={form.submit(onValid)} noValidate className="stack">
      {rows.map((row, index) => {
        const error = (field: keyof Omit<Row, 'key'>) => errors[rowKey(row.key, field)];
        return (
          <fieldset key={row.key} className="milestone-row">
            <legend>{t('Milestone {number}', { number: index + 1 })}</legend>
            <TextField
              label={t('Title')}
              error={error('title')}
              value={row.title}
              onChange={(event) => change(row.key, 'title', event.target.value)}
            />
            <TextField
              label={t('Amount (GHS)')}
              error={error('amount')}
              inputMode="decimal"
              value={row.amount}
              onChange={(event) => change(row.key, 'amount', event.target.value)}
            />
            <TextField
              label={t('Due date')}
              error={error('dueDate')}
              optional
              type="date"
              value={row.dueDate}
              onChange={(event) => change(row.key, 'dueDate', event.target.value)}
            />
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
      {errors[LIST] ? <p className="field-error">{t(errors[LIST])}</p> : null}
      <FormRefusal
        title={t('Milestones not saved')}
        message={save.isError ? errorMessage(save.error, t('Please try again.')) : null}
      />
      <DialogActions onCancel={onDone}>
        <PendingButton pending={save.isPending} pendingLabel={t('Saving...')} disabled={!online}>
          {t('Save milestones')}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
