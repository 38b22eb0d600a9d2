import { CATEGORIES, CATEGORY_LABELS, type Category } from '../../../../contracts/jobs.ts';
import { BrowsePage, unlessAll } from '../../../components/browse/browse-page.tsx';
import { FilterSelect } from '../../../components/ui/filter-select.tsx';
import { t } from '../../../lib/i18n/translate.ts';
import { useJobs } from '../api/get-jobs.ts';
import {
  EMPTY_JOB_FILTERS,
  type JobBrowseFilters,
  jobMatches,
  readJobFilters,
  writeJobFilters,
} from '../filters.ts';
import { JobCard } from './job-card.tsx';
import { PostJobLink } from './post-job-link.tsx';

const JOB_FILTERS = {
  read: readJobFilters,
  write: writeJobFilters,
  empty: EMPTY_JOB_FILTERS,
  matches: jobMatches,
};

const useJobList = (filters: JobBrowseFilters, search: string) =>
  useJobs({
    q: search || undefined,
    category: unlessAll(filters.category),
    region: unlessAll(filters.region),
  });

export function JobsPage() {
  return (
    <BrowsePage
      domain="jobs"
      title={t('Browse Jobs')}
      intro={t('Find work across all 16 regions of Ghana.')}
      headerActions={<PostJobLink />}
      words={{ filters: t('Job filters'), search: t('Search jobs') }}
      filters={JOB_FILTERS}
      ownFilter={(filters, update) => (
        <FilterSelect<Category>
          label={t('Category')}
          value={filters.category}
          allLabel={t('All Categories')}
          options={CATEGORIES.map((category) => ({
            value: category,
            label: t(CATEGORY_LABELS[category]),
          }))}
          onChange={(category) => update({ category })}
        />
      )}
      useItems={useJobList}
      copy={{
        loading: t('Loading jobs...'),
        failed: t('Failed to fetch jobs'),
        found: (count) => t('{count} job(s) found', { count }),
        none: t('No jobs found'),
        savedFound: (count) => t('{count} saved job(s) found', { count }),
        searchingSaved: (saved) =>
          t(
            "You're offline: searching the {saved} jobs saved on this phone. All results load when you're back online.",
            { saved },
          ),
        noneSaved: t('No saved jobs match'),
        notSaved: t('These jobs'),
      }}
      renderItem={(job) => <JobCard key={job.id} job={job} />}
    />
  );
}
