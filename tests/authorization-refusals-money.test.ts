import { guestAnd, refusedTo, testRefusals } from './helpers/authorization-world.ts';

/**
 * Escrow, payments, wallets and payout numbers called as a guest and as a signed-in user
 * without the right: the status, and no table changed. Only the payer pays; only the two sides
 * confirm, dispute or cancel; a payment's reference says nothing to anyone but its payer.
 */
const mobileMoney = () => ({ phoneNumber: '+233241234567', network: 'mtn' });
const disputeReason = (action: string) =>
  action === 'dispute' ? { payload: () => ({ reason: 'It did not happen at all' }) } : {};

testRefusals([
  ...refusedTo(guestAnd(403, ['artist', 'otherArtist', 'employer']), {
    name: 'pay for a booking',
    method: 'POST',
    url: (w) => `/api/bookings/${w.bookingId}/payment`,
    payload: mobileMoney,
  }),
  ...refusedTo(guestAnd(403, ['seeker', 'otherEmployer']), {
    name: 'pay for an application',
    method: 'POST',
    url: (w) => `/api/applications/${w.applicationId}/payment`,
    payload: mobileMoney,
  }),
  ...(['confirm', 'dispute', 'cancel'] as const).flatMap((action) => [
    ...refusedTo(guestAnd(403, ['otherArtist', 'employer']), {
      name: `${action} a booking`,
      method: 'POST',
      url: (w) => `/api/bookings/${w.bookingId}/${action}`,
      ...disputeReason(action),
    }),
    ...refusedTo(guestAnd(403, ['otherEmployer', 'artist']), {
      name: `${action} an application`,
      method: 'POST',
      url: (w) => `/api/applications/${w.applicationId}/${action}`,
      ...disputeReason(action),
    }),
  ]),
  // As if the payment did not exist.
  ...refusedTo(guestAnd(404, ['seeker', 'otherEmployer']), {
    name: "read someone else's payment",
    method: 'GET',
    url: (w) => `/api/payments/${w.chargeReference}`,
  }),
  ...refusedTo(guestAnd(404, ['seeker', 'otherEmployer']), {
    name: "type the code for someone else's payment",
    method: 'POST',
    url: (w) => `/api/payments/${w.chargeReference}/otp`,
    payload: () => ({ otp: '123456' }),
  }),
  ...refusedTo(guestAnd(403, []), {
    name: 'read a wallet',
    method: 'GET',
    url: () => '/api/wallet',
  }),
  ...refusedTo(
    { guest: 401, artist: 422 },
    { name: 'withdraw funds (never earned)', method: 'POST', url: () => '/api/wallet/withdraw' },
  ),
  ...refusedTo(guestAnd(403, []), {
    name: 'read payout settings',
    method: 'GET',
    url: () => '/api/me/payout',
  }),
  ...refusedTo(guestAnd(403, []), {
    name: 'set payout settings',
    method: 'PUT',
    url: () => '/api/me/payout',
    payload: mobileMoney,
  }),
  ...refusedTo(
    { artist: 403, seeker: 403 },
    {
      name: 'redirect earnings with a session alone (no code, or a made-up one)',
      method: 'PUT',
      url: () => '/api/me/payout',
      payload: () => ({ ...mobileMoney(), code: '123456' }),
    },
  ),
  ...refusedTo(guestAnd(403, []), {
    name: 'ask for a payout code',
    method: 'POST',
    url: () => '/api/me/payout/code',
  }),
  ...refusedTo(
    { guest: 401 },
    {
      name: 'post an unsigned payment webhook',
      method: 'POST',
      url: () => '/api/payments/paystack/webhook',
      payload: (w) => ({ event: 'charge.success', data: { reference: w.chargeReference } }),
    },
  ),
]);
