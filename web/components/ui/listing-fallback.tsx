import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n/translate.ts';
import { underReviewMessage } from '../trust/under-review.ts';
import { EmptyState } from './empty-state.tsx';
import { AlertIcon } from './icons.tsx';
import { NotSavedOffline } from './not-saved-offline.tsx';
import { Spinner } from './spinner.tsx';

/** What a listing's page says when it has no listing to show, in its own words. */
export interface ListingTexts {
  /** 'Loading job...' */
  loading: string;
  /** 'This job', for "… is not saved on this phone". */
  offline: string;
  /** 'Job Not Found', and why. */
  notFound: string;
  notFoundText: string;
  /** 'Failed to fetch artist': where the page tells a failure apart from not found. */
  failed?: string;
  /** The way back to the list: 'Browse All Jobs'. */
  back: { to: string; label: string };
}

/**
 * What a job's or an artist's page shows in place of the listing: a spinner while it loads, "not
 * saved on this phone" offline with nothing saved, why reports hid it, the failure (`failed`)
 * or not found, the last ones with the way back to the list. Null when the listing is there.
 */
export function listingFallback(
  query: UseQueryResult<unknown>,
  target: 'job' | 'artist',
  texts: ListingTexts,
): ReactNode | null {
  if (query.isLoading) return <Spinner label={texts.loading} />;
  if (query.isPending && query.fetchStatus === 'paused') {
    return <NotSavedOffline what={texts.offline} />;
  }
  const back = (
    <Link to={texts.back.to} className="btn btn-primary">
      {texts.back.label}
    </Link>
  );
  const underReview = underReviewMessage(query.error, target);
  if (underReview) {
    return (
      <EmptyState icon={<AlertIcon />} title={t('Under Review')} text={underReview} action={back} />
    );
  }
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  if (texts.failed && query.isError && !query.data && !notFound) {
    return (
      <EmptyState icon={<AlertIcon />} title={texts.failed} text={t('Please try again later.')} />
    );
  }
  if (!query.data) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={texts.notFound}
        text={texts.notFoundText}
        action={back}
      />
    );
  }
  return null;
}
