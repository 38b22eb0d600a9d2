import { t } from '../../../lib/i18n/translate.ts';
import { useDisclosure } from '../../../lib/use-disclosure.ts';

/** Past this many characters (or with a line break) the details may not fit two lines. */
const FITS_TWO_LINES = 80;

/**
 * A booking request's event details: two lines at first, so a list of requests stays short,
 * and the whole text at a tap, so the artist can read everything the client asked for.
 */
export function EventDetails({ text }: { text: string }) {
  const { open, id, button } = useDisclosure();
  const long = text.length > FITS_TWO_LINES || text.includes('\n');
  return (
    <div className="event-details">
      <p id={id} className={open || !long ? 'pre-line' : 'clamp-2'}>
        {text}
      </p>
      {long ? (
        <button className="link-button" {...button}>
          {open ? t('Show less') : t('Read the whole request')}
        </button>
      ) : null}
    </div>
  );
}
