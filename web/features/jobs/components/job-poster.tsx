import { Link } from 'react-router-dom';
import type { JobListing } from '../../../../contracts/jobs.ts';
import { paths } from '../../../../contracts/paths.ts';
import { VerifiedMark } from '../../../components/trust/verified-mark.tsx';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';

/**
 * Who posted a job and when: "By Kwame Mensah ✓  Posted 12 Nov 2026" (the tick: phone
 * verified). On the job's page the name leads to the employer's profile.
 */
export function JobPoster({ job, linked = false }: { job: JobListing; linked?: boolean }) {
  const { employer } = job;
  const name = <strong>{employer.name}</strong>;
  return (
    <p className="poster-line">
      <span>
        {t('By')} {linked ? <Link to={paths.employer(employer.id)}>{name}</Link> : name}
        <VerifiedMark verified={employer.phoneVerified} />
      </span>
      <span>{t('Posted {date}', { date: formatDate(job.createdAt) })}</span>
    </p>
  );
}
