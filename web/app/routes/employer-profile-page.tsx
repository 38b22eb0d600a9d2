import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../contracts/paths.ts';
import { SiteHeader } from '../../components/layout/site-header.tsx';
import { underReviewMessage } from '../../components/trust/under-review.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { AlertIcon, ArrowLeftIcon, BriefcaseIcon } from '../../components/ui/icons.tsx';
import { NotSavedOffline } from '../../components/ui/not-saved-offline.tsx';
import { PagedList } from '../../components/ui/paged-list.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useEmployer } from '../../features/employers/api/get-employer.ts';
import { EmployerProfileCard } from '../../features/employers/components/employer-profile-card.tsx';
import { useUserRating, useUserReviews } from '../../features/engagements/api/reviews.ts';
import { ReviewsList } from '../../features/engagements/components/reviews-list.tsx';
import { useEmployerJobs } from '../../features/jobs/api/get-employer-jobs.ts';
import { JobCard } from '../../features/jobs/components/job-card.tsx';
import { useUser } from '../../lib/auth.ts';
import { t } from '../../lib/i18n/translate.ts';

/** An employer's public profile (the employers feature) with their open jobs (the jobs feature). */
export function EmployerProfilePage() {
  const id = Number(useParams().id);
  const query = useEmployer(id);
  const employer = query.data;
  const jobs = useEmployerJobs(employer ? id : undefined);
  const underReview = underReviewMessage(query.error, 'user');
  // The employer's own list holds every job of theirs; anyone else's, the open ones.
  const own = useUser().user?.id === id;

  return (
    <>
      <SiteHeader />
      <main id="main" className="container page narrow stack">
        <Link to={paths.jobs} className="back-link">
          <ArrowLeftIcon size={16} /> {t('Back to Jobs')}
        </Link>
        {query.isLoading ? (
          <Spinner label={t('Loading employer...')} />
        ) : query.isPending && query.fetchStatus === 'paused' ? (
          <NotSavedOffline what={t('This employer')} />
        ) : !employer ? (
          <EmptyState
            icon={<AlertIcon />}
            title={underReview ? t('Under Review') : t('Employer Not Found')}
            text={
              underReview ?? t("The employer you're looking for doesn't exist or has been removed")
            }
            action={
              <Link to={paths.jobs} className="btn btn-primary">
                {t('Browse All Jobs')}
              </Link>
            }
          />
        ) : (
          <>
            <EmployerProfileCard employer={employer} />
            <h2 className="section-title">{own ? t('Your jobs') : t('Open jobs')}</h2>
            <PagedList
              query={jobs}
              label={t('Jobs posted by {name}', { name: employer.name })}
              loading={t('Loading jobs...')}
              failed={t('Failed to fetch jobs')}
              empty={<EmptyState icon={<BriefcaseIcon />} title={t('No open jobs right now')} />}
              renderItem={(job) => (
                <li key={job.id}>
                  <JobCard job={job} />
                </li>
              )}
            />
            <h2 className="section-title">{t('Reviews')}</h2>
            <EmployerReviews userId={id} />
          </>
        )}
      </main>
    </>
  );
}

/** What the people who worked for or booked with them wrote, as a worker's or a client's review. */
function EmployerReviews({ userId }: { userId: number }) {
  const query = useUserReviews(userId);
  const summary = useUserRating(userId).data;
  return (
    <ReviewsList
      query={query}
      rating={summary?.rating ?? null}
      reviewCount={summary?.reviewCount ?? 0}
      showSide
    />
  );
}
