import type { ReactNode } from 'react';
import { STATUS_LABELS, type Status } from '../../../contracts/applications.ts';
import { CATEGORY_LABELS, type Category } from '../../../contracts/jobs.ts';
import { t } from '../../lib/i18n/translate.ts';

type BadgeTone = 'neutral' | 'green' | 'gold' | 'red' | 'blue' | 'purple' | 'outline';

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

const CATEGORY_TONES: Record<Category, BadgeTone> = {
  skilled_trades: 'blue',
  professional: 'purple',
  entertainment: 'gold',
  general_labor: 'green',
};

export function CategoryBadge({ category }: { category: Category }) {
  return <Badge tone={CATEGORY_TONES[category]}>{t(CATEGORY_LABELS[category])}</Badge>;
}

const STATUS_TONES: Record<Status, BadgeTone> = {
  pending: 'gold',
  accepted: 'green',
  rejected: 'red',
  completed: 'blue',
  cancelled: 'neutral',
};

export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONES[status]}>{t(STATUS_LABELS[status])}</Badge>;
}
