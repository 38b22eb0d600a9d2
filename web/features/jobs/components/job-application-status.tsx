import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { STATUS_LABELS } from '../../../../contracts/applications.ts';
import { CONTACT_MESSAGES, type Contact } from '../../../../contracts/contact.ts';
import type { Job } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { ContactCard } from '../../../components/contact-card.tsx';
import { useUser } from '../../../lib/auth.ts';
import { FIRST_MESSAGES } from '../../../lib/contact.ts';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useOutboxItems } from '../../../lib/outbox/use-outbox.ts';
import { useDisclosure } from '../../../lib/use-disclosure.ts';
import { applyToJob } from '../api/create-application.ts';
import { useApplicationToJob } from '../api/get-user-applications.ts';

/**
 * The job page's call to action: Apply Now, or where the visitor's application stands ("Applied
 * on 22 Nov 2026: Pending", or "Waiting to send" while it is saved on the phone), then
 * Contact Employer. The employer's number shows once they accept; until then it says so. The
 * employer sees neither on their own job.
 */
export function JobApplicationStatus({ job, onApply }: { job: Job; onApply: () => void }) {
  const { user } = useUser();
  const mine = user?.id === job.employerId;
  const canApply = Boolean(user?.role) && !mine;
  const application = useApplicationToJob(job.id, { enabled: canApply });
  const { pending } = useOutboxItems({ userId: user?.id, kind: applyToJob, ref: job.id });
  const sent = application.data ?? null;

  return (
    <>
      {job.isActive ? null : (
        <p className="card muted" role="note">
          {t('This job is closed and takes no new applications.')}
        </p>
      )}
      {sent ? (
        <p className="applied-status" role="status">
          {t('Applied on {date}: {status}', {
            date: formatDate(sent.createdAt),
            status: t(STATUS_LABELS[sent.status]),
          })}
        </p>
      ) : pending.length > 0 ? (
        <p className="applied-status waiting" role="status">
          {t('Waiting to send')}
        </p>
      ) : !job.isActive || mine ? null : canApply ? (
        // Until the answer comes, no Apply Now that might be a second application.
        application.isPending && application.fetchStatus === 'fetching' ? null : (
          // With no script, a plain GET of the page with its Apply form open (ADR 031).
          <form method="get" action={paths.job(job.id)}>
            <input type="hidden" name="apply" value="1" />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              onClick={(event) => {
                event.preventDefault();
                onApply();
              }}
            >
              {t('Apply Now')}
            </button>
          </form>
        )
      ) : (
        <Link to={paths.login} className="btn btn-primary btn-block">
          {t('Sign In to Apply')}
        </Link>
      )}
      {mine ? null : (
        <ContactEmployer
          contact={sent?.contact ?? null}
          firstMessage={(me, them) => FIRST_MESSAGES.toEmployer(me, them, job.title)}
        />
      )}
    </>
  );
}

/** Contact Employer: the employer's number once they accept, else when it will show. */
function ContactEmployer({
  contact,
  firstMessage,
}: {
  contact: Contact | null;
  firstMessage: ComponentProps<typeof ContactCard>['firstMessage'];
}) {
  const { open, id, button } = useDisclosure();
  return (
    <>
      <button className="btn btn-outline btn-block" {...button}>
        {t('Contact Employer')}
      </button>
      <div id={id} hidden={!open}>
        {contact ? (
          <ContactCard contact={contact} firstMessage={firstMessage} />
        ) : (
          <p className="contact-note">{CONTACT_MESSAGES.employerAfterAccept}</p>
        )}
      </div>
    </>
  );
}
