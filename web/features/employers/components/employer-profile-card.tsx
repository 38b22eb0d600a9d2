import type { EmployerProfile } from '../../../../contracts/employers.ts';
import { ReportButton } from '../../../components/trust/report-button.tsx';
import { PaidGigsBadge, PhoneVerifiedBadge } from '../../../components/trust/trust-badges.tsx';
import { CalendarIcon, PinIcon } from '../../../components/ui/icons.tsx';
import { formatDate } from '../../../lib/format.ts';

/** Who an employer is: name (or business name), region, member since, figures and badges. */
export function EmployerProfileCard({ employer }: { employer: EmployerProfile }) {
  return (
    <section className="card profile-head" aria-labelledby="employer-name">
      <h1 id="employer-name" className="detail-title">
        {employer.name}
      </h1>
      {employer.businessName ? <p className="muted">Run by {employer.personName}</p> : null}
      <ul className="meta-list">
        {employer.region ? (
          <li className="meta">
            <PinIcon size={16} /> {employer.region}
          </li>
        ) : null}
        <li className="meta">
          <CalendarIcon size={16} /> Member since {formatDate(employer.memberSince)}
        </li>
      </ul>
      <div className="trust-row">
        <PhoneVerifiedBadge verified={employer.phoneVerified} />
        <PaidGigsBadge count={employer.paidGigs} />
      </div>
      <dl className="figure-list">
        <div>
          <dt className="muted">Jobs posted</dt>
          <dd>{employer.jobsPosted}</dd>
        </div>
        <div>
          <dt className="muted">Hires made</dt>
          <dd>{employer.hiresMade}</dd>
        </div>
      </dl>
      <div className="detail-foot">
        <ReportButton targetType="user" targetId={employer.id} ownerId={employer.id} />
      </div>
    </section>
  );
}
