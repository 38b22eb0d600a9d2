/**
 * Query-key prefixes that writes of one feature refresh in another: a booking's payment moves
 * the wallet, a review changes an artist's rating, a deal's transition changes the bookings and
 * jobs lists. Each feature builds its keys on these, and writes invalidate through them.
 */
export const BOOKINGS_QUERY_KEY = ['bookings'] as const;
export const JOBS_QUERY_KEY = ['jobs'] as const;
/** The signed-in user's money queries (the wallet and the payout number). */
export const WALLET_QUERY_KEY = ['wallet'] as const;
/** Every reviews list: a review written or changed refreshes them. */
export const REVIEWS_QUERY_KEY = ['reviews'] as const;
/** The artists feature's lists and profiles, which show each artist's rating. */
export const ARTISTS_QUERY_KEY = ['artists'] as const;
