import { type ReactNode, useState } from 'react';
import type { Booking } from '../../../../contracts/bookings.ts';
import { formatGhs } from '../../../../contracts/money.ts';
import { SiteHeader } from '../../../app/site-header.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import {
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  UserIcon,
  WalletIcon,
} from '../../../components/ui/icons.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { SavedAt } from '../../../components/ui/saved-at.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useMyArtist } from '../../artists/api/my-artist.ts';
import { ArtistProfileEditor } from '../../artists/components/artist-profile-editor.tsx';
import { AvailabilityEditor } from '../../artists/components/availability-editor.tsx';
import { PortfolioManager } from '../../artists/components/portfolio-manager.tsx';
import { useDecideBooking } from '../../bookings/api/decide-booking.ts';
import {
  type ArtistBookingsView,
  useArtistBookings,
  useArtistBookingsSummary,
} from '../../bookings/api/get-artist-bookings.ts';
import { BookingMeta } from '../../bookings/components/booking-meta.tsx';
import { OutboxStatus } from '../../outbox/components/outbox-status.tsx';
import { useWriteFeedback } from '../../outbox/use-write-feedback.ts';
import { StatCard, StatGrid, WalletPanel } from './dashboard-parts.tsx';

type ArtistTab = 'bookings' | 'calendar' | 'portfolio' | 'profile' | 'wallet';

export function ArtistDashboard() {
  const [tab, setTab] = useState<ArtistTab>('bookings');
  // The figures are counted by the server over every booking; each list comes a page at a time.
  const summary = useArtistBookingsSummary();
  const myArtist = useMyArtist();

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>Artist Dashboard</h1>
          <p className="muted">Manage booking requests, gigs and earnings.</p>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={summary.dataUpdatedAt} />
        <StatGrid label="Booking summary">
          <StatCard
            label="Pending Requests"
            value={summary.data?.pending ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard
            label="Upcoming Gigs"
            value={summary.data?.upcoming ?? 0}
            icon={<CalendarIcon />}
          />
          <StatCard
            label="Completed"
            value={summary.data?.completed ?? 0}
            icon={<CheckIcon />}
            tone="blue"
          />
          <StatCard label="Total Earnings" value={formatGhs(0)} icon={<WalletIcon />} />
        </StatGrid>

        <Tabs<ArtistTab>
          label="Dashboard sections"
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'bookings',
              label: 'Bookings',
              panel: (
                <div className="stack-lg">
                  <section aria-labelledby="pending-heading">
                    <h2 id="pending-heading" className="section-subtitle">
                      Pending Requests
                    </h2>
                    <BookingList
                      view="pending"
                      empty={<p className="card muted">No pending booking requests</p>}
                      actions
                    />
                  </section>
                  <section aria-labelledby="confirmed-heading">
                    <h2 id="confirmed-heading" className="section-subtitle">
                      Confirmed Bookings
                    </h2>
                    <BookingList
                      view="confirmed"
                      empty={<p className="card muted">No confirmed bookings</p>}
                    />
                  </section>
                </div>
              ),
            },
            {
              value: 'calendar',
              label: 'Calendar',
              panel: (
                <BookingList
                  view="upcoming"
                  empty={<EmptyState icon={<CalendarIcon />} title="No upcoming gigs scheduled" />}
                />
              ),
            },
            {
              value: 'portfolio',
              label: 'Portfolio',
              panel: myArtist.data ? (
                <PortfolioManager artist={myArtist.data} />
              ) : (
                <MyArtistFallback query={myArtist} />
              ),
            },
            {
              value: 'profile',
              label: 'Profile',
              panel: myArtist.data ? (
                <div className="stack-lg">
                  <ArtistProfileEditor artist={myArtist.data} />
                  <AvailabilityEditor artistId={myArtist.data.id} />
                </div>
              ) : (
                <MyArtistFallback query={myArtist} />
              ),
            },
            {
              value: 'wallet',
              label: 'Wallet',
              panel: <WalletPanel balance={formatGhs(0)} />,
            },
          ]}
        />
      </main>
    </>
  );
}

/** One of the artist's booking lists, a page at a time; pending requests carry Accept and Reject. */
function BookingList({
  view,
  empty,
  actions = false,
}: {
  view: ArtistBookingsView;
  empty: ReactNode;
  actions?: boolean;
}) {
  const query = useArtistBookings(view);
  return (
    <PagedList
      query={query}
      loading="Loading bookings..."
      failed="Failed to fetch bookings"
      empty={empty}
      renderItem={(booking) => <BookingCard key={booking.id} booking={booking} actions={actions} />}
    />
  );
}

function BookingCard({ booking, actions = false }: { booking: Booking; actions?: boolean }) {
  return (
    <li className="card list-card">
      <div className="list-card-head">
        <div>
          <h3 className="card-title">{booking.eventType || 'Event booking'}</h3>
          <p className="muted">
            {booking.client.firstName} {booking.client.lastName}
          </p>
        </div>
        <StatusBadge status={booking.status} />
      </div>
      <BookingMeta booking={booking} />
      {booking.eventDetails ? <p className="clamp-2">{booking.eventDetails}</p> : null}
      <div className="list-card-foot">
        <span className="price">{formatGhs(booking.totalAmount)}</span>
        {actions ? <BookingDecision booking={booking} /> : null}
      </div>
    </li>
  );
}

/** While the artist profile loads, or for a user who has none. */
function MyArtistFallback({ query }: { query: { isPending: boolean; isError: boolean } }) {
  if (query.isPending) return <Spinner label="Loading your profile..." />;
  return (
    <EmptyState
      icon={<UserIcon />}
      title="No artist profile"
      text="Sign up as an Artist/Performer to get a profile clients can book."
    />
  );
}

/** The artist accepts or declines a request; a date that collides with an accepted one is refused. */
function BookingDecision({ booking }: { booking: Booking }) {
  const decide = useDecideBooking();
  const feedback = useWriteFeedback();
  const who = `${booking.client.firstName} ${booking.client.lastName}`;
  const label = `${who}, ${formatDateTime(booking.eventDate)}`;
  return (
    <span className="button-row">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={decide.isPending}
        onClick={() =>
          decide.mutate(
            { bookingId: booking.id, status: 'rejected', label },
            feedback({ title: 'Booking Declined', description: `${who} will be told by SMS.` }),
          )
        }
      >
        Reject
      </button>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={decide.isPending}
        onClick={() =>
          decide.mutate(
            { bookingId: booking.id, status: 'accepted', label },
            feedback({ title: 'Booking Accepted', description: `${who} will be told by SMS.` }),
          )
        }
      >
        <CheckIcon size={16} /> Accept
      </button>
    </span>
  );
}
