import { ConfirmButton } from '../../../components/ui/confirm-button.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n/translate.ts';

/**
 * The answer to a pending application or booking request: Reject, asked first as it is final
 * (`rejectTitle`, `rejectText`), and Accept. Both wait while an answer is on its way (`pending`).
 */
export function AcceptOrReject({
  pending,
  rejectTitle,
  rejectText,
  decide,
}: {
  pending: boolean;
  rejectTitle: string;
  rejectText: string;
  decide: (status: 'accepted' | 'rejected') => void;
}) {
  return (
    <span className="button-row">
      <ConfirmButton
        disabled={pending}
        title={rejectTitle}
        description={rejectText}
        confirmLabel={t('Reject')}
        onConfirm={() => decide('rejected')}
      >
        {t('Reject')}
      </ConfirmButton>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={pending}
        onClick={() => decide('accepted')}
      >
        <CheckIcon size={16} /> {t('Accept')}
      </button>
    </span>
  );
}
