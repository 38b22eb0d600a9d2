/**
 * The job form's copy, limits and messages: the Post a Job wizard and the server's rules use
 * them, the browse screens never do. Apart from jobs.ts so that the first screen, which imports
 * jobs.ts, does not carry them (Rolldown keeps a module whole in one chunk).
 */
import type { Category } from './jobs.ts';

export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  skilled_trades: 'Plumbers, electricians, carpenters, mechanics',
  professional: 'Accountants, lawyers, consultants, IT',
  entertainment: 'Musicians, DJs, performers, MCs',
  general_labor: 'Cleaners, movers, security',
};

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
