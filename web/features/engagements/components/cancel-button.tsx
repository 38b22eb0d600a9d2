import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { EngagementPath } from '../../../../contracts/paths.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useCancelDeal } from '../api/deal-writes.ts';

export interface CancelButtonProps {
  kind: EngagementPath;
  id: number;
  /** 'Cancel booking', 'Cancel this job', 'Withdraw'. */
  label: string;
  /** The dialog's question: 'Cancel your booking of DJ Kasa?' */
  title: string;
  /**
   * What the dialog says happens to the money, in the server's figures: "You get back GHS
   * 367.50 of the GHS 735.00 you paid." Said before anything is sent.
   */
  outcome: string;
  /** A line under it: the policy in one sentence, or what else follows. */
  detail?: string;
  refreshes: QueryKey;
}

/**
 * Cancel, only drawn when the server's `allowedActions` has it. It needs a connection (the
 * amount the dialog states is the server's now, and a cancel queued for later could meet
 * another), and asks first, with the money's outcome in figures.
 */
export function CancelButton(props: CancelButtonProps) {
  const [asking, setAsking] = useState(false);
  const online = useOnline();
  const toast = useToast();
  const cancel = useCancelDeal(props.kind, props.id, props.refreshes);
  const close = () => {
    setAsking(false);
    cancel.reset();
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!online}
        title={online ? undefined : t('You are offline. Cancelling needs a connection.')}
        onClick={() => setAsking(true)}
      >
        {props.label}
      </button>
      <Dialog open={asking} onClose={close} title={props.title}>
        <div className="stack">
          <p className="cancel-outcome">{props.outcome}</p>
          {props.detail ? <p className="hint">{props.detail}</p> : null}
          {cancel.isError ? (
            <p className="field-error" role="alert">
              {errorMessage(cancel.error, t('Please try again.'))}
            </p>
          ) : null}
          <DialogActions onCancel={close} cancelLabel={t('Keep it')}>
            <PendingButton
              className="btn btn-danger"
              pending={cancel.isPending}
              pendingLabel={t('Sending...')}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setAsking(false);
                    toast({ title: t('Cancelled'), description: props.outcome });
                  },
                })
              }
            >
              {props.label}
            </PendingButton>
          </DialogActions>
        </div>
      </Dialog>
    </>
  );
}
