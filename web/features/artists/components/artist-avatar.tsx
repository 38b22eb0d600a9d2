import { MicIcon } from '../../../components/ui/icons.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { t } from '../../../lib/i18n/translate.ts';

/**
 * The first portfolio image (with data saver, after a tap), or a warm placeholder with the
 * stage name's initials.
 */
export function ArtistImage({
  src,
  stageName,
  className,
  eager = false,
}: {
  src: string | undefined;
  stageName: string;
  className: string;
  eager?: boolean;
}) {
  if (src) return <Picture src={src} alt={stageName} className={className} eager={eager} />;
  const initials = stageName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <div
      className={`${className} artist-placeholder`}
      role="img"
      aria-label={t('{stageName} (no photo yet)', { stageName })}
    >
      <MicIcon size={22} />
      <span>{initials}</span>
    </div>
  );
}
