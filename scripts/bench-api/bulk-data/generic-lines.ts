/** The sentences any bulk-seeded job may add, and the words that fill their {placeholders}. */

export const GENERIC_LINES = [
  'Payment is by mobile money at the end of each week.',
  'We prefer someone who lives in or near {town}.',
  'Please apply with a short note about similar work you have done.',
  'Work starts on {weekday} at {hour}:00 am.',
  'Call before coming; the place is close to the {landmark}.',
  'Lunch and water are provided.',
  'Transport from the main lorry station in {town} is covered.',
  'References from previous clients are welcome.',
  'The job should take about {days} days.',
  'We pay half on start and half when the work is done.',
];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const LANDMARKS = [
  'main market',
  'Total filling station',
  'district hospital',
  'police station',
];
