import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, CreateBookingInput } from '../../../../contracts/bookings.ts';
import { api } from '../../../../contracts/paths.ts';
import { sendJson } from '../../../lib/api-client.ts';
import { artistBookingsQueryOptions } from './get-artist-bookings.ts';

export interface CreateBookingVariables {
  payload: CreateBookingInput;
  idempotencyKey: string;
}

export function createBooking({ payload, idempotencyKey }: CreateBookingVariables) {
  return sendJson<Booking>('POST', api.bookings, payload, { idempotencyKey });
}

/** One definition for the hook and for setMutationDefaults (so a paused request can resume). */
export function createBookingMutationOptions(queryClient: QueryClient) {
  return {
    mutationKey: ['bookings', 'create'] as const,
    mutationFn: createBooking,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: artistBookingsQueryOptions().queryKey }),
  };
}

export function useCreateBooking() {
  return useMutation(createBookingMutationOptions(useQueryClient()));
}
