import type { Catalog } from './en-GH.ts';

/**
 * Ga (`gaa`). Drafted, needs review by a native speaker (docs/TRANSLATIONS.md): of the three,
 * the roughest draft. Written in the GSM 7-bit alphabet: ɛ as e, ɔ as o, ŋ as ng. English
 * words Ga speakers use in everyday SMS (booking, application, account, mobile money) are kept.
 */
export const gaa: Catalog = {
  signInCode: 'Bo Ghana Gigs code ji {code}. Ebaafite ye miniti 10 mli. Kaatsoo mo ko.',
  payoutCode:
    'Bo Ghana Gigs code ni okeatsake bo shika namba ji {code}. Ebaafite ye miniti 10 mli. Obiii? Mo ko yoo bo account le mli: kaatsoo mo ko.',

  someClient: 'mo ko',
  theArtist: 'Artist le',
  someone: 'Mo ko',
  theEmployer: 'Nitsumo tse le',
  bookingRequest: 'Booking hee jeje {client} ngo ha {day}. Ha hetoo:',
  bookingAccepted: '{artist} kpele bo booking ni ji {day} le nno. Tse le loo WhatsApp le:',
  bookingDeclined: '{artist} kpoo bo booking ni ji {day} le. Taomo artist kroko:',
  newApplicant: 'Mo hee ko taoo bo nitsumo le: {applicant}. Kwe:',
  applicationAccepted:
    'Sane kpakpa! {employer} kpele bo application le nno. Tse le loo WhatsApp le:',
  applicationRejected: '{employer} ekpeleee bo application le be nee nno. Ya nno ni otao nitsumo:',
  summaryBookingRequestsOne: 'Oye booking hee {count} yee Ghana Gigs. Ha hetoo:',
  summaryBookingRequestsMany: 'Oye bookings hee {count} yee Ghana Gigs. Ha hetoo:',
  summaryBookingAnswersOne: 'Hetoo hee {count} ba bo bookings yee Ghana Gigs. Kwe My Bookings:',
  summaryBookingAnswersMany: 'Hetoo hee {count} ba bo bookings yee Ghana Gigs. Kwe My Bookings:',
  summaryApplicantsOne: 'Oye applicant hee {count} yee Ghana Gigs. Kwe:',
  summaryApplicantsMany: 'Oye applicants hee {count} yee Ghana Gigs. Kwe:',
  summaryApplicationAnswersOne: 'Hetoo hee {count} ba bo applications yee Ghana Gigs. Kwe:',
  summaryApplicationAnswersMany: 'Hetoo hee {count} ba bo applications yee Ghana Gigs. Kwe:',

  heldPayerBooking:
    'Ghana Gigs na {amount} ye bo booking ni ji {day} le he. Wohiee kepe nitsumo le gbe naa:',
  heldPayerJob: 'Ghana Gigs na {amount} ye bo nitsumo le he. Wohiee kepe nitsumo le gbe naa:',
  heldPayeeBooking:
    'Ewo {amount} ye bo booking ni ji {day} le hewo. Wohiee ha bo kepe nitsumo le gbe naa:',
  heldPayeeJob: 'Ewo {amount} ye bo nitsumo le hewo. Wohiee ha bo kepe nitsumo le gbe naa:',
  released: 'Wonu {amount} ha bo yee Ghana Gigs. Eeya bo mobile money le mli:',
  paidOut:
    'Ghana Gigs ke {amount} eya bo {network} MoMo namba ni naagbee ji {ending}. Oyiwaladonn.',
  payoutFailed:
    'Wonyeee wokee {amount} wotee bo namba ni naagbee ji {ending} le no. Kwe ni ono Withdraw Funds:',
  refunded: 'Ghana Gigs ke {amount} esaa eku ese eba bo mobile money le mli. Kwe:',
  disputeBooking:
    'Mo ko ke sane ko ba bo booking ni ji {day} le he. Wohiee shika le ni wokwe mli. Kwe:',
  disputeJob: 'Mo ko ke sane ko ba bo nitsumo le he. Wohiee shika le ni wokwe mli. Kwe:',
  backToPayerBooking:
    '{amount} ni wohie ye bo booking ni ji {day} le he eku ese eya mo ni wo. Kwe:',
  backToPayerJob: '{amount} ni wohie ye bo nitsumo le he eku ese eya mo ni wo. Kwe:',

  payeeSaysDone:
    '{payee} ke nitsumo le egbe. Kpele no loo bo naagba he amanie, kedee wowoo {releaseAt}:',
  payoutNumberChanged:
    'Bo Ghana Gigs shika namba ji namba ni naagbee ji {ending} amrobo. Jeee bo? Bote mli ni otsake:',
  ussdMenu: 'Ghana Gigs\n1 Taomo nitsumo\n2 Mi applications\n3 Booking requests\n4 Wiemo',
  ussdWelcome: 'Ojekoo Ghana Gigs. Account ko bee namba nee no kooni.\n1 Gbele account\n2 Wiemo',
  ussdInvalid: 'Ebeee menu le no. Ka ekoo.',
  ussdNext: '0 Nee kroko',
  ussdBack: '00 Ku see',
  ussdSessionEnded: 'Session nee egbe naa. Tse ekoo ni ojie shishi ekoo.',
  ussdTooManySteps: 'Session nee nanetswai fa tso. Ofaine tse ekoo.',

  ussdAskName: 'Gbele account 1/3\nBo gbei ke bo weku gbei:',
  ussdNameAgain: 'Ofaine ngmaa gbei ke weku gbei, tamo Ama Mensah.',
  ussdAskRole:
    'Gbele account 2/3\nOji:\n1 Mo ni taoo nitsumo\n2 Nitsumo tse (loo mo ni taoo artist)\n3 Artist loo shwemo fee lo',
  ussdAskRegion: 'Gbele account 3/3\nBo kpokpaa:',
  ussdSignedUpSeeker: 'Ojekoo, {name}! Bo account esaa. Tse ekoo ni otao nitsumo, loo gbele {url}',
  ussdSignedUpEmployer:
    'Ojekoo, {name}! Bo account esaa. Gbele {url} ni owo nitsumii ni otao artists.',
  ussdSignedUpArtist:
    'Ojekoo, {name}! Bo account esaa. Ngma bo jara yee {url}, ni otse ekoo ni okwe booking requests.',
  ussdNumberTaken: 'Namba nee ye account momo. Tse ekoo.',

  ussdJobRegion: 'Taomo nitsumo yee:',
  ussdJobCategory: 'Nitsumii yee {region}:',
  categorySkilledTrades: 'Nine nitsumo',
  categoryProfessional: 'Ofis nitsumo',
  categoryEntertainment: 'Shwemo',
  categoryGeneralLabor: 'Nitsumii srotoi',
  ussdJobList: '{category}, {region}:',
  ussdNoJobs: '{category} nitsumo ko bee {region} nyenee. Ka ekoo seee mli.',
  ussdJob: 'Nitsumo: {title}\nTse: {employer}, {place}\n{pay}\n1 Tao nitsumo nee',
  ussdPayHourly: '{amount} ngmalshii fee ngmalshii',
  ussdPayFixed: '{amount} fee',
  ussdAskNote: 'Ngmaa wiemo bibioo ko ha nitsumo tse le (wiemo kome hu hi):',
  ussdNoteEmpty: 'Ofaine ngmaa wiemo ko: wiemo kome hu hi.',
  ussdNoteTooLong: 'Bo wiemo le tsa tso: ngmaa nii {max} loo ni kpaa no.',
  ussdApplied: 'Otao {title}. Wotsu SMS wotee nitsumo tse le. Kwe Mi applications.',

  ussdApplications: 'Bo applications ni see naa:',
  ussdNoApplications: 'Application ko bee bo dientse kooni. Tse ekoo ni oha Taomo nitsumo.',
  statusPending: 'Emii kpa',
  statusAccepted: 'Akpele no',
  statusRejected: 'Ekpeleee',
  statusCompleted: 'Egbe naa',
  statusCancelled: 'Akpa',

  ussdRequests: 'Booking requests ni miikpa:',
  ussdNoRequests: 'Booking request ko bee ni miikpa bo.',
  ussdArtistsOnly: 'Booking requests ji artists anoo. Gbele artist account yee {url}',
  ussdRequest:
    'Kejee {client}, {day}\nSaji: {what}, {hours} h\nHe: {where}\n{amount}\n1 Kpele\n2 Kpoo',
  ussdConfirmDecline: 'Okpoo {client} request le?\n1 Hee, kpoo',
  ussdAccepted: 'Okpele. Wotsu SMS wotee {client}, ni ebaanyi etse bo nyenee.',
  ussdDeclined: 'Okpoo. Wotsu SMS wotee {client}.',

  ussdLanguage: 'Wiemo:',
  ussdLanguageSet: 'Bo wiemo ji Ga nyenee.',
  ussdSuspended: 'Wotsi account nee naa. Kejee onu he akee tomo ni, tse Ghana Gigs support.',
  ussdNotGhana: 'Ghana Gigs USSD ji Ghana mobile namba pe anoo.',
  ussdRefused: 'Enyeee efee: {reason}',
  ussdRefusalJobGone: 'Nitsumo nee bee bie dong.',
  ussdRefusalJobClosed: 'Atsi nitsumo nee naa: ehee applications dong.',
  ussdRefusalOwnJob: 'Onyeee otao bo dientse bo nitsumo.',
  ussdRefusalApplied: 'Otao nitsumo nee momo.',
  ussdRefusalOpenApplications:
    'Oyeo applications {count} ni miikpa hetoo. Kpa nitsumo tsemei ahetoo dani otao ekomei.',
  ussdRefusalTooOften: 'Ofee enee shii pii yee be bibioo mli. Ka ekoo seee mli.',
  ussdRefusalRoleFirst: 'Hala nii ni oji klenklen yee {url}',
  ussdRefusalRequestGone: 'Booking request nee bee bie dong.',
  ussdRefusalNotPending: 'Request nee miikpaaa hetoo dong.',
  ussdRefusalBookedDay: 'Okpele booking ko momo yee {day}.',
  ussdRefusalNotYours: 'Booking request nee jee bo noo.',
  ussdFailed: 'Nii ko fite yee wo gbe. Ka ekoo yee miniti kome se.',
};
