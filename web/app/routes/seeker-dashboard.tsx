import { Navigate, useSearchParams } from 'react-router-dom';
import type { Role } from '../../../contracts/auth.ts';
import { paths } from '../../../contracts/paths.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../components/outbox-status.tsx';
import {
  BriefcaseIcon,
  CheckIcon,
  ClockIcon,
  UploadIcon,
  WalletIcon,
} from '../../components/ui/icons.tsx';
import { SavedAt } from '../../components/ui/saved-at.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useUserApplications } from '../../features/engagements/api/get-user-applications.ts';
import { MyApplications } from '../../features/engagements/components/my-applications.tsx';
import { MyBookings } from '../../features/engagements/components/my-bookings.tsx';
import { useUserApplicationsSummary } from '../../features/jobs/api/get-user-applications.ts';
import { useWallet } from '../../features/wallet/api/get-wallet.ts';
import { WalletPanel } from '../../features/wallet/components/wallet-panel.tsx';
import { useUser } from '../../lib/auth.ts';
import { formatMoney } from '../../lib/format.ts';
import { t } from '../../lib/i18n/translate.ts';
import { ComingSoon, StatCard, StatGrid, useDashboardTab } from './dashboard-parts.tsx';

type SeekerTab = 'applications' | 'bookings' | 'wallet' | 'profile';
const SEEKER_TABS = ['applications', 'bookings', 'wallet', 'profile'] as const;

/**
 * An SMS about a booking or a wallet links here, to the shortest address (one SMS must hold it):
 * an employer or an artist is sent on to the same tab of their own dashboard, where their
 * bookings and wallet live (docs/decisions/022-who-books-artists.md).
 */
function ownDashboard(role: Role | null | undefined, tab: string | null): string | null {
  if (role === 'employer' && (tab === 'bookings' || tab === 'wallet')) {
    return `${paths.employerDashboard}?tab=${tab}`;
  }
  if (role === 'artist' && tab === 'bookings') return `${paths.artistDashboard}?tab=my-bookings`;
  if (role === 'artist' && tab === 'wallet') return `${paths.artistDashboard}?tab=wallet`;
  return null;
}

export function SeekerDashboard() {
  const { user } = useUser();
  const [params] = useSearchParams();
  const elsewhere = ownDashboard(user?.role, params.get('tab'));
  return elsewhere ? <Navigate to={elsewhere} replace /> : <SeekerDashboardScreen />;
}

function SeekerDashboardScreen() {
  // ?tab=bookings opens My Bookings straight from the home screen.
  const [tab, setTab] = useDashboardTab<SeekerTab>(SEEKER_TABS);
  // The figures are counted by the server over every application; the list comes a page at a time.
  const summary = useUserApplicationsSummary().data;
  const query = useUserApplications();
  const wallet = useWallet();

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>{t('My Dashboard')}</h1>
          <p className="muted">{t('Track your job applications and earnings.')}</p>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={query.dataUpdatedAt} />
        <StatGrid label={t('Application summary')}>
          <StatCard
            label={t('Pending')}
            value={summary?.pending ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard label={t('Accepted')} value={summary?.accepted ?? 0} icon={<CheckIcon />} />
          <StatCard
            label={t('Completed')}
            value={summary?.completed ?? 0}
            icon={<BriefcaseIcon />}
            tone="blue"
          />
          <StatCard
            label={t('Total Earnings')}
            value={formatMoney(wallet.data?.earned ?? 0)}
            icon={<WalletIcon />}
          />
        </StatGrid>

        <Tabs<SeekerTab>
          label={t('Dashboard sections')}
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'applications',
              label: t('Applications'),
              panel: <MyApplications />,
            },
            {
              value: 'bookings',
              label: t('My Bookings'),
              panel: <MyBookings />,
            },
            {
              value: 'wallet',
              label: t('Wallet'),
              panel: <WalletPanel />,
            },
            {
              value: 'profile',
              label: t('Profile'),
              panel: (
                <ComingSoon
                  icon={<UploadIcon />}
                  title={t('Your CV')}
                  text={t('Profile settings coming soon.')}
                  action={
                    <button type="button" className="btn btn-outline" disabled>
                      {t('Upload CV')}
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
