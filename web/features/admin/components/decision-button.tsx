import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { msg, t } from '../../../lib/i18n/translate.ts';

/**
 * One of an operator's decisions. One that cannot be taken back (remove, suspend, release,
 * refund) asks first, in a dialog that also shows the server's refusal; one that can (publish)
 * goes at once. Either way the result is a toast.
 */
export function DecisionButton({
  label,
  tone = 'outline',
  confirm,
  decide,
  disabled = false,
}: {
  label: string;
  tone?: 'primary' | 'outline' | 'danger';
  /** What the dialog asks; none to decide at once. */
  confirm?: { title: string; text: string };
  decide: () => Promise<{ message: string }>;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const run = async () => {
    setPending(true);
    setError(null);
    try {
      const { message } = await decide();
      setAsking(false);
      toast({ title: t('Done'), description: message });
    } catch (failure) {
      const text = errorMessage(failure, msg('That did not go through. Please try again.'));
      if (confirm) setError(text);
      else toast({ variant: 'destructive', title: t('Not done'), description: text });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-${tone} btn-sm`}
        disabled={disabled || pending}
        onClick={() => (confirm ? setAsking(true) : void run())}
      >
        {label}
      </button>
      {confirm ? (
        <Dialog
          open={asking}
          onClose={() => {
            setAsking(false);
            setError(null);
          }}
          title={confirm.title}
          description={confirm.text}
        >
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <DialogActions onCancel={() => setAsking(false)}>
            <PendingButton
              className={`btn btn-${tone === 'outline' ? 'primary' : tone}`}
              pending={pending}
              pendingLabel={t('Working...')}
              onClick={() => void run()}
            >
              {label}
            </PendingButton>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
