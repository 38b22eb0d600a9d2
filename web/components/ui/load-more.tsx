import { t } from '../../lib/i18n/translate.ts';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of a list on request: nothing is downloaded that the user didn't ask to see. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="load-more">
      {query.isFetchNextPageError ? (
        <p className="field-error" role="alert">
          {t("Couldn't load more. Check your connection and try again.")}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={query.isFetchingNextPage}
        onClick={() => query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? t('Loading...') : t('Load more')}
      </button>
    </div>
  );
}
