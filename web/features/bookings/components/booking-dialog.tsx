import { useState } from 'react';
import type { Artist } from '../../../../contracts/artists.ts';
import type { CreateBookingInput } from '../../../../contracts/bookings.schemas.ts';
import { BOOKING_MESSAGES, type RateType } from '../../../../contracts/bookings.ts';
import { CANCELLATION_POLICY_SENTENCES } from '../../../../contracts/engagements.ts';
import { Dialog, type DialogState } from '../../../components/ui/dialog.tsx';
import { Field, FormRefusal, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { DialogActions, PendingButton } from '../../../components/ui/form-buttons.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { formatDay, formatMoney, todayIso } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/translate.ts';
import { useWrite } from '../../../lib/outbox/use-outbox.ts';
import { useForm } from '../../../lib/use-form.ts';
import { requestBooking } from '../api/create-booking.ts';
import { useBookedDays } from '../api/get-booked-days.ts';
import {
  type BookingFormState,
  bookingTotal,
  buildBookingPayload,
  emptyBookingForm,
  formEventDay,
  offeredRateTypes,
} from '../booking-form.ts';

/** The form unmounts when the dialog closes, so closing resets it. */
export function BookingDialog({ artist, ...dialog }: { artist: Artist } & DialogState) {
  return (
    <Dialog
      {...dialog}
      title={t('Book {stageName}', { stageName: artist.stageName })}
      description={t('Send a booking request with your event details.')}
    >
      <BookingForm artist={artist} onDone={dialog.onClose} />
    </Dialog>
  );
}

const RATE_LABELS: Record<RateType, (artist: Artist) => string> = {
  hourly: (artist) => t('Hourly ({amount}/hr)', { amount: formatMoney(artist.hourlyRate) }),
  event: (artist) => t('Per Event ({amount}/event)', { amount: formatMoney(artist.eventRate) }),
};

function BookingForm({ artist, onDone }: { artist: Artist; onDone: () => void }) {
  const {
    values: form,
    errors,
    field,
    set,
    submit,
  } = useForm<BookingFormState, CreateBookingInput>(
    () => emptyBookingForm(artist),
    (values) => buildBookingPayload(values, artist),
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const booking = useWrite(requestBooking, { showsRefusal: true });
  // A day the artist is already booked: the server would refuse it, so say so as it is picked.
  const bookedDays = useBookedDays(artist.id).data ?? [];
  const day = formEventDay(form);
  const taken = day !== null && bookedDays.includes(day);

  const onSubmit = submit((payload) => {
    setRefusal(null);
    booking.mutate(
      { payload, stageName: artist.stageName },
      {
        // Refused, the form stays open as it was and says why.
        onSuccess: (result) => (result.status === 'failed' ? setRefusal(result.message) : onDone()),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="stack">
      <div className="form-row">
        <TextField
          label={t('Event Date')}
          error={errors.eventDate}
          type="date"
          min={todayIso()}
          {...field('eventDate')}
        />
        <TextField
          label={t('Event Time')}
          error={errors.eventTime}
          type="time"
          {...field('eventTime')}
        />
      </div>
      {taken && day ? (
        <p className="form-warning" role="alert">
          {BOOKING_MESSAGES.bookedDay(artist.stageName, formatDay(day))}
        </p>
      ) : null}
      <div className="form-row">
        <Field label={t('Rate Type')} error={errors.rateType}>
          <SelectInput
            options={offeredRateTypes(artist)}
            label={(type) => RATE_LABELS[type](artist)}
            value={form.rateType}
            onChange={(event) => set('rateType', event.target.value as RateType)}
          />
        </Field>
        <TextField
          label={t('Duration (hours)')}
          error={errors.eventDuration}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          {...field('eventDuration')}
        />
      </div>
      <TextField
        label={t('Event Type')}
        optional
        error={errors.eventType}
        {...field('eventType')}
        placeholder={t('e.g. Wedding, Birthday, Corporate event')}
      />
      <TextField
        label={t('Venue')}
        error={errors.venue}
        {...field('venue')}
        placeholder={t('e.g. Labadi Beach Hotel, Accra')}
      />
      <TextAreaField
        label={t('Event Details')}
        optional
        error={errors.eventDetails}
        rows={3}
        {...field('eventDetails')}
        placeholder={t('Number of guests, music style, special requests...')}
      />
      <div className="total-box">
        <div className="total-row">
          <span>{t('Total Amount')}</span>
          <output className="total-amount" aria-live="polite">
            {formatMoney(bookingTotal(form, artist))}
          </output>
        </div>
        <p className="hint">
          <ShieldIcon size={14} />{' '}
          {t('Payment will be processed securely through a mobile-money card payment provider.')}
        </p>
      </div>
      <p className="hint booking-policy">
        {t(CANCELLATION_POLICY_SENTENCES[artist.cancellationPolicy])}
      </p>
      {/* Beside the button that was tapped, where the eye is. */}
      <FormRefusal title={requestBooking.failed.title} message={refusal} />
      <DialogActions onCancel={onDone}>
        <PendingButton pending={booking.isPending} pendingLabel={t('Sending...')}>
          {t('Send Booking Request')}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
