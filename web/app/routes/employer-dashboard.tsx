import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../contracts/paths.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { OutboxStatus } from '../../components/outbox-status.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import {
  BriefcaseIcon,
  ClockIcon,
  PlusIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/ui/icons.tsx';
import { PagedList, pageItems } from '../../components/ui/paged-list.tsx';
import { SavedAt } from '../../components/ui/saved-at.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { BusinessNameForm } from '../../features/employers/components/business-name-form.tsx';
import { Applicants } from '../../features/engagements/components/applicants.tsx';
import { MyBookings } from '../../features/engagements/components/my-bookings.tsx';
import { useEmployerJobs, useEmployerSummary } from '../../features/jobs/api/get-employer-jobs.ts';
import { jobsQueryOptions } from '../../features/jobs/api/get-jobs.ts';
import { EmployerJobCard } from '../../features/jobs/components/employer-job-card.tsx';
import { useWallet } from '../../features/wallet/api/get-wallet.ts';
import { WalletPanel } from '../../features/wallet/components/wallet-panel.tsx';
import { useUser } from '../../lib/auth.ts';
import { formatMoney } from '../../lib/format.ts';
import { t } from '../../lib/i18n/translate.ts';
import { StatCard, StatGrid, useDashboardTab } from './dashboard-parts.tsx';

type EmployerTab = 'jobs' | 'applicants' | 'bookings' | 'wallet';
const EMPLOYER_TABS = ['jobs', 'applicants', 'bookings', 'wallet'] as const;

export function EmployerDashboard() {
  const { user } = useUser();
  // ?job=12 (the link in a new-applicant SMS) opens that job's applicants; ?tab=bookings (a
  // booking SMS, or the home screen) opens My Bookings, ?tab=wallet (a refund SMS) the Wallet.
  const [params] = useSearchParams();
  const linkedJob = Number(params.get('job')) || null;
  const [tab, setTab] = useDashboardTab<EmployerTab>(
    EMPLOYER_TABS,
    linkedJob ? 'applicants' : undefined,
  );
  const [selectedJobId, setSelectedJobId] = useState<number | null>(linkedJob);
  // The figures are counted by the server over every job; the list comes a page at a time.
  const summary = useEmployerSummary({ enabled: Boolean(user) }).data;
  const query = useEmployerJobs(user?.id);
  const jobs = pageItems(query.data);
  const wallet = useWallet({ enabled: Boolean(user) });
  const queryClient = useQueryClient();
  // A new business name shows on every job list: they fetch again when next shown.
  const onBusinessNameSaved = () =>
    void queryClient.invalidateQueries({
      queryKey: jobsQueryOptions().queryKey,
      refetchType: 'none',
    });

  const viewApplicants = (jobId: number) => {
    setSelectedJobId(jobId);
    setTab('applicants');
  };

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page">
        <div className="page-heading page-heading-row">
          <div>
            <h1>{t('Employer Dashboard')}</h1>
            <p className="muted">{t('Manage your job posts and review applicants.')}</p>
          </div>
          <Link to={paths.postJob} className="btn btn-primary">
            <PlusIcon size={18} /> {t('Post New Job')}
          </Link>
        </div>
        <OutboxStatus />
        <SavedAt updatedAt={query.dataUpdatedAt} />
        <StatGrid label={t('Job summary')}>
          <StatCard
            label={t('Active Jobs')}
            value={summary?.activeJobs ?? 0}
            icon={<BriefcaseIcon />}
          />
          <StatCard
            label={t('Total Applications')}
            value={summary?.totalApplications ?? 0}
            icon={<UsersIcon />}
            tone="blue"
          />
          <StatCard
            label={t('Inactive Jobs')}
            value={summary?.inactiveJobs ?? 0}
            icon={<ClockIcon />}
            tone="gold"
          />
          <StatCard
            label={t('Total Spent')}
            value={formatMoney(wallet.data?.spent ?? 0)}
            icon={<WalletIcon />}
          />
        </StatGrid>
        {user ? <BusinessNameForm userId={user.id} onSaved={onBusinessNameSaved} /> : null}

        <Tabs<EmployerTab>
          label={t('Dashboard sections')}
          value={tab}
          onChange={setTab}
          items={[
            {
              value: 'jobs',
              label: t('My Jobs'),
              panel: (
                <PagedList
                  query={query}
                  label={t('My jobs')}
                  loading={t('Loading jobs...')}
                  failed={t('Failed to fetch jobs')}
                  empty={
                    <EmptyState
                      icon={<BriefcaseIcon />}
                      title={t('No Jobs Posted Yet')}
                      text={t('Post your first job to start receiving applications.')}
                      action={
                        <Link to={paths.postJob} className="btn btn-primary">
                          {t('Post a Job')}
                        </Link>
                      }
                    />
                  }
                  renderItem={(job) => (
                    <EmployerJobCard key={job.id} job={job} onViewApplicants={viewApplicants} />
                  )}
                />
              ),
            },
            {
              value: 'applicants',
              label: t('Applicants'),
              panel: (
                <div className="stack">
                  {jobs.length > 0 ? (
                    <div className="field applicant-picker">
                      <label htmlFor="applicants-job" className="label">
                        {t('Job')}
                      </label>
                      <select
                        id="applicants-job"
                        className="input"
                        value={selectedJobId ?? ''}
                        onChange={(event) =>
                          setSelectedJobId(event.target.value ? Number(event.target.value) : null)
                        }
                      >
                        <option value="">{t('Choose a job...')}</option>
                        {jobs.map((job) => (
                          <option key={job.id} value={job.id}>
                            {job.title}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                  {selectedJobId === null ? (
                    <EmptyState
                      icon={<UsersIcon />}
                      title={t('Select a Job')}
                      text={t('Choose one of your jobs to see who has applied.')}
                    />
                  ) : (
                    <Applicants jobId={selectedJobId} />
                  )}
                </div>
              ),
            },
            // Someone who books artists for events signs up as an employer: what they booked
            // lives here (docs/decisions/022-who-books-artists.md).
            { value: 'bookings', label: t('My Bookings'), panel: <MyBookings /> },
            // What they paid into escrow and got back: where a refund SMS leads.
            { value: 'wallet', label: t('Wallet'), panel: <WalletPanel /> },
          ]}
        />
      </main>
    </>
  );
}
