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
import { useArtistBookingsSummary } from '../../features/engagements/api/get-artist-bookings.ts';
import { ArtistBookings } from '../../features/engagements/components/artist-bookings.tsx';
import { MyBookings } from '../../features/engagements/components/my-bookings.tsx';
import { useWallet } from '../../features/wallet/api/get-wallet.ts';
import { WalletPanel } from '../../features/wallet/components/wallet-panel.tsx';
import { formatMoney } from '../../lib/format.ts';
import { msg, t } from '../../lib/i18n/translate.ts';
import { StatCard, StatGrid, useDashboardTab } from './dashboard-parts.tsx';

type ArtistTab = 'bookings' | 'calendar' | 'portfolio' | 'profile' | 'wallet' | 'my-bookings';
const ARTIST_TABS = [
  'bookings',
  'calendar',
  'portfolio',
  'profile',
  'wallet',
  'my-bookings',
] as const;

/** The Bookings tab's lists, in the order an artist deals with them; requests carry decisions. */
const BOOKING_LISTS = [
  { view: 'pending', title: msg('Pending Requests'), empty: msg('No pending booking requests') },
  { view: 'confirmed', title: msg('Confirmed Bookings'), empty: msg('No confirmed bookings') },
  { view: 'completed', title: msg('Completed Bookings'), empty: msg('No completed bookings yet') },
] as const;

export function ArtistDashboard() {
  // ?tab=wallet (the link in a payout SMS) opens the Wallet; ?tab=my-bookings, My Bookings.
  const [tab, setTab] = useDashboardTab<ArtistTab>(ARTIST_TABS);
  // The figures are counted by the server over every booking; each list comes a page at a time.
  const summary = useArtistBookingsSummary();
  const myArtist = useMyArtist();
  const wallet = useWallet();

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>{t('Artist Dashboard')}</h1>
          <p className="muted">{t('Manage booking requests, gigs and earnings.')}</p>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={summary.dataUpdatedAt} />
        <StatGrid label={t('Booking summary')}>
          <StatCard
            label={t('Pending Requests')}
            value={summary.data?.pending ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard
            label={t('Upcoming Gigs')}
            value={summary.data?.upcoming ?? 0}
            icon={<CalendarIcon />}
          />
          <StatCard
            label={t('Completed')}
            value={summary.data?.completed ?? 0}
            icon={<CheckIcon />}
            tone="blue"
          />
          <StatCard
            label={t('Total Earnings')}
            value={formatMoney(wallet.data?.earned ?? 0)}
            icon={<WalletIcon />}
          />
        </StatGrid>

        <Tabs<ArtistTab>
          label={t('Dashboard sections')}
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'bookings',
              label: t('Bookings'),
              panel: (
                <div className="stack-lg">
                  {BOOKING_LISTS.map((list) => (
                    <section key={list.view} aria-labelledby={`${list.view}-heading`}>
                      <h2 id={`${list.view}-heading`} className="section-subtitle">
                        {t(list.title)}
                      </h2>
                      <ArtistBookings
                        view={list.view}
                        empty={<p className="card muted">{t(list.empty)}</p>}
                        actions={list.view === 'pending'}
                      />
                    </section>
                  ))}
                </div>
              ),
            },
            {
              value: 'calendar',
              label: t('Calendar'),
              panel: (
                <ArtistBookings
                  view="upcoming"
                  empty={
                    <EmptyState icon={<CalendarIcon />} title={t('No upcoming gigs scheduled')} />
                  }
                />
              ),
            },
            {
              value: 'portfolio',
              label: t('Portfolio'),
              panel: myArtist.data ? (
                <PortfolioManager artist={myArtist.data} />
              ) : (
                <MyArtistFallback query={myArtist} />
              ),
            },
            {
              value: 'profile',
              label: t('Profile'),
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
              label: t('Wallet'),
              panel: <WalletPanel />,
            },
            // The artists this artist has booked for their own events (Bookings above holds the
            // requests they receive).
            { value: 'my-bookings', label: t('My Bookings'), panel: <MyBookings /> },
          ]}
        />
      </main>
    </>
  );
}

/** While the artist profile loads, or for a user who has none. */
function MyArtistFallback({ query }: { query: { isPending: boolean; isError: boolean } }) {
  if (query.isPending) return <Spinner label={t('Loading your profile...')} />;
  return (
    <EmptyState
      icon={<UserIcon />}
      title={t('No artist profile')}
      text={t('Sign up as an Artist/Performer to get a profile clients can book.')}
    />
  );
}
