import type { Catalog } from './en-GH.ts';

/**
 * Ewe (`ee`). Drafted, needs review by a native speaker (docs/TRANSLATIONS.md). Written in the
 * GSM 7-bit alphabet: ɛ as e, ɔ as o, ŋ as n, ƒ as f, ʋ as v, ɖ as d, ɣ as g, and tones left
 * out. English words Ewe speakers use in everyday SMS (booking, application, account, mobile
 * money) are kept.
 */
export const ee: Catalog = {
  signInCode: 'Wo Ghana Gigs code enye {code}. Ewu nu le gafofo 10 me. Megafia ame adeke o.',
  payoutCode:
    'Wo Ghana Gigs code be natro wo ganomba enye {code}. Ewu nu le gafofo 10 me. Mebiae o? Ame ade le wo account me: megafia ame adeke o.',

  someClient: 'ame ade',
  theArtist: 'Artist la',
  someone: 'Ame ade',
  theEmployer: 'Dotsola la',
  bookingRequest: 'Booking yeye tso {client} gbo na {day}. Do enu:',
  bookingAccepted: '{artist} xo wo booking na {day}. Yoe alo WhatsApp ne:',
  bookingDeclined: '{artist} gbe wo booking na {day}. Di artist bubu:',
  newApplicant: 'Ame yeye bia wo doa: {applicant}. Kpoe:',
  applicationAccepted: 'Nyanyui! {employer} xo wo application. Yoe alo WhatsApp ne:',
  applicationRejected: '{employer} mexo wo application fifia o. Yi edzi nadi do:',
  summaryBookingRequestsOne: 'Booking yeye {count} le asiwo le Ghana Gigs. Do enu:',
  summaryBookingRequestsMany: 'Booking yeye {count} le asiwo le Ghana Gigs. Do enu:',
  summaryBookingAnswersOne: 'Nudodo yeye {count} va na wo bookings le Ghana Gigs. Kpo My Bookings:',
  summaryBookingAnswersMany:
    'Nudodo yeye {count} va na wo bookings le Ghana Gigs. Kpo My Bookings:',
  summaryApplicantsOne: 'Applicant yeye {count} le asiwo le Ghana Gigs. Kpoe:',
  summaryApplicantsMany: 'Applicant yeye {count} le asiwo le Ghana Gigs. Kpo wo:',
  summaryApplicationAnswersOne: 'Nudodo yeye {count} va na wo applications le Ghana Gigs. Kpoe:',
  summaryApplicationAnswersMany: 'Nudodo yeye {count} va na wo applications le Ghana Gigs. Kpo wo:',

  heldPayerBooking:
    'Ghana Gigs xo {amount} de wo booking na {day} ta. Miele de asi va se de doa nu nawu:',
  heldPayerJob: 'Ghana Gigs xo {amount} de wo doa ta. Miele de asi va se de doa nu nawu:',
  heldPayeeBooking:
    'Woxe {amount} de wo booking na {day} ta. Miele de asi na wo va se de doa nu nawu:',
  heldPayeeJob: 'Woxe {amount} de wo doa ta. Miele de asi na wo va se de doa nu nawu:',
  released: 'Miede {amount} na wo le Ghana Gigs. Ele mo dzi yina wo mobile money me:',
  paidOut:
    'Ghana Gigs do {amount} de wo {network} mobile money nomba si wu nu kple {ending}. Akpe.',
  payoutFailed:
    'Miete nu do {amount} de wo nomba si wu nu kple {ending} o. Kpoe eye nazi Withdraw Funds:',
  refunded: 'Ghana Gigs gbugbo {amount} do de wo mobile money me. Kpoe:',
  disputeBooking:
    'Ame ade gblo be nya ade dzo le wo booking na {day} nu. Miele ega la de asi le edzi kpom. Kpoe:',
  disputeJob: 'Ame ade gblo be nya ade dzo le wo doa nu. Miele ega la de asi le edzi kpom. Kpoe:',
  backToPayerBooking: '{amount} si miele de asi na wo booking na {day} tro yi na fexela. Kpoe:',
  backToPayerJob: '{amount} si miele de asi na wo doa tro yi na fexela. Kpoe:',

  payeeSaysDone:
    '{payee} be yewu do. Lo de edzi alo ka kuxi ade nu, ne menye o mieaxe fe {releaseAt}:',
  payoutNumberChanged:
    'Wo Ghana Gigs ganomba enye esi wu nu kple {ending} fifia. Menye wo o? Ge de eme eye natroe:',
  ussdMenu: 'Ghana Gigs\n1 Di do\n2 Nye applications\n3 Booking requests\n4 Gbe',
  ussdWelcome: 'Woezo va Ghana Gigs. Account mele nomba sia si haya o.\n1 Vu account\n2 Gbe',
  ussdInvalid: 'Mele menu la dzi o. Gadze agbagba.',
  ussdNext: '0 Yi ngo',
  ussdBack: '00 Gbugbo',
  ussdSessionEnded: 'Session sia wu enu. Gayo be nadze egome yeye.',
  ussdTooManySteps: 'Afotutu geda le session sia me. Taflatse, gayo.',

  ussdAskName: 'Vu account 1/3\nWo nko kple wo fome nko:',
  ussdNameAgain: 'Taflatse, nlo nko kple fome nko, abe Ama Mensah ene.',
  ussdAskRole:
    'Vu account 2/3\nWoe nye:\n1 Dodila\n2 Dotsola (alo ame si di artist)\n3 Artist alo fefewola',
  ussdAskRegion: 'Vu account 3/3\nWo nutome:',
  ussdSignedUpSeeker: 'Woezo, {name}! Wo account le klalo. Gayo be nadi do, alo vu {url}',
  ussdSignedUpEmployer:
    'Woezo, {name}! Wo account le klalo. Vu {url} be nade dowowo afi alo nadi artist.',
  ussdSignedUpArtist:
    'Woezo, {name}! Wo account le klalo. Nlo wo asi de {url}, eye gayo be nakpo booking requests.',
  ussdNumberTaken: 'Account le nomba sia si xoxo. Gayo.',

  ussdJobRegion: 'Di do le:',
  ussdJobCategory: 'Dowowo le {region}:',
  categorySkilledTrades: 'Asinudowo',
  categoryProfessional: 'Nunyala dowo',
  categoryEntertainment: 'Modzakadede',
  categoryGeneralLabor: 'Dowo vovovowo',
  ussdJobList: '{category}, {region}:',
  ussdNoJobs: '{category} do deke mele {region} fifia o. Gadze agbagba emegbe.',
  ussdJob: 'Do: {title}\nDotsola: {employer}, {place}\n{pay}\n1 Bia do sia',
  ussdPayHourly: '{amount} gafofo deka me',
  ussdPayFixed: '{amount} kata',
  ussdAskNote: 'Nlo nya kpui ade na dotsola la (nya deka so):',
  ussdNoteEmpty: 'Taflatse, nlo nya ade: nya deka so.',
  ussdNoteTooLong: 'Wo nya la legbe akpa: nlo nuwo {max} alo wo si sue wu.',
  ussdApplied: 'Ebia {title}. Mieyi SMS na dotsola la. Kpoe le Nye applications me.',

  ussdApplications: 'Wo applications mamletowo:',
  ussdNoApplications: 'Application deke mele asiwo haya o. Gayo eye natia Di do.',
  statusPending: 'Le lalam',
  statusAccepted: 'Woxoe',
  statusRejected: 'Mede edzi o',
  statusCompleted: 'Wowu enu',
  statusCancelled: 'Wotsoe',

  ussdRequests: 'Booking requests siwo le lalam:',
  ussdNoRequests: 'Booking request deke mele lalam na wo o.',
  ussdArtistsOnly: 'Booking requests nye artistwo to. Vu artist account le {url}',
  ussdRequest:
    'Tso {client}, {day}\nNudzodzo: {what}, {hours} h\nTefe: {where}\n{amount}\n1 Xoe\n2 Gbee',
  ussdConfirmDecline: 'Nagbe {client} request la?\n1 Ee, gbee',
  ussdAccepted: 'Exoe. Mieyi SMS na {client}, eye ate nu ayo wo fifia.',
  ussdDeclined: 'Egbee. Mieyi SMS na {client}.',

  ussdLanguage: 'Gbe:',
  ussdLanguageSet: 'Wo gbe fifia nye Evegbe.',
  ussdSuspended:
    'Wotso account sia de go. Ne ebu be vodada wonye la, ka nya na Ghana Gigs support.',
  ussdNotGhana: 'Ghana Gigs USSD le Ghana mobile nombawo ko to.',
  ussdRefused: 'Mewo o: {reason}',
  ussdRefusalJobGone: 'Do sia meli o: woede eda alo woeye.',
  ussdRefusalJobClosed: 'Wotu do sia: womegaxoa applications o.',
  ussdRefusalOwnJob: 'Mate nu abia wo nutoe wo do o.',
  ussdRefusalApplied: 'Ebia do sia xoxo.',
  ussdRefusalOpenApplications:
    'Applications {count} le asiwo le lalam na nya. Lala dotsolawo fe nya hafi nabia bubuwo.',
  ussdRefusalTooOften: 'Ewo esia zi geee le ga kpui aa me. Gadze agbagba emegbe.',
  ussdRefusalRoleFirst: 'Tia ame si nenye gba le {url}',
  ussdRefusalRequestGone: 'Booking request sia megali o.',
  ussdRefusalNotPending: 'Request sia megale lalam na nya o.',
  ussdRefusalBookedDay: 'Exo booking ade xoxo le {day}.',
  ussdRefusalNotYours: 'Booking request sia menye towo o.',
  ussdFailed: 'Nane gble le mia gbo. Gadze agbagba le miniti deka megbe.',
};
