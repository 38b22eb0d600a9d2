import {
  createContext,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { t } from '../../lib/i18n/translate.ts';
import { CloseIcon } from './icons.tsx';

interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
}

/** Spec section 9: one toast at a time, 5000 ms, swipe right past 50 px to dismiss, F8 focuses. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function useToast(): (toast: ToastInput) => void {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const toast = useCallback((input: ToastInput) => {
    setCurrent({ ...input, id: nextId.current++ });
  }, []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastViewport toast={current} onDismiss={() => setCurrent(null)} />
    </ToastContext.Provider>
  );
}

function ToastViewport({ toast, onDismiss }: { toast: ToastState | null; onDismiss: () => void }) {
  const region = useRef<HTMLElement>(null);
  const [paused, setPaused] = useState(false);
  const swipe = useRef<{ x: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Each new toast gets its own full 5 seconds; hovering or focusing pauses it.
  useEffect(() => {
    if (!toast || paused) return;
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast, paused, onDismiss]);

  const onPointerDown = (event: PointerEvent) => {
    if (toast) swipe.current = { x: event.clientX, id: toast.id };
  };
  const onPointerMove = (event: PointerEvent) => {
    if (swipe.current) setOffset(Math.max(0, event.clientX - swipe.current.x));
  };
  const onPointerUp = () => {
    if (swipe.current && offset > SWIPE_THRESHOLD_PX) onDismiss();
    swipe.current = null;
    setOffset(0);
  };

  const destructive = toast?.variant === 'destructive';
  // One card, in the region that announces it: politely, or at once for a failure.
  const card = toast ? (
    <ToastCard
      toast={toast}
      offset={offset}
      onDismiss={onDismiss}
      handlers={{ onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp }}
    />
  ) : null;
  return (
    <section
      ref={region}
      className="toast-region"
      aria-label={t('Notifications (F8)')}
      tabIndex={-1}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <div aria-live="polite" aria-atomic="true" role="status">
        {destructive ? null : card}
      </div>
      <div aria-live="assertive" aria-atomic="true" role="alert">
        {destructive ? card : null}
      </div>
    </section>
  );
}

function ToastCard({
  toast,
  offset,
  onDismiss,
  handlers,
}: {
  toast: ToastState;
  offset: number;
  onDismiss: () => void;
  handlers: Record<
    'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel',
    (event: PointerEvent) => void
  >;
}) {
  return (
    <div
      key={toast.id}
      className={`toast${toast.variant === 'destructive' ? ' toast-destructive' : ''}`}
      data-testid="toast"
      style={
        offset ? { transform: `translateX(${offset}px)`, opacity: 1 - offset / 200 } : undefined
      }
      {...handlers}
    >
      <div className="toast-body">
        {/* Titles may be a write kind's English, marked where no language is known yet. */}
        <p className="toast-title">{t(toast.title)}</p>
        {toast.description ? <p className="toast-description">{t(toast.description)}</p> : null}
      </div>
      <button
        type="button"
        className="icon-button"
        onClick={onDismiss}
        aria-label={t('Dismiss notification')}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
