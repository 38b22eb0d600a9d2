import type { Status } from '../../../contracts/applications.ts';
import type { PerformanceType } from '../../../contracts/artists.ts';
import type { Role } from '../../../contracts/auth.ts';
import type { RateType } from '../../../contracts/bookings.ts';
import type { Category } from '../../../contracts/jobs.ts';
import type { Region } from '../../../contracts/regions.ts';

/**
 * The demo data itself, as plain values: Ghanaian employers, jobs in every category across the
 * regions, artists of every performance type, and the applications and bookings around the four
 * demo accounts. The jobs and the artists are tables, a row each, which `job` and `artist` turn
 * into their seeds. seed.ts turns it into rows; dates here are relative (days ago, days from
 * now) and the few values left to chance are drawn there, from a seeded PRNG.
 */

export interface DemoUser {
  phoneNumber: string;
  firstName: string;
  lastName: string;
  role: Role;
  region: Region;
  /** Only for the demo artist: the stage name of the artist profile it owns. */
  stageName?: string;
}

/**
 * The accounts a newcomer signs in as. The client books artists; the product has no
 * client role value, so the demo client is an events planner with the employer role.
 */
export const DEMO_USERS = {
  employer: {
    phoneNumber: '+233241000001',
    firstName: 'Kwame',
    lastName: 'Mensah',
    role: 'employer',
    region: 'Greater Accra',
  },
  jobSeeker: {
    phoneNumber: '+233241000002',
    firstName: 'Kofi',
    lastName: 'Boateng',
    role: 'job_seeker',
    region: 'Greater Accra',
  },
  artist: {
    phoneNumber: '+233241000003',
    firstName: 'Yaw',
    lastName: 'Darko',
    role: 'artist',
    region: 'Greater Accra',
    stageName: 'DJ Kasa',
  },
  client: {
    phoneNumber: '+233241000004',
    firstName: 'Adwoa',
    lastName: 'Asantewaa',
    role: 'employer',
    region: 'Greater Accra',
  },
} as const satisfies Record<'employer' | 'jobSeeker' | 'artist' | 'client', DemoUser>;

// ---------------------------------------------------------------------------------------------
// People

export interface PersonSeed {
  phone: string;
  first: string;
  last: string;
  region: Region;
  email?: string;
}

export type EmployerKey =
  | 'ofori'
  | 'sarpong'
  | 'iddrisu'
  | 'quansah'
  | 'agbeko'
  | 'frimpong'
  | 'ayamga'
  | 'adjei';

export const EMPLOYERS: Record<EmployerKey, PersonSeed> = {
  ofori: { phone: '+233244118203', first: 'Kwabena', last: 'Ofori', region: 'Ashanti' },
  sarpong: { phone: '+233201557346', first: 'Abena', last: 'Sarpong', region: 'Greater Accra' },
  iddrisu: {
    phone: '+233243906612',
    first: 'Abdul-Rahman',
    last: 'Iddrisu',
    region: 'Northern',
  },
  quansah: { phone: '+233277420158', first: 'Efua', last: 'Quansah', region: 'Central' },
  agbeko: { phone: '+233505312874', first: 'Selorm', last: 'Agbeko', region: 'Volta' },
  frimpong: { phone: '+233541278830', first: 'Nana Yaw', last: 'Frimpong', region: 'Bono' },
  ayamga: { phone: '+233265093417', first: 'Francis', last: 'Ayamga', region: 'Upper East' },
  adjei: { phone: '+233593184026', first: 'Gifty', last: 'Adjei', region: 'Eastern' },
};

/** Who posts the (non-demo) jobs of each region: a local business or one nearby. */
export const EMPLOYER_BY_REGION: Record<Region, EmployerKey> = {
  'Greater Accra': 'sarpong',
  Ashanti: 'ofori',
  Western: 'quansah',
  Eastern: 'adjei',
  Central: 'quansah',
  Northern: 'iddrisu',
  'Upper East': 'ayamga',
  'Upper West': 'ayamga',
  Volta: 'agbeko',
  Bono: 'frimpong',
  'Bono East': 'ofori',
  Ahafo: 'ofori',
  Oti: 'agbeko',
  Savannah: 'iddrisu',
  'North East': 'iddrisu',
  'Western North': 'frimpong',
};

export type SeekerKey = 'nyarko' | 'sulemana' | 'kpodo' | 'quaye';

export const SEEKERS: Record<SeekerKey, PersonSeed> = {
  nyarko: {
    phone: '+233246735190',
    first: 'Yaa',
    last: 'Nyarko',
    region: 'Greater Accra',
    email: 'yaa.nyarko@example.com',
  },
  sulemana: {
    phone: '+233538420613',
    first: 'Mohammed',
    last: 'Sulemana',
    region: 'Greater Accra',
    email: 'm.sulemana@example.com',
  },
  kpodo: {
    phone: '+233209861457',
    first: 'Edem',
    last: 'Kpodo',
    region: 'Greater Accra',
    email: 'edem.kpodo@example.com',
  },
  quaye: {
    phone: '+233572046381',
    first: 'Esi',
    last: 'Quaye',
    region: 'Central',
    email: 'esi.quaye@example.com',
  },
};

// ---------------------------------------------------------------------------------------------
// Jobs

type Pay =
  | { jobType: 'hourly'; ghs: number; hours: number | null }
  | { jobType: 'fixed'; ghs: number };

export type DemoJobKey = 'plumber' | 'bookkeeper' | 'mc' | 'cleaners' | 'electrician' | 'loaders';

interface JobSeed {
  /** Set on the demo employer's jobs, so applications can point at them. */
  demo?: DemoJobKey;
  category: Category;
  region: Region;
  title: string;
  description: string;
  pay: Pay;
  skills: string[];
  inactive?: boolean;
  /** Fixed start date, in days from now; otherwise the PRNG decides. */
  startInDays?: number;
  /** Fixed posting age in days; otherwise the PRNG decides. */
  postedDaysAgo?: number;
}

const hourly = (ghs: number, hours: number): Pay => ({ jobType: 'hourly', ghs, hours });
const fixed = (ghs: number): Pay => ({ jobType: 'fixed', ghs });

/** What only some jobs say: the demo employer's key, fixed dates, or that the job is closed. */
type JobExtras = Pick<JobSeed, 'demo' | 'inactive' | 'startInDays' | 'postedDaysAgo'>;

/** A job a row: where, what kind, its title and pay, the skills it asks for, what the work is. */
type JobRow = [
  region: Region,
  category: Category,
  title: string,
  pay: Pay,
  skills: string,
  description: string,
  extras?: JobExtras,
];

const job = ([region, category, title, pay, skills, description, extras]: JobRow): JobSeed => ({
  ...extras,
  category,
  region,
  title,
  description,
  pay,
  skills: skills === '' ? [] : skills.split(', '),
});

export const JOBS: JobSeed[] = (
  [
    // The demo employer, Kwame Mensah: a facilities and events company based in Accra.
    [
      'Greater Accra',
      'skilled_trades',
      'Plumber for new 3-bedroom house in Tema Community 25',
      hourly(45, 24),
      'Plumbing, PPR pipe fitting, Water heater installation',
      'We are finishing a 3-bedroom house at Tema Community 25 and need an experienced plumber for first and second fix. The work covers PPR pipe runs, two bathrooms, a kitchen sink and a 50-litre water heater.\nMaterials are supplied on site. Bring your own tools and be ready to start at 7:30 am.',
      { demo: 'plumber', startInDays: 6, postedDaysAgo: 12 },
    ],
    [
      'Greater Accra',
      'professional',
      'Part-time bookkeeper for facilities company in Madina',
      hourly(90, 40),
      'Bookkeeping, QuickBooks, Excel, GRA tax filing',
      'Our facilities company in Madina needs a bookkeeper two days a week. You will record daily transactions, reconcile MoMo and bank statements, and prepare the monthly VAT and PAYE returns for GRA.\nExperience with QuickBooks or Tally is required. ICAG part-qualified candidates are welcome.',
      { demo: 'bookkeeper', postedDaysAgo: 9 },
    ],
    [
      'Greater Accra',
      'entertainment',
      'MC for company end-of-year party at Airport City',
      fixed(2500),
      'Event hosting, Public speaking, Twi, English',
      'We are hosting about 150 staff and guests for our end-of-year party at a hotel in Airport City, Accra. We need a lively, professional MC to run the programme, handle the awards segment and keep the energy up.\nThe event runs from 6 pm to 11 pm. Tell us about the corporate events you have hosted.',
      { demo: 'mc', startInDays: 24, postedDaysAgo: 5 },
    ],
    [
      'Central',
      'general_labor',
      'Office cleaners needed in Kasoa (Monday to Saturday)',
      hourly(18, 96),
      'Cleaning, Punctuality',
      "We need two reliable cleaners for a client's office block near Kasoa Old Barrier. Duties include sweeping, mopping, cleaning washrooms and emptying bins before staff arrive. Shifts run from 6 am to 10 am, Monday to Saturday, and cleaning materials and uniforms are provided.",
      { demo: 'cleaners', startInDays: 3, postedDaysAgo: 15 },
    ],
    [
      'Ashanti',
      'skilled_trades',
      'Electrician to rewire a two-storey shop in Adum, Kumasi',
      fixed(4800),
      'Electrical wiring, Distribution boards, Fault finding, Earthing',
      'A two-storey shop in Adum, Kumasi needs full rewiring before a new tenant moves in. The job includes a new distribution board, sockets and lighting on both floors, and proper earthing.\nYou must hold an Energy Commission electrical wiring licence. We pay 50% on start and 50% after inspection.',
      { demo: 'electrician', postedDaysAgo: 20 },
    ],
    [
      'Greater Accra',
      'general_labor',
      'Warehouse loaders for Spintex Road depot',
      hourly(20, 30),
      'Loading, Teamwork',
      'We needed six strong loaders to offload containers at our Spintex Road depot over one week. The work was physical, with cartons of up to 25 kg. Lunch and transport from Spintex junction were provided. This position has been filled.',
      { demo: 'loaders', postedDaysAgo: 48, inactive: true },
    ],

    // Greater Accra
    [
      'Greater Accra',
      'skilled_trades',
      'Tiler for bathroom renovation in East Legon',
      fixed(3200),
      'Tiling, Waterproofing, Floor levelling',
      'We are renovating two bathrooms in a family house at East Legon and need an experienced tiler. Tiles, cement and adhesive are already on site; you bring your own tools.\nThe job covers removing the old tiles, levelling the floors and laying 60x60 porcelain tiles. Please share photos of previous work when you apply.',
    ],
    [
      'Greater Accra',
      'professional',
      'React developer for fintech dashboard (Airport City, hybrid)',
      hourly(180, 160),
      'React, TypeScript, REST APIs, Git, Tailwind CSS',
      'A payments start-up in Airport City is looking for a contract front-end developer to build the merchant dashboard for its mobile money collections product. You will work with our designer and a Node.js back-end team.\nThree days a week in the office, the rest remote. A portfolio or GitHub link is required.',
    ],
    [
      'Greater Accra',
      'general_labor',
      'Night security guard for warehouse on Spintex Road',
      hourly(12, 84),
      'Security, Patrolling, Report writing',
      'We need a disciplined security guard for night shifts (7 pm to 7 am) at a building materials warehouse on Spintex Road. You will patrol the yard, log vehicles in and out and call the supervisor about anything unusual. Previous security experience and a clean police record are required.',
    ],
    [
      'Greater Accra',
      'entertainment',
      'Saxophonist for wedding cocktail hour in Labone',
      fixed(1800),
      'Saxophone, Highlife, Jazz',
      'Looking for a saxophonist to play highlife and soft jazz during the cocktail hour of our wedding reception in Labone. Two hours of playing, with your own backing tracks and a small speaker.\nThe couple would love a sax version of a classic highlife tune for the entrance.',
    ],
    [
      'Greater Accra',
      'skilled_trades',
      'Auto mechanic for Toyota fleet servicing at Abossey Okai',
      hourly(55, 60),
      'Auto mechanics, Toyota, OBD diagnostics, Brakes',
      'Our delivery company runs twelve Toyota Hiace and Corolla vehicles and needs a mechanic for routine servicing over the next month. Work is done at a partner workshop in Abossey Okai. You should be comfortable with diagnostics tools, brakes and suspension work.',
    ],
    [
      'Greater Accra',
      'professional',
      'Chartered accountant for annual audit of NGO in Osu',
      fixed(12000),
      'Auditing, IFRS for SMEs, ICAG licence',
      'A small education NGO in Osu needs an external audit of its 2025 financial statements for its donors. The books are kept in QuickBooks and are fully reconciled.\nYou must be a member of ICAG in public practice. Please state your fee basis and expected timeline.',
    ],
    [
      'Greater Accra',
      'skilled_trades',
      'Fix ceiling fans and faulty sockets in Dansoman flat',
      fixed(350),
      '',
      'Two ceiling fans have stopped working and three sockets spark when used in a two-bedroom flat in Dansoman. Looking for a careful electrician to diagnose and repair them in one visit. Parts will be reimbursed against receipts.',
    ],

    // Ashanti
    [
      'Ashanti',
      'skilled_trades',
      'Carpenter for kitchen cabinets in Ahodwo, Kumasi',
      fixed(6500),
      'Carpentry, Cabinet making, Laminate finishing',
      'We need a skilled carpenter to build and fit kitchen cabinets for a new home in Ahodwo, Kumasi. The design is ready: about 4 metres of base and wall units in plywood with laminate finish.\nQuote should cover labour only; we will buy the boards and hardware with you.',
    ],
    [
      'Ashanti',
      'general_labor',
      'Loading crew for goods depot at Suame, Kumasi',
      hourly(16, 48),
      'Loading, Stacking',
      'A distribution depot at Suame Magazine needs four loaders to offload and stack bags of cement and rice from trucks. Work starts at 6 am and usually ends by 2 pm. Payment is made weekly by mobile money.',
    ],
    [
      'Ashanti',
      'professional',
      'Mining health and safety consultant in Obuasi',
      fixed(15000),
      'Mining HSE, NEBOSH, Risk assessment, Audit reporting',
      'A mining support contractor in Obuasi needs an experienced HSE consultant to review its safety management system before a client audit. You will inspect two sites, interview supervisors and write a gap report with recommendations.\nMinimum of 8 years in mining HSE. NEBOSH or equivalent is required.',
    ],
    [
      'Ashanti',
      'entertainment',
      'Adowa dance troupe for one-week funeral celebration in Ejisu',
      fixed(2200),
      'Adowa, Traditional drumming',
      'Our family is holding the one-week celebration of our late grandmother in Ejisu and would like an Adowa troupe with drummers to perform in the afternoon. Performance time is about three hours. Costumes in black and red are preferred.',
    ],
    [
      'Ashanti',
      'skilled_trades',
      'Welder and fabricator for security gates in Obuasi',
      hourly(40, 32),
      'Welding, Metal fabrication, Gate installation',
      'Need a welder to fabricate and install two sliding gates and burglar-proof bars for a house in Obuasi. Materials will be bought together after measurement.\nYou should have your own welding machine and grinder.',
    ],

    // Western
    [
      'Western',
      'skilled_trades',
      'Marine diesel mechanic at Takoradi harbour',
      hourly(75, 40),
      'Marine diesel engines, Engine overhaul, Hydraulics',
      'A fishing company at Takoradi harbour needs a mechanic to overhaul the diesel engines of two inshore vessels. You will work alongside our engine crew and must be available for early starts when the boats are in.',
    ],
    [
      'Western',
      'professional',
      'HSE officer (3-month contract) for oil services firm, Takoradi',
      hourly(140, 480),
      'HSE, Permit to work, Incident investigation, BOSIET',
      'An oil and gas services firm in Takoradi needs an HSE officer for a three-month onshore project. Duties include toolbox talks, permit-to-work checks, incident reporting and weekly HSE statistics.\nBOSIET is an advantage. Candidates based in Sekondi-Takoradi are preferred.',
    ],
    [
      'Western',
      'general_labor',
      'Housekeepers for beachfront guesthouse in Takoradi',
      hourly(14, 120),
      'Housekeeping, Laundry',
      'A 14-room guesthouse near Takoradi beach needs two housekeepers for the festive season. You will make up rooms, do laundry and keep the common areas tidy. Meals on duty are provided.',
      { inactive: true },
    ],
    [
      'Western',
      'entertainment',
      'Highlife band for company 20th anniversary dinner in Takoradi',
      fixed(9000),
      'Live band, Highlife, PA system',
      'We are celebrating 20 years in business with a dinner for 200 guests at a hotel in Takoradi. We are looking for a live highlife band for four hours, with a mix of classics and contemporary tunes.\nThe band should bring its own PA system and sound engineer.',
    ],
    [
      'Western',
      'skilled_trades',
      'Heavy-duty truck electrician in Tarkwa',
      hourly(60, 24),
      'Auto electrical, Alternators, Wiring diagrams',
      'A haulage company in Tarkwa has three tipper trucks with recurring electrical faults. We need an auto electrician who can trace wiring faults, repair alternators and fix lighting. Work is at our yard near the Tarkwa lorry station.',
    ],

    // Eastern
    [
      'Eastern',
      'skilled_trades',
      'Electrician for guesthouse wiring in Koforidua',
      fixed(4200),
      'Electrical wiring, Conduit work, Air-conditioner points',
      'We are completing a 10-room guesthouse in Koforidua and need an electrician to install wiring, lighting, sockets and air-conditioner points.\nThe building is at roofing stage and conduits are already laid. Please include an estimate of how many days you need.',
    ],
    [
      'Eastern',
      'general_labor',
      'Farm hands for pineapple harvest near Nsawam',
      hourly(13, 48),
      'Farm work, Harvesting',
      'A pineapple farm near Nsawam needs eight farm hands for the harvest season. Work includes harvesting, carrying and loading fruit for the processing plant. Transport from Nsawam town is provided each morning.',
    ],
    [
      'Eastern',
      'professional',
      'Office assistant and data entry clerk in Koforidua',
      hourly(30, 80),
      'Data entry, Excel, Customer service',
      "A pharmaceutical distributor's branch office in Koforidua needs an office assistant to capture invoices, manage filing and answer calls. You should be comfortable with Excel and accurate with numbers. SHS certificate required; a diploma is an advantage.",
    ],
    [
      'Eastern',
      'entertainment',
      'DJ for sunset boat cruise party in Akosombo',
      fixed(2000),
      'DJ, Afrobeats, Amapiano',
      'We are organising a sunset boat cruise on the Volta Lake at Akosombo for about 80 guests. We need a DJ with compact, battery-backed equipment to play Afrobeats, highlife and amapiano for three hours on board.',
    ],

    // Central
    [
      'Central',
      'professional',
      'Maths and science tutor for WASSCE students in Cape Coast',
      hourly(60, 36),
      'Mathematics, Integrated science, WASSCE preparation',
      'A parent group in Cape Coast is looking for a tutor to prepare five SHS 3 students for WASSCE core maths and integrated science. Lessons are on weekday evenings and Saturday mornings.\nUCC students and graduates are welcome to apply.',
    ],
    [
      'Central',
      'skilled_trades',
      'Mason for block work in Kasoa Millennium City',
      hourly(35, 96),
      'Masonry, Block laying, Reading plans',
      'We need two masons for block work on a 4-bedroom house in Kasoa Millennium City. The foundation is done; the job covers walls up to lintel level. Sand, cement and blocks are on site and a labourer will assist.',
    ],
    [
      'Central',
      'entertainment',
      'Cultural drumming and dance troupe for beach resort in Elmina',
      fixed(1500),
      'Traditional drumming, Cultural dance, Audience engagement',
      'A beach resort in Elmina wants a cultural troupe to perform for guests on Saturday evenings during the tourist season. Each show lasts about 90 minutes and should include drumming, dancing and some audience participation.',
    ],
    [
      'Central',
      'general_labor',
      'Kitchen helper for hotel in Elmina',
      hourly(14, 160),
      'Food preparation, Kitchen hygiene',
      'A hotel restaurant in Elmina needs a kitchen helper to wash up, prepare vegetables and keep the kitchen clean during lunch and dinner service. Food hygiene certificate is an advantage.',
    ],

    // Northern
    [
      'Northern',
      'skilled_trades',
      'Solar installer for 5 kW home system in Tamale',
      fixed(3500),
      'Solar PV installation, Inverter configuration, DC wiring',
      'We have bought panels, a 5 kW hybrid inverter and lithium batteries for a home in Tamale (Kalpohin). We need a qualified installer to mount the panels, wire the system and configure the inverter.\nLabour only. Please mention systems you have installed before.',
    ],
    [
      'Northern',
      'professional',
      'Agronomist for soybean outgrower scheme in Savelugu',
      fixed(9000),
      'Agronomy, Farmer training, Soybean, Dagbani',
      'An agribusiness working with 300 soybean farmers around Savelugu needs an agronomist for the season. You will train lead farmers, run demonstration plots and report on yields.\nMotorbike and fuel allowance are provided.',
    ],
    [
      'Northern',
      'general_labor',
      'Loaders for grain trucks in Tamale',
      hourly(15, 40),
      'Loading, Bagging',
      'A grain aggregator in Tamale needs loaders to bag and load maize onto trucks bound for Kumasi and Accra. Work is in the mornings, three to four days a week during the buying season.',
      { inactive: true },
    ],
    [
      'Northern',
      'entertainment',
      'Takai dancers and drummers for durbar in Yendi',
      fixed(1800),
      'Takai dance, Dagomba drumming',
      'We need a Takai dance group with drummers for a community durbar in Yendi. The group will perform twice during the programme, about 40 minutes in total, in full traditional smocks.',
    ],

    // Upper East
    [
      'Upper East',
      'skilled_trades',
      'Borehole pump repair technician in Bolgatanga',
      fixed(1200),
      'Submersible pumps, Borehole maintenance',
      'The submersible pump of a community borehole in Bolgatanga (Zuarungu road) has stopped working. We need a technician to pull the pump, diagnose the fault and repair or replace it. Parts are paid separately.',
    ],
    [
      'Upper East',
      'professional',
      'Health data officer for community clinics in Navrongo',
      hourly(50, 100),
      'DHIS2, Excel, Data cleaning, Kasem',
      'A health NGO in Navrongo needs a data officer to clean and enter monthly clinic records into DHIS2 and produce simple dashboards for the district team.\nExperience with DHIS2 and Excel is required. Knowledge of Kasem is an advantage.',
    ],
    [
      'Upper East',
      'general_labor',
      'Packers for Bolga basket export order',
      hourly(12, 40),
      'Packing, Quality checks',
      'A crafts exporter in Bolgatanga needs six packers to check, tag and pack 2,000 Bolga baskets for shipment. The work lasts about one week at our warehouse near the central market.',
    ],

    // Upper West
    [
      'Upper West',
      'skilled_trades',
      'Motorbike mechanic for dispatch riders in Wa',
      hourly(30, 20),
      'Motorbike repair, Engine servicing',
      'A delivery business in Wa has ten motorbikes that need servicing and a few engine repairs. We are looking for an experienced mechanic who can work at our yard on weekends.',
    ],
    [
      'Upper West',
      'professional',
      'ICT teacher (one-term contract) for private SHS in Wa',
      hourly(70, 120),
      'ICT teaching, Microsoft Office, Lab management',
      'A private senior high school in Wa needs an ICT teacher to cover one term. You will teach core ICT to SHS 1 and 2 and run the computer lab.\nA degree in computer science or IT and teaching experience are required.',
    ],
    [
      'Upper West',
      'entertainment',
      'Bilingual MC for Kobine festival evening show in Lawra',
      fixed(1500),
      'Event hosting, Dagaare, English',
      'Organisers of an evening concert during the Kobine festival in Lawra need an MC who can host in English and Dagaare. The show runs for about four hours with local musicians and xylophone groups.',
    ],

    // Volta
    [
      'Volta',
      'skilled_trades',
      'Painter for church building in Ho',
      fixed(5500),
      'Painting, Surface preparation, Scaffolding',
      'A church in Ho needs the interior and exterior of its main building repainted before its anniversary. The building is about 600 square metres of wall area.\nScaffolding is available. The quote should cover labour only.',
    ],
    [
      'Volta',
      'professional',
      'Part-time accountant for microfinance office in Ho',
      hourly(85, 64),
      'Accounting, Loan portfolio reporting, Bank of Ghana returns',
      'A microfinance company in Ho needs a part-time accountant to prepare monthly management accounts, loan portfolio reports and Bank of Ghana returns. Two days a week at our office near the Ho central market.',
    ],
    [
      'Volta',
      'general_labor',
      'Cleaners for beach resort in Keta',
      hourly(14, 48),
      'Cleaning, Housekeeping',
      'A beach resort in Keta needs three cleaners for weekends and public holidays. Duties include cleaning chalets, the restaurant and the beach front. Accommodation can be arranged for staff from outside Keta.',
    ],
    [
      'Volta',
      'entertainment',
      'Borborbor group for wedding reception in Hohoe',
      fixed(2800),
      'Borborbor, Traditional drumming, Ewe songs',
      'We would like a Borborbor band to welcome guests and play during our traditional wedding reception in Hohoe. About three hours of music and dancing.\nThe group should come with its own drums and costumes.',
    ],

    // Bono
    [
      'Bono',
      'skilled_trades',
      'Plumber for hospital staff quarters in Sunyani',
      hourly(40, 40),
      'Plumbing, Leak repair, Sanitary fittings',
      'We need a plumber to replace leaking pipes, toilets and taps in eight staff flats near the regional hospital in Sunyani. Work will be done block by block so residents are not disrupted for long.',
    ],
    [
      'Bono',
      'professional',
      'Lawyer to review land lease agreements in Sunyani',
      fixed(4000),
      'Land law, Contract review, Lands Commission registration',
      'A cashew processing company in Sunyani is leasing three plots of stool land and needs a lawyer to review the lease agreements and advise on registration with the Lands Commission. Please state your fee and timeline.',
    ],
    [
      'Bono',
      'general_labor',
      'Cashew bagging crew in Berekum',
      hourly(13, 40),
      'Sorting, Bagging',
      'A cashew warehouse in Berekum needs ten workers to dry, sort and bag raw cashew nuts. Work runs from 7 am to 3 pm during the season. Payment is weekly by mobile money.',
      { inactive: true },
    ],

    // Bono East
    [
      'Bono East',
      'skilled_trades',
      'Refrigeration technician for cold room in Techiman market',
      fixed(2600),
      'Refrigeration, Compressor servicing, Gas charging',
      'Our cold room at Techiman market is not holding temperature. We need a refrigeration technician to service the compressor, check for gas leaks and recharge the system.\nThe job should be done on a Sunday when the market is quiet.',
    ],
    [
      'Bono East',
      'general_labor',
      'Night security for yam warehouse in Techiman',
      hourly(12, 72),
      'Security',
      'A yam trader in Techiman needs a night watchman for a warehouse on the Kintampo road. Shifts are 6 pm to 6 am, six nights a week. A torch and raincoat are provided.',
    ],
    [
      'Bono East',
      'entertainment',
      'Sound engineer and DJ for church harvest in Kintampo',
      hourly(120, 8),
      'Sound engineering, PA system, Gospel music, DJ',
      'A church in Kintampo needs a sound engineer with a PA system for its annual harvest and thanksgiving service, plus DJ music during the auction. Setup from 7 am; the programme ends around 3 pm.',
    ],

    // Ahafo
    [
      'Ahafo',
      'skilled_trades',
      'Excavator operator for road works near Kenyasi',
      hourly(80, 320),
      'Excavator operation, Heavy equipment licence, Earthworks',
      'A civil works contractor near Kenyasi needs an experienced excavator operator for a two-month feeder road project. You must hold a valid heavy equipment licence and have at least three years on CAT or Komatsu machines.',
    ],
    [
      'Ahafo',
      'professional',
      'Bookkeeper for cocoa buying company in Goaso',
      hourly(60, 40),
      'Bookkeeping, Excel, Cash reconciliation',
      'A licensed cocoa buying company in Goaso needs a bookkeeper to track purchases from farmers, reconcile cash and MoMo payments and prepare weekly reports for head office in Kumasi.',
    ],
    [
      'Ahafo',
      'general_labor',
      'Farm labourers for cocoa farm maintenance in Bechem',
      hourly(13, 48),
      'Farm work, Weeding, Pruning',
      'We need labourers to weed, prune and spray a 12-acre cocoa farm near Bechem. Work is in the mornings for about two weeks. Protective equipment is provided for spraying days.',
    ],

    // Oti
    [
      'Oti',
      'skilled_trades',
      'Outboard motor mechanic for ferry boats in Dambai',
      hourly(45, 24),
      'Outboard motors, Yamaha engines, Engine repair',
      'A boat operator in Dambai needs a mechanic to service and repair the outboard motors of three passenger boats on the Volta Lake. Yamaha experience is preferred.',
    ],
    [
      'Oti',
      'professional',
      'Weekend locum nurse for private clinic in Nkwanta',
      hourly(65, 48),
      'Nursing, Triage, NMC registration',
      'A private clinic in Nkwanta needs a registered nurse to cover weekend shifts for two months. You will triage patients, administer medication and keep records.\nValid NMC registration is required.',
    ],
    [
      'Oti',
      'general_labor',
      'Cook and kitchen assistants for school feeding in Jasikan',
      hourly(12, 100),
      'Cooking, Food hygiene',
      'A school feeding caterer in Jasikan needs two kitchen assistants to help prepare lunch for 400 pupils each weekday. Work starts at 6 am and ends after serving.',
      { inactive: true },
    ],

    // Savannah
    [
      'Savannah',
      'skilled_trades',
      'Carpenters for roofing of classroom block in Damongo',
      fixed(7500),
      'Carpentry, Roofing, Aluminium sheets',
      'A community school project in Damongo needs two carpenters to build the roof structure and fix aluminium roofing sheets on a three-classroom block. Timber and sheets are on site.',
    ],
    [
      'Savannah',
      'general_labor',
      'Camp helpers for safari lodge near Mole National Park',
      hourly(14, 160),
      'Housekeeping, Serving, Hospitality',
      'A safari lodge near Damongo and Mole National Park needs camp helpers for the dry season. Duties include cleaning rooms, serving meals and helping with laundry. Accommodation is provided.',
    ],
    [
      'Savannah',
      'professional',
      'French-speaking tour guide for Mole and Larabanga',
      hourly(55, 16),
      'Tour guiding, French, English, Local history',
      'A tour operator needs a guide for groups of French-speaking visitors to Mole National Park and the Larabanga mosque. Each tour lasts two days, starting from Damongo.\nYou should speak fluent French and English and know the history of the area.',
    ],

    // North East
    [
      'North East',
      'skilled_trades',
      'Aluminium window fabricator in Nalerigu',
      fixed(3800),
      'Aluminium fabrication, Window installation',
      'We need aluminium sliding windows and mosquito nets fabricated and installed for a six-room house in Nalerigu. Measurements are ready. Quote should include labour and transport of materials from Tamale.',
    ],
    [
      'North East',
      'professional',
      'Pharmacy technician (locum) for community pharmacy in Nalerigu',
      hourly(60, 160),
      'Dispensing, Stock management, Pharmacy Council registration',
      'A community pharmacy in Nalerigu needs a locum pharmacy technician for four weeks while a staff member is on leave. You will dispense under supervision and manage stock records.',
    ],
    [
      'North East',
      'general_labor',
      'Shea nut sorters for women cooperative in Walewale',
      hourly(12, 75),
      '',
      'A shea butter cooperative in Walewale needs extra hands to sort and wash shea nuts before processing. Work is from 7 am to noon for three weeks. Lunch is provided.',
    ],

    // Western North
    [
      'Western North',
      'skilled_trades',
      'Chainsaw and small engine mechanic in Sefwi Wiawso',
      hourly(35, 16),
      'Chainsaw repair, Small engines, Generators',
      'A timber and farming business in Sefwi Wiawso needs a mechanic to service chainsaws, mist blowers and a small generator. Work is at our premises over two days.',
    ],
    [
      'Western North',
      'professional',
      'Licensed surveyor for land demarcation in Bibiani',
      fixed(5000),
      'Land surveying, Site plans, GPS equipment',
      'We need a licensed surveyor to demarcate and prepare site plans for four plots in Bibiani. The plots are already allocated by the family head.\nThe site plans must be acceptable to the Lands Commission.',
    ],
    [
      'Western North',
      'entertainment',
      'Gospel band for church anniversary in Sefwi Wiawso',
      fixed(3500),
      'Live band, Gospel music, Praise and worship',
      'A church in Sefwi Wiawso is celebrating its 25th anniversary and needs a live gospel band for the thanksgiving service and an evening praise night. Both sessions are on the same day.',
    ],
  ] satisfies JobRow[]
).map(job);

// ---------------------------------------------------------------------------------------------
// Artists

interface ArtistSeed {
  person: PersonSeed;
  stageName: string;
  bio: string;
  types: PerformanceType[];
  /** GHS per hour; omitted when the artist only quotes per event. */
  hourly?: number;
  /** GHS per event; omitted when the artist only quotes per hour. */
  event?: number;
  /**
   * The stars of the reviews clients left after completed bookings, one booking each: the
   * artist's rating is their mean. Empty for an artist nobody has reviewed yet.
   */
  reviewStars: number[];
  /** File names under /images/portfolio/, without the extension. */
  images: string[];
}

export const DEMO_ARTIST: ArtistSeed = {
  person: {
    phone: DEMO_USERS.artist.phoneNumber,
    first: DEMO_USERS.artist.firstName,
    last: DEMO_USERS.artist.lastName,
    region: DEMO_USERS.artist.region,
  },
  stageName: DEMO_USERS.artist.stageName,
  bio: 'Accra-based DJ and hype man playing Afrobeats, amapiano and old-school highlife. Weddings, corporate parties and campus jams for over eight years.',
  types: ['DJ', 'MC'],
  hourly: 250,
  event: 3000,
  reviewStars: [5, 4, 5, 4, 5, 4, 5, 4, 5, 5, 5, 5],
  images: ['turntable', 'sound-waves', 'stage-lights'],
};

/**
 * An artist a row: who (stage name, phone, first and last name, region); what they offer (what
 * they perform, GHS an hour and an event, null where they quote none); the stars of their
 * reviews; their pictures; their bio.
 */
type ArtistRow = [
  who: [stageName: string, phone: string, first: string, last: string, region: Region],
  offer: [types: PerformanceType[], hourly: number | null, event: number | null],
  reviewStars: number[],
  images: string[],
  bio: string,
];

const artist = ([
  [stageName, phone, first, last, region],
  [types, hourly, event],
  reviewStars,
  images,
  bio,
]: ArtistRow): ArtistSeed => ({
  person: { phone, first, last, region },
  stageName,
  bio,
  types,
  ...(hourly === null ? {} : { hourly }),
  ...(event === null ? {} : { event }),
  reviewStars,
  images,
});

export const ARTISTS: ArtistSeed[] = [
  DEMO_ARTIST,
  ...(
    [
      [
        ['Kofi Palmwine', '+233245610384', 'Kofi', 'Asamoah', 'Ashanti'],
        [['Musician'], 300, 3500],
        [5, 4, 5, 4, 5, 4, 5, 5],
        ['guitar'],
        'Guitarist and singer keeping palmwine and highlife music alive in Kumasi. Perfect for cocktail hours and outdoor receptions.',
      ],
      [
        ['Esinam Praise', '+233502741936', 'Esinam', 'Dzokoto', 'Volta'],
        [['Musician'], 200, 2500],
        [5, 4, 5, 5, 5],
        ['microphone'],
        'Gospel vocalist from Ho singing in Ewe, Twi and English. Available for church programmes, weddings and thanksgiving services.',
      ],
      [
        ['Nii Tickles', '+233266183045', 'Nii Armah', 'Tetteh', 'Greater Accra'],
        [['Comedian', 'MC'], 400, 4000],
        [5, 4, 5, 4, 5, 4, 5, 4, 4, 4],
        ['microphone', 'stage-lights'],
        'Stand-up comedian and event host with a sharp Ga-English humour. Regular at Accra comedy nights and corporate dinners.',
      ],
      [
        ['Adowa Queens', '+233548320971', 'Abena', 'Pokuaa', 'Ashanti'],
        [['Dancer'], 200, 2200],
        [5, 4, 5, 5, 5, 5, 5],
        ['dancer', 'kente'],
        'A troupe of eight Adowa and Kete dancers with their own drummers. We bring grace and colour to funerals, festivals and weddings across Ashanti.',
      ],
      [
        ['Cape Vibes Band', '+233272518604', 'Kwesi', 'Eshun', 'Central'],
        [['Band', 'Musician'], null, 8500],
        [5, 4, 5, 4],
        ['drums', 'guitar', 'stage-lights'],
        'Six-piece live band from Cape Coast playing highlife, Afro-jazz and reggae. We come with our own PA and sound engineer.',
      ],
      [
        ['DJ Sahel', '+233249075318', 'Ibrahim', 'Fuseini', 'Northern'],
        [['DJ'], 180, 1800],
        [5, 4, 5, 4, 4, 4, 4, 4, 4],
        [],
        'Tamale DJ mixing Afrobeats, hiplife and northern Simpa beats for weddings and school events.',
      ],
      [
        ['MC Mawuli', '+233207394162', 'Mawuli', 'Agbenyo', 'Volta'],
        [['MC'], 150, 1500],
        [4, 4, 4, 4, 4, 4],
        [],
        'Bilingual MC (Ewe and English) for weddings, funerals and durbars in Ho and the Volta Region.',
      ],
      [
        ['Akos Soul', '+233563086247', 'Akosua', 'Fosuah', 'Eastern'],
        [['Musician'], 250, 2800],
        [5, 4, 4],
        [],
        'Neo-soul and highlife singer based in Koforidua. I perform with backing tracks or with a guitarist for intimate events.',
      ],
      [
        ['Sammy Laughs', '+233268514390', 'Samuel', 'Takyi', 'Bono'],
        [['Comedian'], null, 1500],
        [4, 3, 4, 4, 4, 4, 4, 4],
        [],
        'Sunyani comedian known for clean family-friendly jokes in Twi and English.',
      ],
      [
        ['Sekondi Brass Ensemble', '+233234917025', 'Daniel', 'Aidoo', 'Western'],
        [['Band'], 600, 6000],
        [5, 4, 5, 4, 5],
        ['drums'],
        'A twelve-member brass band from Sekondi playing highlife, hymns and marching tunes. Funerals, church anniversaries and street processions.',
      ],
      [
        ['Fati Moves', '+233596241873', 'Fatima', 'Issah', 'Upper East'],
        [['Dancer'], 120, 1200],
        [],
        [],
        'Afro-dance choreographer from Bolgatanga teaching and performing at weddings and school events.',
      ],
      [
        ['DJ Prosper', '+233240538716', 'Prosper', 'Kuma', 'Bono East'],
        [['DJ'], 150, 1600],
        [5, 4, 4, 4, 4, 4, 4],
        [],
        'Techiman party DJ with a full sound system and lights for outdoor events of up to 1,000 people.',
      ],
      [
        ['Gyil Masters of Wa', '+233508163429', 'Yussif', 'Bawa', 'Upper West'],
        [['Band', 'Musician'], null, 4500],
        [5, 4, 5, 5],
        ['drums', 'kente'],
        'Traditional gyil (xylophone) ensemble from Wa with singers and drummers. We play festivals, funerals and cultural showcases.',
      ],
      [
        ['DJ Goldtown', '+233277903154', 'Emmanuel', 'Ansah', 'Ashanti'],
        [['DJ'], 200, 2500],
        [4, 3, 4, 3, 4, 4, 4, 4, 4],
        [],
        'Obuasi DJ playing Afrobeats, dancehall and gospel mixes for parties, church events and funerals.',
      ],
      [
        ['MC Lindy', '+233542786013', 'Linda', 'Ofosu', 'Greater Accra'],
        [['MC'], 350, 3500],
        [5, 4, 5, 4, 5, 5],
        ['microphone'],
        'Polished corporate host and wedding MC. Comfortable in English, Twi and Ga, and great with a timed programme.',
      ],
      [
        ['Madina Azonto Crew', '+233209457381', 'Kwaku', 'Boadu', 'Greater Accra'],
        [['Dancer'], 180, 2000],
        [5, 4, 5, 4],
        [],
        'High-energy Afro-dance crew from Madina doing azonto, amapiano and choreographed entrances for weddings and launches.',
      ],
      [
        ['Richie Keys', '+233246209873', 'Richard', 'Owusu-Sekyere', 'Ahafo'],
        [['Musician'], 200, null],
        [],
        [],
        'Keyboardist from Goaso available for church services, weddings and studio sessions.',
      ],
      [
        ['Damongo Lunsi Drummers', '+233567318024', 'Salifu', 'Abdulai', 'Savannah'],
        [['Band', 'Dancer'], null, 3000],
        [5, 4, 5, 4, 5],
        ['drums', 'dancer'],
        'Lunsi talking-drum group and dancers from Damongo, performing Gonja praise songs and festival dances.',
      ],
      [
        ['Auntie Eunice', '+233265741208', 'Eunice', 'Amoako', 'Central'],
        [['Comedian'], 300, 2500],
        [5, 4, 5, 4, 4, 4, 4, 4, 4, 4],
        [],
        'Kasoa-based comedian whose market-woman characters have audiences in stitches. Great for end-of-year parties.',
      ],
      [
        ['DJ Bright Lights', '+233509632147', 'Bright', 'Osei', 'Western North'],
        [['DJ', 'MC'], 120, 1200],
        [4, 3, 4, 3, 4, 3, 4],
        [],
        'DJ and MC from Sefwi Wiawso covering parties, naming ceremonies and school functions in Western North.',
      ],
      [
        ['Gidi the Jester', '+233238105496', 'Gideon', 'Amenyo', 'Oti'],
        [['Comedian', 'MC'], 150, 1300],
        [],
        [],
        'Comedian and host from Dambai who keeps the crowd laughing between acts.',
      ],
      [
        ['Adjoa Gospel Voice', '+233594107386', 'Adjoa', 'Mensimah', 'Eastern'],
        [['Musician'], 220, 2000],
        [5, 4, 5, 5, 5, 5, 5, 5, 5],
        ['microphone', 'kente'],
        'Contemporary gospel singer from Nkawkaw. I minister at church programmes, weddings and memorial services.',
      ],
      [
        ['Frafra Beats', '+233247862015', 'Joseph', 'Adongo', 'Upper East'],
        [['Musician', 'Band', 'Dancer'], 250, 3200],
        [5, 4, 5, 4, 5, 4, 4],
        ['drums', 'kente', 'dancer'],
        'Musicians and dancers from Bolgatanga blending kologo, drums and modern beats. We perform as a full band or as a dance group.',
      ],
      [
        ['DJ Karim', '+233205418639', 'Abdul-Karim', 'Mahamudu', 'North East'],
        [['DJ'], 100, null],
        [4, 3, 4],
        [],
        'Nalerigu DJ available for weddings, birthdays and community programmes.',
      ],
      [
        ['Akua Afrobeats Dance Co.', '+233543970862', 'Nana Akua', 'Addo', 'Ashanti'],
        [['Dancer', 'MC'], 250, 2800],
        [5, 4, 5, 4, 5, 4, 5, 5],
        ['dancer', 'stage-lights'],
        'Kumasi dance company and event hosts. Choreographed shows, dance-offs and crowd hype for launches and weddings.',
      ],
      [
        ['The Highlife Collective', '+233200864531', 'Michael', 'Tetteh', 'Greater Accra'],
        [['Band'], 800, 12000],
        [5, 5, 5, 5, 5],
        ['guitar', 'drums', 'stage-lights'],
        'A nine-piece Accra band playing classic and new highlife with horns. Weddings, embassy receptions and corporate galas.',
      ],
    ] satisfies ArtistRow[]
  ).map(artist),
];

export const TIME_SLOTS = [
  '18:00 - 23:00',
  '19:00 - 02:00',
  '10:00 - 14:00',
  '14:00 - 18:00',
  '12:00 - 17:00',
  '20:00 - 01:00',
];

// ---------------------------------------------------------------------------------------------
// Applications and bookings around the demo accounts

interface ApplicationSeed {
  job: DemoJobKey;
  applicant: SeekerKey | 'demo';
  status: Status;
  coverLetter: string;
  /** How far between the posting and now the application was sent (0..1). */
  at: number;
}

export const APPLICATIONS: ApplicationSeed[] = [
  {
    job: 'plumber',
    applicant: 'demo',
    status: 'accepted',
    at: 0.2,
    coverLetter:
      'Good day. I am a plumber with six years of experience on residential sites in Tema and Ashaiman, including PPR installations and water heaters.\nI live in Community 22 and can be on site by 7 am every day. I have my own tools, including a PPR welding machine.',
  },
  {
    job: 'electrician',
    applicant: 'demo',
    status: 'pending',
    at: 0.5,
    coverLetter:
      'I hold an Energy Commission wiring licence (domestic) and have rewired several shops at Makola. I can travel to Kumasi for the duration of the job and stay with family in Bantama.',
  },
  {
    job: 'cleaners',
    applicant: 'demo',
    status: 'pending',
    at: 0.6,
    coverLetter:
      'I am looking for morning work while I build up my plumbing business. I am punctual and used to cleaning offices, and I can reach Kasoa Old Barrier easily.',
  },
  {
    job: 'plumber',
    applicant: 'sulemana',
    status: 'pending',
    at: 0.4,
    coverLetter:
      'I am a trained plumber (NVTI Certificate II) and have worked on estate houses at Sakumono and Community 25. I can start on the date given and work weekends if needed.',
  },
  {
    job: 'bookkeeper',
    applicant: 'nyarko',
    status: 'pending',
    at: 0.3,
    coverLetter:
      'I am ICAG part-qualified with three years of bookkeeping for a pharmacy chain in Madina. I use QuickBooks daily and file monthly VAT and PAYE returns on the GRA portal.\nI am available on Tuesdays and Thursdays.',
  },
  {
    job: 'mc',
    applicant: 'kpodo',
    status: 'pending',
    at: 0.5,
    coverLetter:
      'I have hosted end-of-year parties for two banks and a telecoms company in Accra, including awards segments. I switch easily between English, Twi and Ewe and keep programmes on time.',
  },
  {
    job: 'cleaners',
    applicant: 'quaye',
    status: 'pending',
    at: 0.35,
    coverLetter:
      'I live in Kasoa and have cleaned offices at the Kasoa Tollbooth area for two years. I can start immediately and I am never late.',
  },
];

interface BookingSeed {
  daysFromNow: number;
  hour: number;
  duration: number;
  rateType: RateType;
  status: Status;
  eventType: string | null;
  venue: string;
  eventDetails: string | null;
  createdDaysAgo: number;
}

export const DEMO_BOOKINGS: BookingSeed[] = [
  {
    daysFromNow: 9,
    hour: 19,
    duration: 4,
    rateType: 'hourly',
    status: 'accepted',
    eventType: '40th birthday party',
    venue: 'Private residence, Community 25, Tema',
    eventDetails:
      'Around 80 guests. Mostly old-school highlife and hiplife please, then Afrobeats after 10 pm.',
    createdDaysAgo: 6,
  },
  {
    daysFromNow: 16,
    hour: 18,
    duration: 5,
    rateType: 'hourly',
    status: 'pending',
    eventType: 'Wedding reception',
    venue: 'Garden events centre, East Legon, Accra',
    eventDetails:
      'Reception after the church service. We need music for the grand entrance, first dance and after-party, and a short MC handover.',
    createdDaysAgo: 3,
  },
  {
    daysFromNow: 30,
    hour: 17,
    duration: 6,
    rateType: 'event',
    status: 'pending',
    eventType: 'Corporate end-of-year party',
    venue: 'Hotel ballroom, Airport City, Accra',
    eventDetails: null,
    createdDaysAgo: 1,
  },
  {
    daysFromNow: -14,
    hour: 10,
    duration: 3,
    rateType: 'hourly',
    status: 'completed',
    eventType: 'Naming ceremony',
    venue: 'Family house, Dansoman, Accra',
    eventDetails: 'Outdooring of our baby girl. Gospel and highlife in the morning.',
    createdDaysAgo: 30,
  },
];

// ---------------------------------------------------------------------------------------------
// Reviews of artists, after completed bookings by the seeded employers and job seekers

/** What clients wrote, by the stars they gave; some leave no comment at all. */
export const REVIEW_COMMENTS: Record<3 | 4 | 5, string[]> = {
  5: [
    'Everyone was on the dance floor till the very end. Will book again.',
    'Arrived early, set up quietly and read the crowd perfectly.',
    'Our guests are still talking about it. Medaase!',
    'Professional from the first call to the last song.',
    'Exactly what we asked for, and on time.',
  ],
  4: [
    'Very good performance. Started a little late but made up for it.',
    'Good music and good energy. The sound was a bit loud for the older guests.',
    'Played all our requests. Would book again for a smaller event.',
    'Kept the programme moving. Friendly and easy to work with.',
  ],
  3: [
    'Good on the night, but hard to reach by phone beforehand.',
    'The performance was fine; we expected more of the songs we asked for.',
  ],
};

/** The demo artist answers the newest reviews of them. */
export const DEMO_ARTIST_REPLIES = [
  'Thank you! It was a joy to play for your family.',
  'Medaase for having me. See you at the next one!',
];

export const REVIEWED_EVENTS = [
  { eventType: 'Wedding reception', venue: 'Events centre, East Legon, Accra' },
  { eventType: 'Birthday party', venue: 'Private residence, Adum, Kumasi' },
  { eventType: 'Naming ceremony', venue: 'Family house, Dansoman, Accra' },
  { eventType: 'Church harvest', venue: 'Church grounds, Cape Coast' },
  { eventType: 'Corporate dinner', venue: 'Hotel ballroom, Takoradi' },
  { eventType: 'Campus jam', venue: 'Student union hall, Legon' },
  { eventType: 'Product launch', venue: 'Shopping mall forecourt, Tema' },
];
