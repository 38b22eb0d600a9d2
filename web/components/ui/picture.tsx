import { useEffect, useState } from 'react';
import { useDataSaver } from '../../lib/data-saver.ts';
import { t } from '../../lib/i18n/translate.ts';
import { ImageIcon } from './icons.tsx';

/**
 * A picture, or with data saver on a button in its place, of the same size, until tapped (or
 * found already saved on the phone, which costs nothing to show). Width and height reserve the
 * space before the picture arrives, so neither the picture nor its placeholder moves the page.
 */
export function Picture({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const saver = useDataSaver();
  const [wanted, setWanted] = useState(false);
  const waits = saver && !wanted;

  useEffect(() => {
    if (!waits) return;
    let active = true;
    // The service worker keeps pictures once seen: those show without a tap.
    void globalThis.caches
      ?.match(src)
      .then((saved) => {
        if (saved && active) setWanted(true);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [waits, src]);

  if (waits) {
    return (
      <button
        type="button"
        className={className ? `${className} picture-placeholder` : 'picture-placeholder'}
        aria-label={t('Tap to load picture: {alt}', { alt })}
        onClick={() => setWanted(true)}
      >
        <ImageIcon size={24} />
        <span>{t('Tap to load picture')}</span>
      </button>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      className={className}
      width={400}
      height={300}
      loading={eager || wanted ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
