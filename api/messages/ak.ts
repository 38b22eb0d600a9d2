import type { Catalog } from './en-GH.ts';

/**
 * Twi (Akan, `ak`). Drafted, needs review by a native speaker (docs/TRANSLATIONS.md). Written in
 * the GSM 7-bit alphabet: ɛ as e, ɔ as o, ŋ as ng. English words Twi speakers use in everyday
 * SMS (booking, application, account, mobile money) are kept.
 */
export const ak: Catalog = {
  signInCode: 'Wo Ghana Gigs koodu ne {code}. Ne bere besa simma 10 mu. Mfa nkyere obiara.',
  payoutCode:
    'Wo Ghana Gigs koodu a wode besesa wo sika noma ne {code}. Ne bere besa simma 10 mu. Wammisa? Obi bi wo wo account mu: mfa nkyere obiara.',

  someClient: 'obi',
  theArtist: 'Artist no',
  someone: 'Obi',
  theEmployer: 'Adwumawura no',
  bookingRequest: 'Booking foforo afi {client} ho ama {day}. Bua:',
  bookingAccepted: '{artist} agye wo booking a ebeba {day} no. Fre no anaa WhatsApp no:',
  bookingDeclined: '{artist} ampene wo booking a ebeba {day} no so. Hwehwe artist foforo:',
  newApplicant: 'Obi ape wo adwuma no: {applicant}. Hwe:',
  applicationAccepted: 'Asem pa! {employer} agye wo application no. Fre no anaa WhatsApp no:',
  applicationRejected: '{employer} annye wo application no saa bere yi. Ko so pe adwuma:',
  summaryBookingRequestsOne: 'Wowo booking foforo {count} wo Ghana Gigs. Bua:',
  summaryBookingRequestsMany: 'Wowo bookings foforo {count} wo Ghana Gigs. Bua:',
  summaryBookingAnswersOne:
    'Wonya mmuae foforo {count} wo wo bookings ho wo Ghana Gigs. Hwe My Bookings:',
  summaryBookingAnswersMany:
    'Wonya mmuae foforo {count} wo wo bookings ho wo Ghana Gigs. Hwe My Bookings:',
  summaryApplicantsOne: 'Wowo applicant foforo {count} wo Ghana Gigs. Hwe:',
  summaryApplicantsMany: 'Wowo applicants foforo {count} wo Ghana Gigs. Hwe:',
  summaryApplicationAnswersOne:
    'Wonya mmuae foforo {count} wo wo applications ho wo Ghana Gigs. Hwe:',
  summaryApplicationAnswersMany:
    'Wonya mmuae foforo {count} wo wo applications ho wo Ghana Gigs. Hwe:',

  heldPayerBooking:
    'Ghana Gigs anya {amount} ama wo booking a ebeba {day} no. Yekora so kosi adwuma no wie:',
  heldPayerJob: 'Ghana Gigs anya {amount} ama wo adwuma no. Yekora so kosi adwuma no wie:',
  heldPayeeBooking:
    'Woatua {amount} ama wo booking a ebeba {day} no. Yekora ma wo kosi adwuma no wie:',
  heldPayeeJob: 'Woatua {amount} ama wo adwuma no. Yekora ma wo kosi adwuma no wie:',
  released: 'Yeayi {amount} ama wo wo Ghana Gigs. Ereko wo mobile money mu:',
  paidOut:
    'Ghana Gigs de {amount} ako wo {network} mobile money noma a ewie {ending} so. Yeda wo ase.',
  payoutFailed:
    'Yeantumi amfa {amount} anko wo noma a ewie {ending} so. Hwe no na mia Withdraw Funds:',
  refunded: 'Ghana Gigs de {amount} asan aba wo mobile money mu. Hwe:',
  disputeBooking:
    'Obi ka se asem bi aba wo booking a ebeba {day} no ho. Yekora ne sika bere a yerehwe mu. Hwe:',
  disputeJob: 'Obi ka se asem bi aba wo adwuma no ho. Yekora ne sika bere a yerehwe mu. Hwe:',
  backToPayerBooking: '{amount} a yekoraa maa wo booking a ebeba {day} no asan ako nea otua. Hwe:',
  backToPayerJob: '{amount} a yekoraa maa wo adwuma no asan ako nea otua. Hwe:',

  payeeSaysDone:
    '{payee} se adwuma no awie. Pene so anaa bo ohaw ho amannee, anye a yetua {releaseAt}:',
  payoutNumberChanged:
    'Wo Ghana Gigs sika noma ne noma a ewie {ending} seesei. Enye wo? Bra mu na sesa no:',
  ussdMenu: 'Ghana Gigs\n1 Hwehwe adwuma\n2 Me applications\n3 Booking requests\n4 Kasa',
  ussdWelcome: 'Akwaaba wo Ghana Gigs. Noma yi nni account nnya.\n1 Bue account\n2 Kasa',
  ussdInvalid: 'Enni menu no so. San bo mmoden.',
  ussdNext: '0 Nea edi so',
  ussdBack: '00 San ko',
  ussdSessionEnded: 'Saa session yi aba awiei. Fre bio na fi ase foforo.',
  ussdTooManySteps: 'Saa session yi anammon doso dodo. Yepa wo kyew, fre bio.',

  ussdAskName: 'Bue account 1/3\nWo din ne wo abusua din:',
  ussdNameAgain: 'Kyerew din ne abusua din, te se Ama Mensah.',
  ussdAskRole:
    'Bue account 2/3\nWoye:\n1 Obi a ohwehwe adwuma\n2 Adwumawura (anaa obi a ope artist)\n3 Artist anaa agodini',
  ussdAskRegion: 'Bue account 3/3\nWo mantam:',
  ussdSignedUpSeeker:
    'Akwaaba, {name}! Wo account aye krado. Fre bio na hwehwe adwuma, anaa bue {url}',
  ussdSignedUpEmployer:
    'Akwaaba, {name}! Wo account aye krado. Bue {url} na to adwuma dawuro anaa hwehwe artist.',
  ussdSignedUpArtist:
    'Akwaaba, {name}! Wo account aye krado. Fa wo ebo to {url} so, na fre bio hwe booking requests.',
  ussdNumberTaken: 'Noma yi wo account dada. Fre bio.',

  ussdJobRegion: 'Hwehwe adwuma wo:',
  ussdJobCategory: 'Nnwuma wo {region}:',
  categorySkilledTrades: 'Nsaano adwuma',
  categoryProfessional: 'Ofese adwuma',
  categoryEntertainment: 'Agodie',
  categoryGeneralLabor: 'Adwuma ahorow',
  ussdJobList: '{category}, {region}:',
  ussdNoJobs: '{category} adwuma biara nni {region} seesei. San bo mmoden akyiri yi.',
  ussdJob: 'Adwuma: {title}\nWura: {employer}, {place}\n{pay}\n1 Pe adwuma yi',
  ussdPayHourly: '{amount} donhwere biara',
  ussdPayFixed: '{amount} ne nyinaa',
  ussdAskNote: 'Kyerew nsem kakra ma adwumawura no (asem baako so ye):',
  ussdNoteEmpty: 'Yepa wo kyew, kyerew nsem kakra: asem baako so ye.',
  ussdNoteTooLong: 'Wo nsem no ware dodo: kyerew nkyerewde {max} anaa nea esua sen saa.',
  ussdApplied: 'Woape {title}. Yede SMS abo adwumawura no amannee. Hwe Me applications.',

  ussdApplications: 'Wo applications a etwa to:',
  ussdNoApplications: 'Wonni application biara. Fre bio na paw Hwehwe adwuma.',
  statusPending: 'Eretwen',
  statusAccepted: 'Wogye too mu',
  statusRejected: 'Ankosi yie',
  statusCompleted: 'Awie',
  statusCancelled: 'Wotwaa mu',

  ussdRequests: 'Booking requests a eretwen:',
  ussdNoRequests: 'Booking request biara nni ho a eretwen wo.',
  ussdArtistsOnly: 'Booking requests ye artists dea. Bue artist account wo {url}',
  ussdRequest:
    'Efi {client}, {day}\nDwumadi: {what}, {hours} h\nBeae: {where}\n{amount}\n1 Gye\n2 Po',
  ussdConfirmDecline: 'Wope se wopo {client} request no?\n1 Aane, po',
  ussdAccepted: 'Woagye. Yede SMS abo {client} amannee, na otumi fre wo seesei.',
  ussdDeclined: 'Woapo. Yede SMS abo {client} amannee.',

  ussdLanguage: 'Kasa:',
  ussdLanguageSet: 'Wo kasa ne Twi seesei.',
  ussdSuspended: 'Yeasi account yi ano. Se wususu se eye mfomso a, fre Ghana Gigs support.',
  ussdNotGhana: 'Ghana Gigs USSD ye Ghana mobile noma nko ara dea.',
  ussdRefused: 'Yentumi nye: {reason}',
  ussdRefusalJobGone: 'Yeayi adwuma yi afi ho, anaa yede asie.',
  ussdRefusalJobClosed: 'Adwuma yi ato mu: wonnye applications bio.',
  ussdRefusalOwnJob: 'Wontumi mpe wo ankasa wo adwuma.',
  ussdRefusalApplied: 'Woape adwuma yi dada.',
  ussdRefusalOpenApplications:
    'Wowo applications {count} a eretwen mmuae. Twen adwumawurafo mmuae ansa na wope bi bio.',
  ussdRefusalTooOften: 'Woaye yei mpen pii bere tiaa bi mu. San bo mmoden akyiri yi.',
  ussdRefusalRoleFirst: 'Di kan paw nea woye wo {url}',
  ussdRefusalRequestGone: 'Booking request yi nni ho bio.',
  ussdRefusalNotPending: 'Request yi ntwen mmuae bio.',
  ussdRefusalBookedDay: 'Woagye booking bi dada wo {day}.',
  ussdRefusalNotYours: 'Booking request yi nye wo dea.',
  ussdFailed: 'Biribi asee wo yen fam. San bo mmoden simma baako akyi.',
};
