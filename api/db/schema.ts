// The tables as Kysely sees them, one interface per table, and the database they make; the
// rest of the API imports them from database.ts, which opens that database.
import type { Generated, Kysely } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  phone_number: string;
  first_name: string;
  last_name: string;
  role: string | null;
  region: string | null;
  email: string | null;
  email_verified: Generated<number>;
  phone_verified: Generated<number>;
  delivery_method: Generated<string>;
  created_at: Generated<string>;
  /** Shown instead of the person's name on their jobs and profile, when set. */
  business_name: string | null;
  /** An operator (set only from the command line: npm run admin:grant). */
  is_admin: Generated<number>;
  /** When an operator suspended the account: it cannot sign in, its listings are hidden. */
  suspended_at: string | null;
  /** 'published', or 'under_review' once reports hid the profile. */
  moderation: Generated<string>;
  /** The language they chose (contracts/languages.ts); null reads as English. */
  language: string | null;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

/**
 * One live code per phone and the address group that asked for it, at most three per phone.
 * `client_ip` here and in otp_sends and otp_failures holds the address group
 * (lib/address-group.ts): an IPv4 address, or an IPv6 /64 as `2001:db8:1:2::/64`.
 */
interface OtpCodesTable {
  phone_number: string;
  /** What the code is for: signing in, or changing the payout number; one never does the other. */
  purpose: Generated<string>;
  client_ip: string;
  code_hash: string;
  delivery_method: string;
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
}

interface OtpSendsTable {
  id: Generated<number>;
  phone_number: string;
  client_ip: string;
  created_at: string;
}

interface OtpFailuresTable {
  id: Generated<number>;
  phone_number: string;
  /** The address group; empty for failures recorded before addresses were counted. */
  client_ip: string;
  created_at: string;
}

interface MessageOutboxTable {
  id: Generated<number>;
  to_phone: string;
  channel: string;
  body: string;
  created_at: Generated<string>;
}

export interface JobsTable {
  id: Generated<number>;
  employer_id: number;
  title: string;
  description: string;
  category: string;
  region: string;
  job_type: string;
  hourly_rate_pesewas: number | null;
  fixed_price_pesewas: number | null;
  estimated_hours: number | null;
  /** JSON array of strings */
  required_skills: string;
  start_date: string | null;
  is_active: Generated<number>;
  created_at: Generated<string>;
  town: string | null;
  /** Whether it is shown: 'published', 'held', 'under_review', 'removed' or 'suspended'. */
  moderation: Generated<string>;
}

interface ApplicationsTable {
  id: Generated<number>;
  job_id: number;
  applicant_id: number;
  cover_letter: string;
  status: Generated<string>;
  created_at: Generated<string>;
  /** When escrow released the money: the work's completion, from which reviews may be left. */
  completed_at: string | null;
}

export interface ArtistsTable {
  id: Generated<number>;
  user_id: number;
  /** What a client who cancels a paid booking gets back (contracts/engagements.ts). */
  cancellation_policy: Generated<string>;
  stage_name: string;
  bio: string | null;
  region: string;
  /** JSON array of performance types */
  performance_types: Generated<string>;
  hourly_rate_pesewas: number | null;
  event_rate_pesewas: number | null;
  /** The mean of the reviews of them as an artist; null with none (review_count 0). */
  rating: number | null;
  review_count: Generated<number>;
  created_at: Generated<string>;
  /** Whether it is shown: 'published', 'under_review', 'removed' or 'suspended'. */
  moderation: Generated<string>;
}

interface PortfolioPicturesTable {
  id: Generated<number>;
  artist_id: number;
  /** One of the artist's 8 places (0-7), unique per artist: the cap as a constraint. */
  slot: number;
  /** Where the picture is served: /uploads/<name>.webp, or a demo picture of the web app. */
  url: string;
  created_at: Generated<string>;
}

interface ArtistAvailabilityTable {
  id: Generated<number>;
  artist_id: number;
  date: string;
  time_slot: string | null;
}

interface BookingsTable {
  id: Generated<number>;
  /** The artist's policy when requested. */
  cancellation_policy: Generated<string>;
  /** Who called it off once accepted: payer, payee, timer, operator, no_show. */
  cancelled_by: string | null;
  artist_id: number;
  client_id: number;
  event_date: string;
  event_duration: number;
  event_type: string | null;
  venue: string;
  event_details: string | null;
  rate_type: string;
  total_amount_pesewas: number;
  status: Generated<string>;
  created_at: Generated<string>;
  /** When the artist accepted: an accepted booking unpaid 48 hours later is cancelled. */
  accepted_at: string | null;
  /** When escrow released the money: the work's completion, from which reviews may be left. */
  completed_at: string | null;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  scope: string;
  request_hash: string;
  status_code: number;
  response_body: string;
  created_at: string;
}

/** One thing a user did that a per-user rate counts (USAGE_CAPS): a status change, an upload. */
interface UserActionsTable {
  id: Generated<number>;
  user_id: number;
  action: string;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  to_phone: string;
  channel: string;
  body: string;
  status: Generated<string>; // queued (summaries.ts), pending, sent or failed
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: Generated<string>;
  sent_at: string | null;
  /** What the message is about; the per-recipient hourly allowance is counted per kind. */
  kind: Generated<string>;
  /** When the message takes its place in the recipient's hourly allowance of its kind. */
  window_at: Generated<string>;
  /** Set on a summary while it still takes in new events; cleared when a sender claims it. */
  summary_key: string | null;
  /** The path of the screen the message is about (`/dashboard/artist`); null on old rows. */
  link: string | null;
  /** How many events a summary stands for; 0 for a single message. */
  summarised_count: Generated<number>;
  /** The sender holding the row, until lease_until. */
  claimed_by: string | null;
  lease_until: string | null;
  /**
   * A message whose sending does something (notifications.ts SendHooks): the hook's name, and
   * the row it acts on (`payer_release_notice`: the payment whose payer's clock starts).
   */
  send_hook: string | null;
  send_hook_ref: number | null;
}

interface ArtistPerformanceTypesTable {
  artist_id: number;
  performance_type: string;
}

/** FTS5 trigram indexes (virtual tables) for substring search. */
interface JobsFtsTable {
  rowid: number;
  title: string;
  description: string;
}

interface ArtistsFtsTable {
  rowid: number;
  stage_name: string;
  bio: string;
}

/** A user's report of a job, an artist or a profile; open until an operator reviews it. */
interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: string;
  target_id: number;
  reason: string;
  details: string | null;
  /** The reporter's address group; null on reports made before it was kept. */
  reporter_group: string | null;
  /** 1 when the report counts toward hiding its target (reports-service.ts says when). */
  counts_to_hide: Generated<number>;
  created_at: string;
  reviewed_at: string | null;
}

/** What an operator did to what, and when. */
interface ModerationLogTable {
  id: Generated<number>;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: number;
  created_at: string;
}

interface DataVersionsTable {
  name: string;
  version: number;
}

/** The columns a background worker claims a row with: when it is next due, who holds it, until when. */
interface ClaimColumns {
  next_check_at: string | null;
  claimed_by: string | null;
  lease_until: string | null;
}

/** One escrow per engagement (a booking, an application, or a milestone of one). */
export interface PaymentsTable {
  id: Generated<number>;
  engagement_type: string;
  engagement_id: number;
  payer_id: number;
  payee_id: number;
  amount_pesewas: number;
  fee_pesewas: number;
  status: Generated<string>;
  held_at: string | null;
  released_at: string | null;
  refunded_at: string | null;
  payer_confirmed_at: string | null;
  payee_confirmed_at: string | null;
  release_due_at: string | null;
  disputed_at: string | null;
  disputed_by: number | null;
  dispute_reason: string | null;
  resolution: string | null;
  resolved_at: string | null;
  /** When the payer was sent the notice that the payee says the work is done. */
  payer_notified_at: string | null;
  /** Set while the payee is suspended: no release by itself until an operator or the lift. */
  frozen_at: string | null;
  /** The release clock's seconds left when it was frozen; null when no clock ran. */
  frozen_release_seconds: number | null;
  /** A client's late cancellation: the artist's share and the fee's share left in escrow. */
  kept_pesewas: number | null;
  kept_fee_pesewas: number | null;
  /** When that share goes to the artist (the event's end), and when it went. */
  kept_due_at: string | null;
  kept_released_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ChargesTable extends ClaimColumns {
  id: Generated<number>;
  reference: string;
  payment_id: number;
  payer_id: number;
  /** Amount and fee: what the payer approves. */
  amount_pesewas: number;
  phone: string;
  network: string;
  status: Generated<string>;
  step: string | null;
  step_at: string | null;
  display_text: string | null;
  failure: string | null;
  message: string | null;
  provider_fee_pesewas: number | null;
  paid_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PayoutsTable extends ClaimColumns {
  id: Generated<number>;
  reference: string;
  payment_id: number;
  payee_id: number;
  attempt: number;
  amount_pesewas: number;
  phone: string;
  network: string;
  recipient_code: string | null;
  transfer_code: string | null;
  status: Generated<string>;
  failure: string | null;
  initiated_at: string | null;
  settled_at: string | null;
  tries: Generated<number>;
  /** Not sent before this: its number was set less than 24 hours before. */
  hold_until: string | null;
  /** Its payee is suspended: not sent until the suspension is lifted or an operator releases it. */
  paused_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface RefundsTable extends ClaimColumns {
  id: Generated<number>;
  payment_id: number;
  charge_reference: string;
  amount_pesewas: number;
  reason: string;
  status: Generated<string>;
  requested_at: string | null;
  processed_at: string | null;
  tries: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ProviderEventsTable {
  id: Generated<number>;
  provider: string;
  event_key: string;
  event: string;
  reference: string;
  outcome: string;
  payload: string;
  received_at: Generated<string>;
  /** When the reconciler applied it (asked the provider and recorded the answer); null until. */
  applied_at: string | null;
  /** When the reconciler asks about it next, while it is not applied. */
  next_check_at: string | null;
  tries: Generated<number>;
}

export interface PayoutSettingsTable {
  user_id: number;
  phone_number: string;
  network: string;
  updated_at: Generated<string>;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  code: string;
  created_at: Generated<string>;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  key: string;
  payment_id: number | null;
  reference: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  /** Signed: debits positive, credits negative; a transaction's entries sum to zero. */
  amount_pesewas: number;
}

/**
 * One USSD session (the gateway's session id, with the caller's number): the inputs answered
 * last, that answer, and what its list screens showed, as JSON. Kept minutes (retention.ts).
 */
export interface UssdSessionsTable {
  session_id: string;
  phone_number: string;
  user_id: number | null;
  inputs: string;
  reply: string;
  ended_at: string | null;
  lists: string;
  created_at: string;
  updated_at: string;
}

/** One side's review of the other after completed work; at most one per author per engagement. */
export interface ReviewsTable {
  id: Generated<number>;
  engagement_type: string;
  engagement_id: number;
  author_id: number;
  subject_id: number;
  /** What the reviewed person was in the engagement: artist, client, employer or worker. */
  subject_side: string;
  rating: number;
  comment: string | null;
  created_at: string;
  edited_at: string | null;
  reply: string | null;
  replied_at: string | null;
}

/** A stage of a job's payment (migration 0033): `open`, then `completed` or `cancelled`. */
export interface MilestonesTable {
  id: Generated<number>;
  application_id: number;
  position: number;
  title: string;
  amount_pesewas: number;
  due_date: string | null;
  status: Generated<string>;
  completed_at: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  otp_sends: OtpSendsTable;
  otp_failures: OtpFailuresTable;
  message_outbox: MessageOutboxTable;
  jobs: JobsTable;
  applications: ApplicationsTable;
  milestones: MilestonesTable;
  artists: ArtistsTable;
  artist_availability: ArtistAvailabilityTable;
  portfolio_pictures: PortfolioPicturesTable;
  bookings: BookingsTable;
  idempotency_keys: IdempotencyKeysTable;
  user_actions: UserActionsTable;
  notifications: NotificationsTable;
  artist_performance_types: ArtistPerformanceTypesTable;
  jobs_fts: JobsFtsTable;
  artists_fts: ArtistsFtsTable;
  data_versions: DataVersionsTable;
  payments: PaymentsTable;
  charges: ChargesTable;
  payouts: PayoutsTable;
  refunds: RefundsTable;
  provider_events: ProviderEventsTable;
  payout_settings: PayoutSettingsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
  reviews: ReviewsTable;
  ussd_sessions: UssdSessionsTable;
}

export type Db = Kysely<Database>;
