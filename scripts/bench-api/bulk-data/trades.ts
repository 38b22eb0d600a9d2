/**
 * The trades the bulk seed's jobs are in: per category, titles, sentences, skills and price
 * ranges, and how many jobs each category gets.
 */
import type { Category } from '../../../contracts/jobs.ts';

interface Trade {
  category: Category;
  titles: readonly string[];
  lines: readonly string[];
  skills: readonly string[];
  hourly: readonly [number, number];
  fixed: readonly [number, number];
}

const trade = (
  category: Category,
  titles: string[],
  lines: string[],
  skills: string[],
  hourly: [number, number],
  fixed: [number, number],
): Trade => ({ category, titles, lines, skills, hourly, fixed });

export const TRADES: readonly Trade[] = [
  trade(
    'skilled_trades',
    [
      'Plumber for new {rooms}-bedroom house in {town}',
      'Plumber to fix leaking pipes and a polytank in {town}',
      'Plumbing work for a guest house in {town}',
    ],
    [
      'The work covers PPR pipe runs for {n} bathrooms, a kitchen sink and an overhead polytank.',
      'Fittings are bought together with you at the market; bring your own tools.',
    ],
    ['Plumbing', 'PPR pipe fitting', 'Water heater installation', 'Polytank installation'],
    [30, 70],
    [300, 4500],
  ),
  trade(
    'skilled_trades',
    [
      'Electrician to rewire a two-storey shop in {town}',
      'Electrician for house wiring and prepaid meter connection in {town}',
      'Fix faulty sockets and ceiling fans in a flat in {town}',
    ],
    [
      'You must hold an Energy Commission electrical wiring licence.',
      'The job includes a new distribution board, sockets and lighting on {n} floors, with proper earthing.',
    ],
    ['Electrical wiring', 'Distribution boards', 'Fault finding', 'Earthing'],
    [35, 80],
    [350, 6000],
  ),
  trade(
    'skilled_trades',
    [
      'Carpenter for kitchen cabinets in {town}',
      'Carpenter to fit doors and wardrobes in {town}',
      'Roofing carpenter for a {rooms}-bedroom house in {town}',
    ],
    [
      'The design is ready: about {n} metres of units in plywood with a laminate finish.',
      'Quote for labour only; we buy the boards and hardware with you.',
    ],
    ['Carpentry', 'Cabinet making', 'Roofing', 'Laminate finishing'],
    [30, 65],
    [800, 7000],
  ),
  trade(
    'skilled_trades',
    [
      'Mason to build a fence wall in {town}',
      'Masons and a foreman for a storey building in {town}',
      'Block laying and plastering for a shop in {town}',
    ],
    [
      'Blocks, sand and cement are already on site.',
      'You will work with {n} labourers who mix and carry for you.',
    ],
    ['Masonry', 'Block laying', 'Plastering', 'Concrete work'],
    [25, 60],
    [1500, 9000],
  ),
  trade(
    'skilled_trades',
    [
      'Tiler for bathroom renovation in {town}',
      'Tiler to lay 60x60 porcelain tiles in a new house in {town}',
    ],
    [
      'The job covers removing the old tiles, levelling the floors and laying new ones.',
      'Please share photos of previous work when you apply.',
    ],
    ['Tiling', 'Waterproofing', 'Floor levelling'],
    [30, 60],
    [900, 5000],
  ),
  trade(
    'skilled_trades',
    ['Welder to fabricate a sliding gate in {town}', 'Welder for burglar-proof windows in {town}'],
    [
      'The gate is about {n} metres wide; drawings are ready.',
      'Painting with anti-rust primer is part of the job.',
    ],
    ['Welding', 'Metal fabrication', 'Painting'],
    [30, 60],
    [600, 5500],
  ),
  trade(
    'skilled_trades',
    [
      'Auto mechanic for Toyota fleet servicing in {town}',
      'Mechanic to service a trotro and two taxis in {town}',
    ],
    [
      'You should be comfortable with diagnostics tools, brakes and suspension work.',
      'Work is done at a partner workshop near the lorry park.',
    ],
    ['Auto mechanics', 'OBD diagnostics', 'Brakes', 'Toyota'],
    [35, 70],
    [400, 4000],
  ),
  trade(
    'skilled_trades',
    [
      'AC technician to service split units in {town}',
      'Install {n} air conditioners in an office in {town}',
    ],
    [
      'The units are 1.5 HP split units; gas and brackets are supplied.',
      'Bring your own vacuum pump and gauges.',
    ],
    ['AC installation', 'Refrigeration', 'Gas charging'],
    [40, 80],
    [400, 3500],
  ),
  trade(
    'professional',
    ['Part-time bookkeeper for a shop in {town}', 'Bookkeeper for a pharmacy in {town}'],
    [
      'You will record daily sales, reconcile MoMo and bank statements and prepare the monthly VAT returns for GRA.',
      'Experience with QuickBooks or Tally is required.',
    ],
    ['Bookkeeping', 'QuickBooks', 'Excel', 'GRA tax filing'],
    [60, 120],
    [1500, 6000],
  ),
  trade(
    'professional',
    [
      'Chartered accountant for the annual audit of an NGO in {town}',
      'Accountant to prepare financial statements for a school in {town}',
    ],
    [
      'The books are kept in QuickBooks and are fully reconciled.',
      'You must be a member of ICAG in public practice. Please state your fee basis.',
    ],
    ['Auditing', 'IFRS for SMEs', 'ICAG licence'],
    [120, 250],
    [5000, 15000],
  ),
  trade(
    'professional',
    ['Lawyer to review a land lease in {town}', 'Legal advice on registering a company in {town}'],
    [
      'The family land is about {n} plots; the lease has been drafted by the other side.',
      'We need clear written advice within two weeks.',
    ],
    ['Land law', 'Contract drafting', 'Company registration'],
    [150, 400],
    [2000, 12000],
  ),
  trade(
    'professional',
    [
      'IT support technician for a school in {town}',
      'Network technician to set up office Wi-Fi in {town}',
    ],
    [
      'The office has {n} computers, two printers and a fibre connection.',
      'You will also train two staff to handle simple problems.',
    ],
    ['Networking', 'Windows', 'Printer repair', 'Cabling'],
    [50, 120],
    [800, 5000],
  ),
  trade(
    'professional',
    [
      'React developer for a fintech dashboard (hybrid, {town})',
      'Web developer for a hotel booking site in {town}',
      'Mobile money integration for an online shop in {town}',
    ],
    [
      'You will work with our designer and a Node.js back-end team.',
      'A portfolio or GitHub link is required.',
    ],
    ['React', 'TypeScript', 'REST APIs', 'Mobile money APIs'],
    [120, 250],
    [3000, 15000],
  ),
  trade(
    'professional',
    ['Maths tutor for WASSCE candidates in {town}', 'Home tutor for JHS pupils in {town}'],
    [
      'Lessons are three evenings a week for {n} pupils.',
      'Experience preparing candidates for BECE or WASSCE is an advantage.',
    ],
    ['Mathematics', 'Teaching', 'BECE preparation'],
    [40, 90],
    [600, 3000],
  ),
  trade(
    'entertainment',
    [
      'DJ for a wedding reception in {town}',
      'DJ with sound system for a birthday party in {town}',
      'DJ for a campus jam in {town}',
    ],
    [
      'We expect about {guests} guests; Afrobeats, amapiano and old-school highlife please.',
      'You bring the speakers, lights and a backup generator plan.',
    ],
    ['DJ', 'Afrobeats', 'Amapiano', 'Sound system'],
    [150, 400],
    [1200, 5000],
  ),
  trade(
    'entertainment',
    ['MC for a company end-of-year party in {town}', 'MC for a traditional wedding in {town}'],
    [
      'We are hosting about {guests} staff and guests and need a lively, professional MC.',
      'You should be comfortable in Twi and English.',
    ],
    ['Event hosting', 'Public speaking', 'Twi', 'English'],
    [150, 400],
    [1000, 4000],
  ),
  trade(
    'entertainment',
    ['Highlife band for a 60th birthday in {town}', 'Live band for a hotel Friday night in {town}'],
    ['The band should bring its own PA and a sound engineer.', 'Two sets of about one hour each.'],
    ['Highlife', 'Live band', 'PA system'],
    [300, 800],
    [3000, 12000],
  ),
  trade(
    'entertainment',
    [
      'Saxophonist for a wedding cocktail hour in {town}',
      'Gospel singer for a thanksgiving service in {town}',
      'Keyboardist for a church programme in {town}',
    ],
    [
      'Two hours of playing, with your own backing tracks and a small speaker.',
      'A highlife classic for the entrance would be lovely.',
    ],
    ['Saxophone', 'Gospel', 'Keyboard'],
    [150, 350],
    [800, 3500],
  ),
  trade(
    'entertainment',
    [
      'Adowa dance troupe for a one-week funeral celebration in {town}',
      'Borborbor group for a durbar in {town}',
      'Dancers for a product launch in {town}',
    ],
    [
      'Performance time is about three hours in the afternoon.',
      'Costumes in black and red are preferred.',
    ],
    ['Adowa', 'Traditional drumming', 'Choreography'],
    [150, 300],
    [1500, 4500],
  ),
  trade(
    'entertainment',
    [
      'Comedian for a corporate dinner in {town}',
      'Stand-up comedian for a school fun fair in {town}',
    ],
    [
      'Clean, family-friendly jokes only; about 30 minutes on stage.',
      'Jokes in Twi and English work best for this crowd.',
    ],
    ['Stand-up comedy', 'Twi', 'English'],
    [200, 500],
    [1000, 4000],
  ),
  trade(
    'general_labor',
    [
      'Office cleaners needed in {town} (Monday to Saturday)',
      'Cleaner for a guest house in {town}',
      'Post-construction cleaning of a house in {town}',
    ],
    [
      'Duties include sweeping, mopping, cleaning washrooms and emptying bins.',
      'Cleaning materials and uniforms are provided.',
    ],
    ['Cleaning', 'Punctuality'],
    [12, 25],
    [200, 1500],
  ),
  trade(
    'general_labor',
    ['Loaders to offload a container in {town}', 'Loading crew for a goods depot in {town}'],
    [
      'The work is physical, with bags and cartons of up to 50 kg.',
      'We need {n} strong people for about a week.',
    ],
    ['Loading', 'Stacking', 'Teamwork'],
    [14, 25],
    [150, 1200],
  ),
  trade(
    'general_labor',
    ['Night security guard for a warehouse in {town}', 'Watchman for a building site in {town}'],
    [
      'Shifts run from 7 pm to 7 am; you will log vehicles in and out.',
      'Previous security experience and a clean police record are required.',
    ],
    ['Security', 'Patrolling', 'Report writing'],
    [10, 20],
    [800, 2500],
  ),
  trade(
    'general_labor',
    [
      'Farm hands for the maize harvest near {town}',
      'Labourers for cocoa farm weeding near {town}',
      'Workers to clear a plot of land in {town}',
    ],
    ['Bring a cutlass; we provide gloves and boots.', 'The farm is about {n} acres.'],
    ['Farming', 'Weeding', 'Harvesting'],
    [10, 20],
    [200, 2000],
  ),
  trade(
    'general_labor',
    ['Kitchen assistant for a chop bar in {town}', 'Cook for a school canteen in {town}'],
    [
      'You will prepare banku, fufu and jollof for about {guests} customers a day.',
      'A food handler certificate is an advantage.',
    ],
    ['Cooking', 'Food hygiene'],
    [12, 25],
    [600, 2500],
  ),
  trade(
    'general_labor',
    ['Delivery rider with own motorbike in {town}', 'Movers to help relocate a flat in {town}'],
    [
      'Fuel is paid per trip; you need a valid licence.',
      'Most trips are within {n} km of the town centre.',
    ],
    ['Motorbike riding', 'Customer service', 'Valid licence'],
    [12, 30],
    [150, 1500],
  ),
];

export const TRADE_WEIGHTS: Record<Category, number> = {
  skilled_trades: 30,
  professional: 20,
  entertainment: 15,
  general_labor: 35,
};
