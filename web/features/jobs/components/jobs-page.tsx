import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  type Category,
  type JobListing,
} from '../../../../contracts/jobs.ts';
import { SiteHeader } from '../../../components/layout/site-header.tsx';
import { BrowseResults } from '../../../components/ui/browse-results.tsx';
import { FilterSelect, REGION_OPTIONS } from '../../../components/ui/filter-select.tsx';
import { SearchBox } from '../../../components/ui/search-box.tsx';
import { savedListItems } from '../../../lib/saved-list-items.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
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

export function JobsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readJobFilters(params);
  const update = (next: Partial<JobBrowseFilters>) =>
    setParams(writeJobFilters({ ...filters, ...next }), { replace: true });

  // The box shows every keystroke; the server is asked once typing pauses.
  const search = useDebouncedValue(filters.search.trim());
  const query = useJobs({
    q: search || undefined,
    category: filters.category === 'all' ? undefined : filters.category,
    region: filters.region === 'all' ? undefined : filters.region,
  });

  return (
    <>
      <SiteHeader actions={<PostJobLink />} />
      <main id="main" className="container page">
        <div className="page-heading">
          <h1>Browse Jobs</h1>
          <p className="muted">Find work across all 16 regions of Ghana.</p>
        </div>

        <search className="filters" aria-label="Job filters">
          <SearchBox
            label="Search jobs"
            value={filters.search}
            onChange={(search) => update({ search })}
          />
          <FilterSelect<Category>
            label="Category"
            value={filters.category}
            allLabel="All Categories"
            options={CATEGORIES.map((category) => ({
              value: category,
              label: CATEGORY_LABELS[category],
            }))}
            onChange={(category) => update({ category })}
          />
          <FilterSelect
            label="Region"
            value={filters.region}
            allLabel="All Regions"
            options={REGION_OPTIONS}
            onChange={(region) => update({ region })}
          />
        </search>

        <BrowseResults
          query={query}
          noun="job"
          plural="jobs"
          onClear={() => setParams(writeJobFilters(EMPTY_JOB_FILTERS), { replace: true })}
          renderItem={(job) => <JobCard key={job.id} job={job} />}
          findSaved={() => {
            const saved = savedListItems<JobListing>(queryClient, 'jobs');
            return {
              saved: saved.length,
              matches: saved.filter((job) => jobMatches(job, filters)),
            };
          }}
        />
      </main>
    </>
  );
}
