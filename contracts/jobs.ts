import type { Poster } from './employers.ts';
import type { JobModeration } from './moderation.ts';

export const CATEGORIES = [
  'skilled_trades',
  'professional',
  'entertainment',
  'general_labor',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  skilled_trades: 'Skilled Trades',
  professional: 'Professional',
  entertainment: 'Entertainment',
  general_labor: 'General Labor',
};

export const JOB_TYPES = ['hourly', 'fixed'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** A job as browsing lists it (`GET /api/jobs`): no screen there shows application counts. */
export interface JobListing {
  id: number;
  title: string;
  description: string;
  category: Category;
  region: string;
  /** The town or area within the region, when the poster gave one. */
  town: string | null;
  jobType: JobType;
  hourlyRate: string | null;
  fixedPrice: string | null;
  estimatedHours: number | null;
  requiredSkills: string[];
  startDate: string | null;
  isActive: boolean;
  createdAt: string;
  employerId: number;
  /** Who posted it, as cards show them. */
  employer: Poster;
  /** Whether it is shown; browsing lists only published jobs. */
  moderation: JobModeration;
}

/** A job with the number of applications to it: its page, and its employer's own list. */
export interface Job extends JobListing {
  applicationCount: number;
}

/** GET /api/jobs/summary: the signed-in employer's dashboard figures, counted by the server. */
export interface EmployerJobsSummary {
  activeJobs: number;
  inactiveJobs: number;
  /** The sum of every job's application count. */
  totalApplications: number;
}

/** Whether a job takes applications: open, and shown on Ghana Gigs. */
export function takesApplications(job: Pick<JobListing, 'isActive' | 'moderation'>): boolean {
  return job.isActive && job.moderation === 'published';
}

/** Where a job is: 'Tema, Greater Accra', or the region alone. */
export function jobPlace(job: Pick<JobListing, 'town' | 'region'>): string {
  return job.town ? `${job.town}, ${job.region}` : job.region;
}
