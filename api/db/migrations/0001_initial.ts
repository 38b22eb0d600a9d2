import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code.
// Money columns hold integer pesewas. Timestamps are ISO-8601 UTC text, portable to PostgreSQL.

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('phone_number', 'text', (col) => col.notNull().unique())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('role', 'text')
    .addColumn('region', 'text')
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('phone_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('delivery_method', 'text', (col) => col.notNull().defaultTo('sms'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('phone_number', 'text', (col) => col.primaryKey())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('otp_sends')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('client_ip', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('otp_sends_phone_created')
    .on('otp_sends')
    .columns(['phone_number', 'created_at'])
    .execute();
  await db.schema
    .createIndex('otp_sends_ip_created')
    .on('otp_sends')
    .columns(['client_ip', 'created_at'])
    .execute();

  await db.schema
    .createTable('message_outbox')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('to_phone', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('message_outbox_to')
    .on('message_outbox')
    .columns(['to_phone', 'id'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('employer_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('job_type', 'text', (col) => col.notNull())
    .addColumn('hourly_rate_pesewas', 'integer')
    .addColumn('fixed_price_pesewas', 'integer')
    .addColumn('estimated_hours', 'integer')
    .addColumn('required_skills', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('start_date', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('jobs_employer_created')
    .on('jobs')
    .columns(['employer_id', 'created_at'])
    .execute();
  await db.schema.createIndex('jobs_created').on('jobs').column('created_at').execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('job_id', 'integer', (col) =>
      col.notNull().references('jobs.id').onDelete('cascade'),
    )
    .addColumn('applicant_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('cover_letter', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint('applications_job_applicant', ['job_id', 'applicant_id'])
    .execute();
  await db.schema
    .createIndex('applications_applicant_created')
    .on('applications')
    .columns(['applicant_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('artists')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('stage_name', 'text', (col) => col.notNull())
    .addColumn('bio', 'text')
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('performance_types', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('hourly_rate_pesewas', 'integer')
    .addColumn('event_rate_pesewas', 'integer')
    .addColumn('rating', 'real')
    .addColumn('portfolio_images', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('artists_region').on('artists').column('region').execute();

  await db.schema
    .createTable('artist_availability')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('time_slot', 'text')
    .execute();
  await db.schema
    .createIndex('artist_availability_artist_date')
    .on('artist_availability')
    .columns(['artist_id', 'date'])
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('event_date', 'text', (col) => col.notNull())
    .addColumn('event_duration', 'integer', (col) => col.notNull())
    .addColumn('event_type', 'text')
    .addColumn('venue', 'text', (col) => col.notNull())
    .addColumn('event_details', 'text')
    .addColumn('rate_type', 'text', (col) => col.notNull())
    .addColumn('total_amount_pesewas', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('bookings_artist_created')
    .on('bookings')
    .columns(['artist_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bookings_client_created')
    .on('bookings')
    .columns(['client_id', 'created_at'])
    .execute();

  // Exactly-once writes: a replayed Idempotency-Key returns the stored first response.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'bookings',
    'artist_availability',
    'artists',
    'applications',
    'jobs',
    'message_outbox',
    'otp_sends',
    'otp_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
