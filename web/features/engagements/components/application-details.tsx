import type { Application } from '../../../../contracts/applications.ts';
import { ContactCard } from '../../../components/contact-card.tsx';
import { FIRST_MESSAGES } from '../../../lib/contact.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

/**
 * An application's card body, as one side sees it: the cover letter (the employer reads it
 * whole, the applicant its first lines), when it was made, and once the employer accepted, the
 * other side's contact with the first message `to` them.
 */
export function ApplicationDetails({
  application,
  to,
}: {
  application: Application;
  /** Who the viewer writes to: the 'worker' (the employer's view) or the 'employer'. */
  to: 'worker' | 'employer';
}) {
  const firstMessage = to === 'worker' ? FIRST_MESSAGES.toWorker : FIRST_MESSAGES.toEmployer;
  return (
    <>
      <p className={to === 'worker' ? 'pre-line' : 'clamp-2'}>{application.coverLetter}</p>
      <p className="muted">{t('Applied {date}', { date: formatDate(application.createdAt) })}</p>
      {application.contact ? (
        <ContactCard
          contact={application.contact}
          firstMessage={(me, them) => firstMessage(me, them, application.job.title)}
        />
      ) : null}
    </>
  );
}
