import { describe, expect, test } from 'vitest';
import { findFeeRequest, findFeeRequestInJob } from './fee-requests.ts';

/**
 * The fee-scam filter on what scammers write and on what honest employers write. Every line is
 * a whole sentence of a job post; the held ones name the rule that catches them.
 */

const HELD_ENGLISH: [text: string, rule: string][] = [
  ['Registration fee of GHS 50 is required from all applicants.', 'named fee'],
  ['Successful applicants pay a registration fee of 100 cedis.', 'named fee'],
  ['Reg. fee: GH₵ 80 (refundable).', 'named fee'],
  ['Application fee GHC 30 payable by MoMo.', 'named fee'],
  ['A non-refundable processing fee applies to every candidate.', 'named fee'],
  ['Training fee is GHS 200, paid before you resume.', 'named fee'],
  ['Medical fees of GHS 150 at our approved clinic.', 'named fee'],
  ['Uniform and ID card fees: GHS 120.', 'named fee'],
  ['A refundable commitment deposit of GHS 200 is required.', 'named fee'],
  ['Interview fee: GHS 20, pay at the gate.', 'named fee'],
  ['Applicants must pay GHS 100 before the interview.', 'pay to apply or start'],
  ['No registration fee! Just kidding, pay 50 cedis via MoMo first.', 'pay to apply or start'],
  ['Pay GHS 80 upfront and start on Monday.', 'pay to apply or start'],
  ['Kindly send the GHS 40 in advance.', 'pay to apply or start'],
  ['Kindly send GHS 50 to 0244123456 to register.', 'pay to apply or start'],
  ['Pay 200 cedis to be shortlisted.', 'pay to apply or start'],
  ['You will pay GH¢ 150 before you start work.', 'pay to apply or start'],
  ['Before you start, pay GHS 50 at the office.', 'pay to apply or start'],
  ['Interested persons should transfer GHS 40 to secure a slot.', 'pay to apply or start'],
  ['All shortlisted candidates are to pay for their own medicals.', 'pay to apply or start'],
  ['Pay for your uniform and start on Monday.', 'pay to apply or start'],
  ['MoMo GHS 30 to confirm your interview.', 'pay to apply or start'],
  ['You go pay 100 cedis before you start work.', 'pay to apply or start'],
  ['Send mobile money of GHS 60 so that we can process your documents.', 'pay to apply or start'],
  ['MoMo me 50 cedis with your name and you are in.', 'money to a phone number'],
  ['Send the token of GHS 20 to 055 123 4567.', 'money to a phone number'],
  ['Send the money to our MoMo number and call us.', 'money to a phone number'],
  ['Buy an application form at our office.', 'forms for sale'],
  ['Application forms are sold at GHS 20 at the gate.', 'forms for sale'],
  ['Forms at GH₵ 10 each.', 'forms for sale'],
  // Evasions: zero-width characters and accents do not split a word.
  ['Registr\u200bation fee GHS 50.', 'named fee'],
  ['REGISTRATION FÉE: GHS 50.', 'named fee'],
  // Found by an outside probe: letters spaced apart, and "gh" written after the amount.
  ['Pay a r e g i s t r a t i o n  f e e of 50 cedis to apply today.', 'pay to apply or start'],
  ['Send 50gh to 0241234567 to secure your slot today.', 'pay to apply or start'],
  // Found by the third outside probe (issue 23): a fee priced without the word "fee", letters
  // written apart with dots, a retraction or a "but" after a "No fee", a MoMo number given bare.
  ['Registration: fifty cedis, momo 0241234567, then come for interview', 'named fee'],
  ['Reg. f.e.e GHS 50 via MoMo 0241234567 before start', 'named fee'],
  ['No registration fee, just kidding, pay 50 cedis via MoMo first.', 'pay to apply or start'],
  ['No registration fee (lol) pay 50 cedis via MoMo first.', 'pay to apply or start'],
  ['No registration fee, but pay fifty cedis via MoMo first.', 'pay to apply or start'],
  ['We pay weekly but you must send GHS 20 to register.', 'pay to apply or start'],
  ['Registration GHS 50 payable on the first day.', 'named fee'],
  ['Medicals: 200 cedis at our clinic.', 'named fee'],
  ['Application F-E-E of GHS 30.', 'named fee'],
  ['Interview f. e. e 20 cedis.', 'named fee'],
  ['Start on Monday, MoMo 0241234567 with your name.', 'money to a phone number'],
  // Amounts written in words.
  ['Registration: one hundred and fifty Ghana cedis.', 'named fee'],
  ['MoMo fifty cedis to 0241234567 and start on Monday.', 'money to a phone number'],
  ['Training is two hundred cedis.', 'named fee'],
  ['Uniform: a hundred cedis, paid on the first day.', 'named fee'],
];

/** Amounts written in Twi words (with or without the Akan letters), and "sidi" for cedis. */
const HELD_TWI_AMOUNTS: string[] = [
  'Soma aduonum kɔ 0244123456 ansa.',
  'Fa sidi aduonum bra ofis hɔ.',
  'Fa aduonum bra ofis ho ansa na woafi ase.',
  'Registration: sidi aduonum.',
  'Wotua oha ne aduonum.',
  'Momo sidi ahanu kɔ 0551234567.',
];

const HELD_TWI: string[] = [
  'Tua GHS 50 ansa na woahyɛ adwuma no ase.',
  'Ɛsɛ sɛ wotua sika GHS 100 ansa na woanya adwuma no.',
  'Ese se wotua sika ansa na woafi ase.',
  'Mesrɛ wo, tua ka no ansa na wobɛba interview.',
  'Wobɛtua GHS 30 ma form no.',
  'Fa sika GHS 20 bra ofis hɔ.',
  'De sika bra ansa na yɛahyɛ ase.',
  'Soma momo GHS 50 kɔ 0244123456.',
  'Momo GHS 30 ansa na woanya adwuma no.',
  'Motua ntoboa GHS 40 biara.',
];

const PASSED: string[] = [
  'We pay weekly.',
  'We pay 50% on start and 50% after inspection.',
  'Pay: GHS 45 per hour.',
  'Pay is GHS 2000 a month to start, rising after probation.',
  'Starting pay GHS 45/hr to start with.',
  'Pay GHS 45 per hour, 8 hours a day.',
  'Payment by MoMo after each shift.',
  'We pay via MoMo every Friday.',
  'You will be paid weekly through mobile money.',
  'The salary will be paid into your MoMo wallet.',
  'Reconcile MoMo and bank statements every month.',
  'MoMo agent needed at Kasoa. Call 0244123456 to apply.',
  'MoMo vendor needed at Madina market, call 0201234567 to apply.',
  'No registration fee. We never ask applicants for money.',
  'There is no application fee or training fee.',
  'Registration fee: none.',
  'Training is free and lunch is provided.',
  'Training fee is free for all new staff.',
  'Medical fees are covered by the company.',
  'We pay your medical fees and transport.',
  'Transport fee will be refunded at the end of each day.',
  'Booking fee for the DJ will be paid by the client.',
  'School fees support is available for staff children.',
  'You do not need to pay any fee to apply.',
  "You don't pay anything to apply or to start.",
  'You will never be asked to pay before you start.',
  'Send your CV to 0244123456 on WhatsApp to apply.',
  'Send your CV and two photos to jobs@example.com before Friday.',
  'Deposit slips must be filed daily before closing.',
  'Pay attention to safety before starting work on the roof.',
  'We pay GHS 100 upfront for your transport.',
  'Read the safety rules first, then sign in at the gate.',
  'No deposit is required: you pay nothing first.',
  'Fill the application form on our website.',
  'Application forms are free at the gate.',
  'Contact 0244123456 to apply.',
  'Customers pay at the counter; collect payments and give change.',
  'Process customer payments and MoMo transfers at the till.',
  'Experience with the MoMo merchant app is an advantage.',
  // Near misses of the third probe's rules: amounts that are pay, "but" and words that are names.
  'Registration opens on Monday at 8 am.',
  'Training: two weeks, paid at GHS 50 a day.',
  'Uniform is provided free of charge.',
  'We pay one hundred cedis a day.',
  'Momo Kwaku, our supervisor, will meet you at the gate.',
  'Send one photo to 0244123456 on WhatsApp to apply.',
  'No fee, but bring your own tools.',
  "We don't charge any fee, but you pay for your own lunch.",
  'Salary paid monthly by MoMo 0244123456 from the office.',
  'Interview: two rounds, ten minutes each.',
  'Application: send your CV to jobs@example.com.',
  'Registration of new customers at the shop, GHS 50 bonus for each ten.',
  'U.S.A. trained chef needed; we pay GHS 3000 a month.',
  'Yɛbɛtua wo sidi aduonum daa.',
  // Twi
  'Yɛbɛtua wo sika dapɛn biara.',
  'Yebetua wo GHS 50 daa.',
  'Akatua: GHS 50 daa.',
  'Wɔbɛtua wo akatua ansa na bosome no aba awieɛ.',
  'Yɛde momo bɛtua wo ansa na dapɛn no aba awieɛ.',
  'Wontua hwee: adwuma no yɛ kwa.',
  'Adwuma no yɛ dɛ, wobɛnya sika pii.',
  'Ɔbɛtua wo sika ansa na woakɔ fie.',
];

describe('held: a request for money in English', () => {
  for (const [text, rule] of HELD_ENGLISH) {
    test(text, () => {
      expect(findFeeRequest(text)?.rule).toBe(rule);
    });
  }
});

describe('held: a request for money in Twi', () => {
  for (const text of HELD_TWI) {
    test(text, () => {
      expect(findFeeRequest(text)).not.toBeNull();
    });
  }
});

describe('held: an amount written in Twi words', () => {
  for (const text of HELD_TWI_AMOUNTS) {
    test(text, () => {
      expect(findFeeRequest(text)).not.toBeNull();
    });
  }
});

describe('passed: pay, MoMo and fees that ask applicants for nothing', () => {
  for (const text of PASSED) {
    test(text, () => {
      expect(findFeeRequest(text)).toBeNull();
    });
  }
});

test('the request is found in a long description, whatever sentence it is in', () => {
  const description = `${PASSED.slice(0, 8).join(' ')}\nAll applicants pay GHS 50 to register. ${PASSED.slice(8, 16).join(' ')}`;
  expect(findFeeRequest(description)).toEqual({
    rule: 'pay to apply or start',
    phrase: 'pay ghs 50 to register',
  });
});

test('a job is checked in its title, description and skills', () => {
  const job = {
    title: 'Shop assistants wanted in Madina',
    description:
      'Sell provisions and keep the shop clean. Work from 8 am to 6 pm, Monday to Saturday.',
    requiredSkills: ['Sales'],
  };
  expect(findFeeRequestInJob(job)).toBeNull();
  expect(findFeeRequestInJob({ ...job, title: 'Shop assistants, reg fee GHS 20' })?.rule).toBe(
    'named fee',
  );
  expect(
    findFeeRequestInJob({ ...job, requiredSkills: ['Sales', 'Pay GHS 10 to apply'] }),
  ).not.toBeNull();
  // A fourth probe's: the request moved into the town, shown word for word on the listing.
  expect(findFeeRequestInJob({ ...job, town: 'Madina' })).toBeNull();
  expect(
    findFeeRequestInJob({ ...job, town: 'Madina. Reg fee 50 cedis momo 0241234567' }),
  ).not.toBeNull();
});
