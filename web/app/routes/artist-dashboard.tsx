import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatGhs } from '../../../contracts/money.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../components/outbox-status.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import {
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  UserIcon,
  WalletIcon,
} from '../../components/ui/icons.tsx';
import { SavedAt } from '../../components/ui/saved-at.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useMyArtist } from '../../features/artists/api/my-artist.ts';
import { ArtistProfileEditor } from '../../features/artists/components/artist-profile-editor.tsx';
import { AvailabilityEditor } from '../../features/artists/components/availability-editor.tsx';
import { PortfolioManager } from '../../features/artists/components/portfolio-manager.tsx';
import { useArtistBookingsSummary } from '../../features/bookings/api/get-artist-bookings.ts';
import { ArtistBookings } from '../../features/bookings/components/artist-bookings.tsx';
import { MyBookings } from '../../features/bookings/components/my-bookings.tsx';
import { useWallet } from '../../features/wallet/api/get-wallet.ts';
import { WalletPanel } from '../../features/wallet/components/wallet-panel.tsx';
import { StatCard, StatGrid } from './dashboard-parts.tsx';

type ArtistTab = 'bookings' | 'calendar' | 'portfolio' | 'profile' | 'wallet' | 'my-bookings';
const ARTIST_TABS: readonly ArtistTab[] = [
  'bookings',
  'calendar',
  'portfolio',
  'profile',
  'wallet',
  'my-bookings',
];

export function ArtistDashboard() {
  // ?tab=wallet (the link in a payout SMS) opens the Wallet; ?tab=my-bookings, My Bookings.
  const [params] = useSearchParams();
  const requested = params.get('tab') as ArtistTab | null;
  const [tab, setTab] = useState<ArtistTab>(
    requested && ARTIST_TABS.includes(requested) ? requested : 'bookings',
  );
  // The figures are counted by the server over every booking; each list comes a page at a time.
  const summary = useArtistBookingsSummary();
  const myArtist = useMyArtist();
  const wallet = useWallet();

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
          <StatCard
            label="Total Earnings"
            value={formatGhs(wallet.data?.earned ?? 0)}
            icon={<WalletIcon />}
          />
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
                    <ArtistBookings
                      view="pending"
                      empty={<p className="card muted">No pending booking requests</p>}
                      actions
                    />
                  </section>
                  <section aria-labelledby="confirmed-heading">
                    <h2 id="confirmed-heading" className="section-subtitle">
                      Confirmed Bookings
                    </h2>
                    <ArtistBookings
                      view="confirmed"
                      empty={<p className="card muted">No confirmed bookings</p>}
                    />
                  </section>
                  <section aria-labelledby="completed-heading">
                    <h2 id="completed-heading" className="section-subtitle">
                      Completed Bookings
                    </h2>
                    <ArtistBookings
                      view="completed"
                      empty={<p className="card muted">No completed bookings yet</p>}
                    />
                  </section>
                </div>
              ),
            },
            {
              value: 'calendar',
              label: 'Calendar',
              panel: (
                <ArtistBookings
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
              panel: <WalletPanel />,
            },
            // The artists this artist has booked for their own events (Bookings above holds the
            // requests they receive).
            { value: 'my-bookings', label: 'My Bookings', panel: <MyBookings /> },
          ]}
        />
      </main>
    </>
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
