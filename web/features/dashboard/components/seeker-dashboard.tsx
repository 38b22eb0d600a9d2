import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ClientBooking } from '../../../../contracts/bookings.ts';
import { formatGhs } from '../../../../contracts/money.ts';
import { paths } from '../../../../contracts/paths.ts';
import { SiteHeader } from '../../../app/site-header.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  BriefcaseIcon,
  CheckIcon,
  ClockIcon,
  PinIcon,
  UploadIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { SavedAt } from '../../../components/ui/saved-at.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDate, underscoresToSpaces } from '../../../lib/format.ts';
import {
  useUserApplications,
  useUserApplicationsSummary,
} from '../../applications/api/get-user-applications.ts';
import { useDecideBooking } from '../../bookings/api/decide-booking.ts';
import { MyBookings } from '../../bookings/components/my-bookings.tsx';
import { OutboxStatus } from '../../outbox/components/outbox-status.tsx';
import { useWriteFeedback } from '../../outbox/use-write-feedback.ts';
import { ComingSoon, StatCard, StatGrid, WalletPanel } from './dashboard-parts.tsx';

type SeekerTab = 'applications' | 'bookings' | 'wallet' | 'profile';
const SEEKER_TABS: readonly SeekerTab[] = ['applications', 'bookings', 'wallet', 'profile'];

export function SeekerDashboard() {
  // ?tab=bookings opens My Bookings straight from the home screen.
  const [params] = useSearchParams();
  const requested = params.get('tab') as SeekerTab | null;
  const [tab, setTab] = useState<SeekerTab>(
    requested && SEEKER_TABS.includes(requested) ? requested : 'applications',
  );
  // The figures are counted by the server over every application; the list comes a page at a time.
  const summary = useUserApplicationsSummary().data;
  const query = useUserApplications();

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>My Dashboard</h1>
          <p className="muted">Track your job applications and earnings.</p>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={query.dataUpdatedAt} />
        <StatGrid label="Application summary">
          <StatCard
            label="Pending"
            value={summary?.pending ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard label="Accepted" value={summary?.accepted ?? 0} icon={<CheckIcon />} />
          <StatCard
            label="Completed"
            value={summary?.completed ?? 0}
            icon={<BriefcaseIcon />}
            tone="blue"
          />
          <StatCard label="Total Earnings" value={formatGhs(0)} icon={<WalletIcon />} />
        </StatGrid>

        <Tabs<SeekerTab>
          label="Dashboard sections"
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'applications',
              label: 'Applications',
              panel: (
                <PagedList
                  query={query}
                  label="My applications"
                  loading="Loading applications..."
                  failed="Failed to fetch applications"
                  empty={
                    <EmptyState
                      icon={<BriefcaseIcon />}
                      title="No Applications Yet"
                      text="Start applying to jobs that match your skills."
                      action={
                        <Link to={paths.jobs} className="btn btn-primary">
                          Browse Jobs
                        </Link>
                      }
                    />
                  }
                  renderItem={(application) => (
                    <li key={application.id} className="card list-card">
                      <div className="list-card-head">
                        <div>
                          <h3 className="card-title">
                            <Link to={paths.job(application.jobId)}>{application.job.title}</Link>
                          </h3>
                          <p className="meta-inline muted">
                            <span className="capitalize">
                              {underscoresToSpaces(application.job.category)}
                            </span>
                            <span className="meta">
                              <PinIcon size={14} /> {application.job.region}
                            </span>
                          </p>
                        </div>
                        <StatusBadge status={application.status} />
                      </div>
                      <p className="clamp-2">{application.coverLetter}</p>
                      <div className="list-card-foot">
                        <span className="muted">Applied {formatDate(application.createdAt)}</span>
                        <Link to={paths.job(application.jobId)} className="btn btn-outline btn-sm">
                          View Job
                        </Link>
                      </div>
                    </li>
                  )}
                />
              ),
            },
            {
              value: 'bookings',
              label: 'My Bookings',
              panel: <MyBookings actions={(booking) => <CompleteBooking booking={booking} />} />,
            },
            {
              value: 'wallet',
              label: 'Wallet',
              panel: <WalletPanel balance={formatGhs(0)} />,
            },
            {
              value: 'profile',
              label: 'Profile',
              panel: (
                <ComingSoon
                  icon={<UploadIcon />}
                  title="Your CV"
                  text="Profile settings coming soon."
                  action={
                    <button type="button" className="btn btn-outline" disabled>
                      Upload CV
                    </button>
                  }
                />
              ),
            },
          ]}
        />
      </main>
    </>
  );
}

/** After the event, the client marks an accepted booking completed. */
function CompleteBooking({ booking }: { booking: ClientBooking }) {
  const decide = useDecideBooking();
  const feedback = useWriteFeedback();
  if (booking.status !== 'accepted') return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm"
      disabled={decide.isPending}
      onClick={() =>
        decide.mutate(
          { bookingId: booking.id, status: 'completed', label: booking.artist.stageName },
          feedback({
            title: 'Marked Completed',
            description: `Thank you for booking ${booking.artist.stageName}.`,
          }),
        )
      }
    >
      <CheckIcon size={16} /> Mark Completed
    </button>
  );
}
