/**
 * English (en-GH): the source of every message the server sends by SMS or WhatsApp and of every
 * USSD screen. The other languages translate these keys (ak.ts, ee.ts, gaa.ts); a word in
 * braces, {like_this}, is filled in by the server and stays as it is in every language.
 *
 * SMS and USSD travel in the GSM 7-bit alphabet: no ɛ, ɔ, ŋ, ƒ, ʋ or ɖ (docs/TRANSLATIONS.md,
 * "SMS and USSD"). An SMS with its link stays within 160 characters; a USSD screen within 182.
 */
export const enGH = {
  // --- Sign-in ---------------------------------------------------------------------------
  signInCode:
    'Your Ghana Gigs code is {code}. It expires in 10 minutes. Never share it with anyone.',
  payoutCode:
    'Your Ghana Gigs code to change your payout number is {code}. It expires in 10 minutes. Did not ask for it? Someone may be in your account: tell no one.',

  // --- Notifications (the sender adds a link after each) ----------------------------------
  someClient: 'a client',
  theArtist: 'The artist',
  someone: 'Someone',
  theEmployer: 'The employer',
  bookingRequest: 'New booking request from {client} for {day}. Respond:',
  bookingAccepted: '{artist} accepted your booking for {day}. Call or WhatsApp them:',
  bookingDeclined: '{artist} declined your booking for {day}. Try another artist:',
  newApplicant: 'New applicant for your job: {applicant}. Review:',
  applicationAccepted:
    'Good news! Your application to {employer} was accepted. Call or WhatsApp them:',
  applicationRejected:
    'Your application to {employer} was not successful this time. Keep applying:',
  summaryBookingRequestsOne: 'You have {count} new booking request on Ghana Gigs. Respond:',
  summaryBookingRequestsMany: 'You have {count} new booking requests on Ghana Gigs. Respond:',
  summaryBookingAnswersOne:
    'You have {count} new answer to your booking requests on Ghana Gigs. See My Bookings:',
  summaryBookingAnswersMany:
    'You have {count} new answers to your booking requests on Ghana Gigs. See My Bookings:',
  summaryApplicantsOne: 'You have {count} new applicant on Ghana Gigs. Review:',
  summaryApplicantsMany: 'You have {count} new applicants on Ghana Gigs. Review:',
  summaryApplicationAnswersOne:
    'You have {count} new answer to your applications on Ghana Gigs. See them:',
  summaryApplicationAnswersMany:
    'You have {count} new answers to your applications on Ghana Gigs. See them:',

  // --- Payment receipts (the sender adds a link after each) -------------------------------
  heldPayerBooking:
    'Ghana Gigs received {amount} for your booking on {day}. Held until the work is confirmed:',
  heldPayerJob: 'Ghana Gigs received {amount} for your job. Held until the work is confirmed:',
  heldPayeeBooking:
    '{amount} for your booking on {day} is paid. Held for you until the work is confirmed:',
  heldPayeeJob: '{amount} for your job is paid. Held for you until the work is confirmed:',
  released: '{amount} was released to you on Ghana Gigs. It is on its way to your mobile money:',
  paidOut:
    'Ghana Gigs sent {amount} to your {network} mobile money number ending {ending}. Thank you.',
  payoutFailed:
    'We could not send {amount} to your number ending {ending}. Check it and tap Withdraw Funds:',
  refunded: 'Ghana Gigs refunded {amount} to your mobile money. See it:',
  disputeBooking:
    'A problem was reported with your booking on {day}. Its money is held while we review it. See it:',
  disputeJob: 'A problem was reported with your job. Its money is held while we review it. See it:',
  backToPayerBooking: 'The {amount} held for your booking on {day} went back to the payer. See it:',
  backToPayerJob: 'The {amount} held for your job went back to the payer. See it:',

  // --- Money safety (the sender adds a link after each) -----------------------------------
  // {releaseAt} ("31 Dec 23:59 GMT") is filled as the SMS goes: the payer's 72 hours run from then.
  payeeSaysDone:
    '{payee} says the work is done. Confirm or report a problem, or it is paid {releaseAt}:',
  payoutNumberChanged:
    'Your Ghana Gigs payout number is now one ending {ending}. Not you? Sign in, change it back:',

  // --- USSD: menus --------------------------------------------------------------------------
  ussdMenu: 'Ghana Gigs\n1 Find jobs\n2 My applications\n3 Booking requests\n4 Language',
  ussdWelcome: 'Welcome to Ghana Gigs. This number has no account yet.\n1 Sign up\n2 Language',
  ussdInvalid: 'Not on the menu. Try again.',
  ussdNext: '0 Next',
  ussdBack: '00 Back',
  ussdSessionEnded: 'This session has ended. Dial again to start a new one.',
  ussdTooManySteps: 'This session has too many steps. Please dial again.',

  // --- USSD: sign-up in three screens -------------------------------------------------------
  ussdAskName: 'Sign up 1/3\nYour first and last name:',
  ussdNameAgain: 'Please write a first and a last name, such as Ama Mensah.',
  ussdAskRole:
    'Sign up 2/3\nYou are:\n1 Job seeker\n2 Employer (also to book artists)\n3 Artist or performer',
  ussdAskRegion: 'Sign up 3/3\nYour region:',
  ussdSignedUpSeeker:
    'Welcome, {name}! Your account is ready. Dial again to find work, or open {url}',
  ussdSignedUpEmployer:
    'Welcome, {name}! Your account is ready. Post jobs and book artists at {url}',
  ussdSignedUpArtist:
    'Welcome, {name}! Your account is ready. Add your rates at {url}, and dial again for booking requests.',
  ussdNumberTaken: 'This number already has an account. Dial again.',

  // --- USSD: find jobs ----------------------------------------------------------------------
  ussdJobRegion: 'Find jobs in:',
  ussdJobCategory: 'Jobs in {region}:',
  categorySkilledTrades: 'Skilled trades',
  categoryProfessional: 'Professional',
  categoryEntertainment: 'Entertainment',
  categoryGeneralLabor: 'General labour',
  ussdJobList: '{category}, {region}:',
  ussdNoJobs: 'No open {category} jobs in {region} now. Try again later.',
  ussdJob: 'Job: {title}\nBy {employer}, {place}\n{pay}\n1 Apply',
  ussdPayHourly: '{amount} an hour',
  ussdPayFixed: '{amount} fixed price',
  ussdAskNote: 'Apply: write a short note to the employer (a word is enough):',
  ussdNoteEmpty: 'Please write a note: a word is enough.',
  ussdNoteTooLong: 'Your note is too long: at most {max} characters.',
  ussdApplied: 'Applied to {title}. The employer is told by SMS. See it under My applications.',

  // --- USSD: my applications ----------------------------------------------------------------
  ussdApplications: 'Your last applications:',
  ussdNoApplications: 'You have no applications yet. Dial again and choose Find jobs.',
  statusPending: 'Pending',
  statusAccepted: 'Accepted',
  statusRejected: 'Not successful',
  statusCompleted: 'Completed',
  statusCancelled: 'Cancelled',

  // --- USSD: booking requests ---------------------------------------------------------------
  ussdRequests: 'Booking requests waiting:',
  ussdNoRequests: 'No booking requests are waiting for you.',
  ussdArtistsOnly: 'Booking requests are for artists. Book or sign up as an artist at {url}',
  ussdRequest:
    'From {client}, {day}\nEvent: {what}, {hours} h\nVenue: {where}\n{amount}\n1 Accept\n2 Decline',
  ussdConfirmDecline: 'Decline the request from {client}?\n1 Yes, decline',
  ussdAccepted: 'Accepted. {client} is told by SMS and can now call you.',
  ussdDeclined: 'Declined. {client} is told by SMS.',

  // --- USSD: language and refusals ----------------------------------------------------------
  ussdLanguage: 'Language:',
  ussdLanguageSet: 'Your language is now English.',
  ussdSuspended:
    'This account is suspended. If you think this is a mistake, contact Ghana Gigs support.',
  ussdNotGhana: 'Ghana Gigs USSD is for Ghana mobile numbers.',
  ussdRefused: 'Not done: {reason}',
  ussdRefusalJobGone: 'This job was removed or is hidden.',
  ussdRefusalJobClosed: 'This job is closed and takes no more applications.',
  ussdRefusalOwnJob: 'You cannot apply to your own job.',
  ussdRefusalApplied: 'You have already applied to this job.',
  ussdRefusalOpenApplications:
    'You have {count} applications waiting for an answer. Wait for replies before applying to more.',
  ussdRefusalTooOften: 'You did this many times in a short while. Please try again later.',
  ussdRefusalRoleFirst: 'Choose your role first at {url}',
  ussdRefusalRequestGone: 'This booking request no longer exists.',
  ussdRefusalNotPending: 'This request is no longer waiting for an answer.',
  ussdRefusalBookedDay: 'You already accepted a booking on {day}.',
  ussdRefusalNotYours: 'This booking request is not yours to answer.',
  ussdFailed: 'Something went wrong on our side. Please try again in a minute.',
} as const;

export type MessageKey = keyof typeof enGH;

/** A language's messages: every English key, none more. */
export type Catalog = Record<MessageKey, string>;
