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

export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  skilled_trades: 'Plumbers, electricians, carpenters, mechanics',
  professional: 'Accountants, lawyers, consultants, IT',
  entertainment: 'Musicians, DJs, performers, MCs',
  general_labor: 'Cleaners, movers, security',
};

export const JOB_TYPES = ['hourly', 'fixed'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_MESSAGES = {
  title: 'Title must be at least 5 characters',
  description: 'Description must be at least 20 characters',
  category: 'Please select a category',
  region: 'Please select a region',
  jobType: 'Please choose a payment type',
  rate: 'Please provide a valid rate',
  requiredSkills: 'Required skills must be text, separated by commas',
  estimatedHours: 'Estimated hours must be a whole number of at least 1',
  startDate: 'Start date must be a valid date',
  startDateWindow: 'Start date must be from a year ago to two years from now',
  town: 'Town must be at most 60 characters',
} as const;

export const TITLE_MIN = 5;
export const TITLE_MAX = 120;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const SKILLS_MAX = 20;
export const SKILL_MAX_LENGTH = 40;
export const TOWN_MAX = 60;

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
