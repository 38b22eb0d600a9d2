import type { Status } from '../../../contracts/applications.ts';
import type { PerformanceType } from '../../../contracts/artists.ts';
import type { Role } from '../../../contracts/auth.ts';
import type { RateType } from '../../../contracts/bookings.ts';
import type { Category } from '../../../contracts/jobs.ts';
import type { Region } from '../../../contracts/regions.ts';

/**
 * The demo data itself, as plain values: Ghanaian employers, jobs in every category across the
 * regions, artists of every performance type, and the applications and bookings around the four
 * demo accounts. seed.ts turns it into rows; dates here are relative (days ago, days from now)
 * and the few values left to chance are drawn there, from a seeded PRNG.
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

export const JOBS: JobSeed[] = [
  // The demo employer, Kwame Mensah: a facilities and events company based in Accra.
  {
    demo: 'plumber',
    category: 'skilled_trades',
    region: 'Greater Accra',
    title: 'Plumber for new 3-bedroom house in Tema Community 25',
    description:
      'We are finishing a 3-bedroom house at Tema Community 25 and need an experienced plumber for first and second fix. The work covers PPR pipe runs, two bathrooms, a kitchen sink and a 50-litre water heater.\nMaterials are supplied on site. Bring your own tools and be ready to start at 7:30 am.',
    pay: { jobType: 'hourly', ghs: 45, hours: 24 },
    skills: ['Plumbing', 'PPR pipe fitting', 'Water heater installation'],
    startInDays: 6,
    postedDaysAgo: 12,
  },
  {
    demo: 'bookkeeper',
    category: 'professional',
    region: 'Greater Accra',
    title: 'Part-time bookkeeper for facilities company in Madina',
    description:
      'Our facilities company in Madina needs a bookkeeper two days a week. You will record daily transactions, reconcile MoMo and bank statements, and prepare the monthly VAT and PAYE returns for GRA.\nExperience with QuickBooks or Tally is required. ICAG part-qualified candidates are welcome.',
    pay: { jobType: 'hourly', ghs: 90, hours: 40 },
    skills: ['Bookkeeping', 'QuickBooks', 'Excel', 'GRA tax filing'],
    postedDaysAgo: 9,
  },
  {
    demo: 'mc',
    category: 'entertainment',
    region: 'Greater Accra',
    title: 'MC for company end-of-year party at Airport City',
    description:
      'We are hosting about 150 staff and guests for our end-of-year party at a hotel in Airport City, Accra. We need a lively, professional MC to run the programme, handle the awards segment and keep the energy up.\nThe event runs from 6 pm to 11 pm. Tell us about the corporate events you have hosted.',
    pay: { jobType: 'fixed', ghs: 2500 },
    skills: ['Event hosting', 'Public speaking', 'Twi', 'English'],
    startInDays: 24,
    postedDaysAgo: 5,
  },
  {
    demo: 'cleaners',
    category: 'general_labor',
    region: 'Central',
    title: 'Office cleaners needed in Kasoa (Monday to Saturday)',
    description:
      "We need two reliable cleaners for a client's office block near Kasoa Old Barrier. Duties include sweeping, mopping, cleaning washrooms and emptying bins before staff arrive. Shifts run from 6 am to 10 am, Monday to Saturday, and cleaning materials and uniforms are provided.",
    pay: { jobType: 'hourly', ghs: 18, hours: 96 },
    skills: ['Cleaning', 'Punctuality'],
    startInDays: 3,
    postedDaysAgo: 15,
  },
  {
    demo: 'electrician',
    category: 'skilled_trades',
    region: 'Ashanti',
    title: 'Electrician to rewire a two-storey shop in Adum, Kumasi',
    description:
      'A two-storey shop in Adum, Kumasi needs full rewiring before a new tenant moves in. The job includes a new distribution board, sockets and lighting on both floors, and proper earthing.\nYou must hold an Energy Commission electrical wiring licence. We pay 50% on start and 50% after inspection.',
    pay: { jobType: 'fixed', ghs: 4800 },
    skills: ['Electrical wiring', 'Distribution boards', 'Fault finding', 'Earthing'],
    postedDaysAgo: 20,
  },
  {
    demo: 'loaders',
    category: 'general_labor',
    region: 'Greater Accra',
    title: 'Warehouse loaders for Spintex Road depot',
    description:
      'We needed six strong loaders to offload containers at our Spintex Road depot over one week. The work was physical, with cartons of up to 25 kg. Lunch and transport from Spintex junction were provided. This position has been filled.',
    pay: { jobType: 'hourly', ghs: 20, hours: 30 },
    skills: ['Loading', 'Teamwork'],
    inactive: true,
    postedDaysAgo: 48,
  },

  // Greater Accra
  {
    category: 'skilled_trades',
    region: 'Greater Accra',
    title: 'Tiler for bathroom renovation in East Legon',
    description:
      'We are renovating two bathrooms in a family house at East Legon and need an experienced tiler. Tiles, cement and adhesive are already on site; you bring your own tools.\nThe job covers removing the old tiles, levelling the floors and laying 60x60 porcelain tiles. Please share photos of previous work when you apply.',
    pay: { jobType: 'fixed', ghs: 3200 },
    skills: ['Tiling', 'Waterproofing', 'Floor levelling'],
  },
  {
    category: 'professional',
    region: 'Greater Accra',
    title: 'React developer for fintech dashboard (Airport City, hybrid)',
    description:
      'A payments start-up in Airport City is looking for a contract front-end developer to build the merchant dashboard for its mobile money collections product. You will work with our designer and a Node.js back-end team.\nThree days a week in the office, the rest remote. A portfolio or GitHub link is required.',
    pay: { jobType: 'hourly', ghs: 180, hours: 160 },
    skills: ['React', 'TypeScript', 'REST APIs', 'Git', 'Tailwind CSS'],
  },
  {
    category: 'general_labor',
    region: 'Greater Accra',
    title: 'Night security guard for warehouse on Spintex Road',
    description:
      'We need a disciplined security guard for night shifts (7 pm to 7 am) at a building materials warehouse on Spintex Road. You will patrol the yard, log vehicles in and out and call the supervisor about anything unusual. Previous security experience and a clean police record are required.',
    pay: { jobType: 'hourly', ghs: 12, hours: 84 },
    skills: ['Security', 'Patrolling', 'Report writing'],
  },
  {
    category: 'entertainment',
    region: 'Greater Accra',
    title: 'Saxophonist for wedding cocktail hour in Labone',
    description:
      'Looking for a saxophonist to play highlife and soft jazz during the cocktail hour of our wedding reception in Labone. Two hours of playing, with your own backing tracks and a small speaker.\nThe couple would love a sax version of a classic highlife tune for the entrance.',
    pay: { jobType: 'fixed', ghs: 1800 },
    skills: ['Saxophone', 'Highlife', 'Jazz'],
  },
  {
    category: 'skilled_trades',
    region: 'Greater Accra',
    title: 'Auto mechanic for Toyota fleet servicing at Abossey Okai',
    description:
      'Our delivery company runs twelve Toyota Hiace and Corolla vehicles and needs a mechanic for routine servicing over the next month. Work is done at a partner workshop in Abossey Okai. You should be comfortable with diagnostics tools, brakes and suspension work.',
    pay: { jobType: 'hourly', ghs: 55, hours: 60 },
    skills: ['Auto mechanics', 'Toyota', 'OBD diagnostics', 'Brakes'],
  },
  {
    category: 'professional',
    region: 'Greater Accra',
    title: 'Chartered accountant for annual audit of NGO in Osu',
    description:
      'A small education NGO in Osu needs an external audit of its 2025 financial statements for its donors. The books are kept in QuickBooks and are fully reconciled.\nYou must be a member of ICAG in public practice. Please state your fee basis and expected timeline.',
    pay: { jobType: 'fixed', ghs: 12000 },
    skills: ['Auditing', 'IFRS for SMEs', 'ICAG licence'],
  },
  {
    category: 'skilled_trades',
    region: 'Greater Accra',
    title: 'Fix ceiling fans and faulty sockets in Dansoman flat',
    description:
      'Two ceiling fans have stopped working and three sockets spark when used in a two-bedroom flat in Dansoman. Looking for a careful electrician to diagnose and repair them in one visit. Parts will be reimbursed against receipts.',
    pay: { jobType: 'fixed', ghs: 350 },
    skills: [],
  },

  // Ashanti
  {
    category: 'skilled_trades',
    region: 'Ashanti',
    title: 'Carpenter for kitchen cabinets in Ahodwo, Kumasi',
    description:
      'We need a skilled carpenter to build and fit kitchen cabinets for a new home in Ahodwo, Kumasi. The design is ready: about 4 metres of base and wall units in plywood with laminate finish.\nQuote should cover labour only; we will buy the boards and hardware with you.',
    pay: { jobType: 'fixed', ghs: 6500 },
    skills: ['Carpentry', 'Cabinet making', 'Laminate finishing'],
  },
  {
    category: 'general_labor',
    region: 'Ashanti',
    title: 'Loading crew for goods depot at Suame, Kumasi',
    description:
      'A distribution depot at Suame Magazine needs four loaders to offload and stack bags of cement and rice from trucks. Work starts at 6 am and usually ends by 2 pm. Payment is made weekly by mobile money.',
    pay: { jobType: 'hourly', ghs: 16, hours: 48 },
    skills: ['Loading', 'Stacking'],
  },
  {
    category: 'professional',
    region: 'Ashanti',
    title: 'Mining health and safety consultant in Obuasi',
    description:
      'A mining support contractor in Obuasi needs an experienced HSE consultant to review its safety management system before a client audit. You will inspect two sites, interview supervisors and write a gap report with recommendations.\nMinimum of 8 years in mining HSE. NEBOSH or equivalent is required.',
    pay: { jobType: 'fixed', ghs: 15000 },
    skills: ['Mining HSE', 'NEBOSH', 'Risk assessment', 'Audit reporting'],
  },
  {
    category: 'entertainment',
    region: 'Ashanti',
    title: 'Adowa dance troupe for one-week funeral celebration in Ejisu',
    description:
      'Our family is holding the one-week celebration of our late grandmother in Ejisu and would like an Adowa troupe with drummers to perform in the afternoon. Performance time is about three hours. Costumes in black and red are preferred.',
    pay: { jobType: 'fixed', ghs: 2200 },
    skills: ['Adowa', 'Traditional drumming'],
  },
  {
    category: 'skilled_trades',
    region: 'Ashanti',
    title: 'Welder and fabricator for security gates in Obuasi',
    description:
      'Need a welder to fabricate and install two sliding gates and burglar-proof bars for a house in Obuasi. Materials will be bought together after measurement.\nYou should have your own welding machine and grinder.',
    pay: { jobType: 'hourly', ghs: 40, hours: 32 },
    skills: ['Welding', 'Metal fabrication', 'Gate installation'],
  },

  // Western
  {
    category: 'skilled_trades',
    region: 'Western',
    title: 'Marine diesel mechanic at Takoradi harbour',
    description:
      'A fishing company at Takoradi harbour needs a mechanic to overhaul the diesel engines of two inshore vessels. You will work alongside our engine crew and must be available for early starts when the boats are in.',
    pay: { jobType: 'hourly', ghs: 75, hours: 40 },
    skills: ['Marine diesel engines', 'Engine overhaul', 'Hydraulics'],
  },
  {
    category: 'professional',
    region: 'Western',
    title: 'HSE officer (3-month contract) for oil services firm, Takoradi',
    description:
      'An oil and gas services firm in Takoradi needs an HSE officer for a three-month onshore project. Duties include toolbox talks, permit-to-work checks, incident reporting and weekly HSE statistics.\nBOSIET is an advantage. Candidates based in Sekondi-Takoradi are preferred.',
    pay: { jobType: 'hourly', ghs: 140, hours: 480 },
    skills: ['HSE', 'Permit to work', 'Incident investigation', 'BOSIET'],
  },
  {
    category: 'general_labor',
    region: 'Western',
    title: 'Housekeepers for beachfront guesthouse in Takoradi',
    description:
      'A 14-room guesthouse near Takoradi beach needs two housekeepers for the festive season. You will make up rooms, do laundry and keep the common areas tidy. Meals on duty are provided.',
    pay: { jobType: 'hourly', ghs: 14, hours: 120 },
    skills: ['Housekeeping', 'Laundry'],
    inactive: true,
  },
  {
    category: 'entertainment',
    region: 'Western',
    title: 'Highlife band for company 20th anniversary dinner in Takoradi',
    description:
      'We are celebrating 20 years in business with a dinner for 200 guests at a hotel in Takoradi. We are looking for a live highlife band for four hours, with a mix of classics and contemporary tunes.\nThe band should bring its own PA system and sound engineer.',
    pay: { jobType: 'fixed', ghs: 9000 },
    skills: ['Live band', 'Highlife', 'PA system'],
  },
  {
    category: 'skilled_trades',
    region: 'Western',
    title: 'Heavy-duty truck electrician in Tarkwa',
    description:
      'A haulage company in Tarkwa has three tipper trucks with recurring electrical faults. We need an auto electrician who can trace wiring faults, repair alternators and fix lighting. Work is at our yard near the Tarkwa lorry station.',
    pay: { jobType: 'hourly', ghs: 60, hours: 24 },
    skills: ['Auto electrical', 'Alternators', 'Wiring diagrams'],
  },

  // Eastern
  {
    category: 'skilled_trades',
    region: 'Eastern',
    title: 'Electrician for guesthouse wiring in Koforidua',
    description:
      'We are completing a 10-room guesthouse in Koforidua and need an electrician to install wiring, lighting, sockets and air-conditioner points.\nThe building is at roofing stage and conduits are already laid. Please include an estimate of how many days you need.',
    pay: { jobType: 'fixed', ghs: 4200 },
    skills: ['Electrical wiring', 'Conduit work', 'Air-conditioner points'],
  },
  {
    category: 'general_labor',
    region: 'Eastern',
    title: 'Farm hands for pineapple harvest near Nsawam',
    description:
      'A pineapple farm near Nsawam needs eight farm hands for the harvest season. Work includes harvesting, carrying and loading fruit for the processing plant. Transport from Nsawam town is provided each morning.',
    pay: { jobType: 'hourly', ghs: 13, hours: 48 },
    skills: ['Farm work', 'Harvesting'],
  },
  {
    category: 'professional',
    region: 'Eastern',
    title: 'Office assistant and data entry clerk in Koforidua',
    description:
      "A pharmaceutical distributor's branch office in Koforidua needs an office assistant to capture invoices, manage filing and answer calls. You should be comfortable with Excel and accurate with numbers. SHS certificate required; a diploma is an advantage.",
    pay: { jobType: 'hourly', ghs: 30, hours: 80 },
    skills: ['Data entry', 'Excel', 'Customer service'],
  },
  {
    category: 'entertainment',
    region: 'Eastern',
    title: 'DJ for sunset boat cruise party in Akosombo',
    description:
      'We are organising a sunset boat cruise on the Volta Lake at Akosombo for about 80 guests. We need a DJ with compact, battery-backed equipment to play Afrobeats, highlife and amapiano for three hours on board.',
    pay: { jobType: 'fixed', ghs: 2000 },
    skills: ['DJ', 'Afrobeats', 'Amapiano'],
  },

  // Central
  {
    category: 'professional',
    region: 'Central',
    title: 'Maths and science tutor for WASSCE students in Cape Coast',
    description:
      'A parent group in Cape Coast is looking for a tutor to prepare five SHS 3 students for WASSCE core maths and integrated science. Lessons are on weekday evenings and Saturday mornings.\nUCC students and graduates are welcome to apply.',
    pay: { jobType: 'hourly', ghs: 60, hours: 36 },
    skills: ['Mathematics', 'Integrated science', 'WASSCE preparation'],
  },
  {
    category: 'skilled_trades',
    region: 'Central',
    title: 'Mason for block work in Kasoa Millennium City',
    description:
      'We need two masons for block work on a 4-bedroom house in Kasoa Millennium City. The foundation is done; the job covers walls up to lintel level. Sand, cement and blocks are on site and a labourer will assist.',
    pay: { jobType: 'hourly', ghs: 35, hours: 96 },
    skills: ['Masonry', 'Block laying', 'Reading plans'],
  },
  {
    category: 'entertainment',
    region: 'Central',
    title: 'Cultural drumming and dance troupe for beach resort in Elmina',
    description:
      'A beach resort in Elmina wants a cultural troupe to perform for guests on Saturday evenings during the tourist season. Each show lasts about 90 minutes and should include drumming, dancing and some audience participation.',
    pay: { jobType: 'fixed', ghs: 1500 },
    skills: ['Traditional drumming', 'Cultural dance', 'Audience engagement'],
  },
  {
    category: 'general_labor',
    region: 'Central',
    title: 'Kitchen helper for hotel in Elmina',
    description:
      'A hotel restaurant in Elmina needs a kitchen helper to wash up, prepare vegetables and keep the kitchen clean during lunch and dinner service. Food hygiene certificate is an advantage.',
    pay: { jobType: 'hourly', ghs: 14, hours: 160 },
    skills: ['Food preparation', 'Kitchen hygiene'],
  },

  // Northern
  {
    category: 'skilled_trades',
    region: 'Northern',
    title: 'Solar installer for 5 kW home system in Tamale',
    description:
      'We have bought panels, a 5 kW hybrid inverter and lithium batteries for a home in Tamale (Kalpohin). We need a qualified installer to mount the panels, wire the system and configure the inverter.\nLabour only. Please mention systems you have installed before.',
    pay: { jobType: 'fixed', ghs: 3500 },
    skills: ['Solar PV installation', 'Inverter configuration', 'DC wiring'],
  },
  {
    category: 'professional',
    region: 'Northern',
    title: 'Agronomist for soybean outgrower scheme in Savelugu',
    description:
      'An agribusiness working with 300 soybean farmers around Savelugu needs an agronomist for the season. You will train lead farmers, run demonstration plots and report on yields.\nMotorbike and fuel allowance are provided.',
    pay: { jobType: 'fixed', ghs: 9000 },
    skills: ['Agronomy', 'Farmer training', 'Soybean', 'Dagbani'],
  },
  {
    category: 'general_labor',
    region: 'Northern',
    title: 'Loaders for grain trucks in Tamale',
    description:
      'A grain aggregator in Tamale needs loaders to bag and load maize onto trucks bound for Kumasi and Accra. Work is in the mornings, three to four days a week during the buying season.',
    pay: { jobType: 'hourly', ghs: 15, hours: 40 },
    skills: ['Loading', 'Bagging'],
    inactive: true,
  },
  {
    category: 'entertainment',
    region: 'Northern',
    title: 'Takai dancers and drummers for durbar in Yendi',
    description:
      'We need a Takai dance group with drummers for a community durbar in Yendi. The group will perform twice during the programme, about 40 minutes in total, in full traditional smocks.',
    pay: { jobType: 'fixed', ghs: 1800 },
    skills: ['Takai dance', 'Dagomba drumming'],
  },

  // Upper East
  {
    category: 'skilled_trades',
    region: 'Upper East',
    title: 'Borehole pump repair technician in Bolgatanga',
    description:
      'The submersible pump of a community borehole in Bolgatanga (Zuarungu road) has stopped working. We need a technician to pull the pump, diagnose the fault and repair or replace it. Parts are paid separately.',
    pay: { jobType: 'fixed', ghs: 1200 },
    skills: ['Submersible pumps', 'Borehole maintenance'],
  },
  {
    category: 'professional',
    region: 'Upper East',
    title: 'Health data officer for community clinics in Navrongo',
    description:
      'A health NGO in Navrongo needs a data officer to clean and enter monthly clinic records into DHIS2 and produce simple dashboards for the district team.\nExperience with DHIS2 and Excel is required. Knowledge of Kasem is an advantage.',
    pay: { jobType: 'hourly', ghs: 50, hours: 100 },
    skills: ['DHIS2', 'Excel', 'Data cleaning', 'Kasem'],
  },
  {
    category: 'general_labor',
    region: 'Upper East',
    title: 'Packers for Bolga basket export order',
    description:
      'A crafts exporter in Bolgatanga needs six packers to check, tag and pack 2,000 Bolga baskets for shipment. The work lasts about one week at our warehouse near the central market.',
    pay: { jobType: 'hourly', ghs: 12, hours: 40 },
    skills: ['Packing', 'Quality checks'],
  },

  // Upper West
  {
    category: 'skilled_trades',
    region: 'Upper West',
    title: 'Motorbike mechanic for dispatch riders in Wa',
    description:
      'A delivery business in Wa has ten motorbikes that need servicing and a few engine repairs. We are looking for an experienced mechanic who can work at our yard on weekends.',
    pay: { jobType: 'hourly', ghs: 30, hours: 20 },
    skills: ['Motorbike repair', 'Engine servicing'],
  },
  {
    category: 'professional',
    region: 'Upper West',
    title: 'ICT teacher (one-term contract) for private SHS in Wa',
    description:
      'A private senior high school in Wa needs an ICT teacher to cover one term. You will teach core ICT to SHS 1 and 2 and run the computer lab.\nA degree in computer science or IT and teaching experience are required.',
    pay: { jobType: 'hourly', ghs: 70, hours: 120 },
    skills: ['ICT teaching', 'Microsoft Office', 'Lab management'],
  },
  {
    category: 'entertainment',
    region: 'Upper West',
    title: 'Bilingual MC for Kobine festival evening show in Lawra',
    description:
      'Organisers of an evening concert during the Kobine festival in Lawra need an MC who can host in English and Dagaare. The show runs for about four hours with local musicians and xylophone groups.',
    pay: { jobType: 'fixed', ghs: 1500 },
    skills: ['Event hosting', 'Dagaare', 'English'],
  },

  // Volta
  {
    category: 'skilled_trades',
    region: 'Volta',
    title: 'Painter for church building in Ho',
    description:
      'A church in Ho needs the interior and exterior of its main building repainted before its anniversary. The building is about 600 square metres of wall area.\nScaffolding is available. The quote should cover labour only.',
    pay: { jobType: 'fixed', ghs: 5500 },
    skills: ['Painting', 'Surface preparation', 'Scaffolding'],
  },
  {
    category: 'professional',
    region: 'Volta',
    title: 'Part-time accountant for microfinance office in Ho',
    description:
      'A microfinance company in Ho needs a part-time accountant to prepare monthly management accounts, loan portfolio reports and Bank of Ghana returns. Two days a week at our office near the Ho central market.',
    pay: { jobType: 'hourly', ghs: 85, hours: 64 },
    skills: ['Accounting', 'Loan portfolio reporting', 'Bank of Ghana returns'],
  },
  {
    category: 'general_labor',
    region: 'Volta',
    title: 'Cleaners for beach resort in Keta',
    description:
      'A beach resort in Keta needs three cleaners for weekends and public holidays. Duties include cleaning chalets, the restaurant and the beach front. Accommodation can be arranged for staff from outside Keta.',
    pay: { jobType: 'hourly', ghs: 14, hours: 48 },
    skills: ['Cleaning', 'Housekeeping'],
  },
  {
    category: 'entertainment',
    region: 'Volta',
    title: 'Borborbor group for wedding reception in Hohoe',
    description:
      'We would like a Borborbor band to welcome guests and play during our traditional wedding reception in Hohoe. About three hours of music and dancing.\nThe group should come with its own drums and costumes.',
    pay: { jobType: 'fixed', ghs: 2800 },
    skills: ['Borborbor', 'Traditional drumming', 'Ewe songs'],
  },

  // Bono
  {
    category: 'skilled_trades',
    region: 'Bono',
    title: 'Plumber for hospital staff quarters in Sunyani',
    description:
      'We need a plumber to replace leaking pipes, toilets and taps in eight staff flats near the regional hospital in Sunyani. Work will be done block by block so residents are not disrupted for long.',
    pay: { jobType: 'hourly', ghs: 40, hours: 40 },
    skills: ['Plumbing', 'Leak repair', 'Sanitary fittings'],
  },
  {
    category: 'professional',
    region: 'Bono',
    title: 'Lawyer to review land lease agreements in Sunyani',
    description:
      'A cashew processing company in Sunyani is leasing three plots of stool land and needs a lawyer to review the lease agreements and advise on registration with the Lands Commission. Please state your fee and timeline.',
    pay: { jobType: 'fixed', ghs: 4000 },
    skills: ['Land law', 'Contract review', 'Lands Commission registration'],
  },
  {
    category: 'general_labor',
    region: 'Bono',
    title: 'Cashew bagging crew in Berekum',
    description:
      'A cashew warehouse in Berekum needs ten workers to dry, sort and bag raw cashew nuts. Work runs from 7 am to 3 pm during the season. Payment is weekly by mobile money.',
    pay: { jobType: 'hourly', ghs: 13, hours: 40 },
    skills: ['Sorting', 'Bagging'],
    inactive: true,
  },

  // Bono East
  {
    category: 'skilled_trades',
    region: 'Bono East',
    title: 'Refrigeration technician for cold room in Techiman market',
    description:
      'Our cold room at Techiman market is not holding temperature. We need a refrigeration technician to service the compressor, check for gas leaks and recharge the system.\nThe job should be done on a Sunday when the market is quiet.',
    pay: { jobType: 'fixed', ghs: 2600 },
    skills: ['Refrigeration', 'Compressor servicing', 'Gas charging'],
  },
  {
    category: 'general_labor',
    region: 'Bono East',
    title: 'Night security for yam warehouse in Techiman',
    description:
      'A yam trader in Techiman needs a night watchman for a warehouse on the Kintampo road. Shifts are 6 pm to 6 am, six nights a week. A torch and raincoat are provided.',
    pay: { jobType: 'hourly', ghs: 12, hours: 72 },
    skills: ['Security'],
  },
  {
    category: 'entertainment',
    region: 'Bono East',
    title: 'Sound engineer and DJ for church harvest in Kintampo',
    description:
      'A church in Kintampo needs a sound engineer with a PA system for its annual harvest and thanksgiving service, plus DJ music during the auction. Setup from 7 am; the programme ends around 3 pm.',
    pay: { jobType: 'hourly', ghs: 120, hours: 8 },
    skills: ['Sound engineering', 'PA system', 'Gospel music', 'DJ'],
  },

  // Ahafo
  {
    category: 'skilled_trades',
    region: 'Ahafo',
    title: 'Excavator operator for road works near Kenyasi',
    description:
      'A civil works contractor near Kenyasi needs an experienced excavator operator for a two-month feeder road project. You must hold a valid heavy equipment licence and have at least three years on CAT or Komatsu machines.',
    pay: { jobType: 'hourly', ghs: 80, hours: 320 },
    skills: ['Excavator operation', 'Heavy equipment licence', 'Earthworks'],
  },
  {
    category: 'professional',
    region: 'Ahafo',
    title: 'Bookkeeper for cocoa buying company in Goaso',
    description:
      'A licensed cocoa buying company in Goaso needs a bookkeeper to track purchases from farmers, reconcile cash and MoMo payments and prepare weekly reports for head office in Kumasi.',
    pay: { jobType: 'hourly', ghs: 60, hours: 40 },
    skills: ['Bookkeeping', 'Excel', 'Cash reconciliation'],
  },
  {
    category: 'general_labor',
    region: 'Ahafo',
    title: 'Farm labourers for cocoa farm maintenance in Bechem',
    description:
      'We need labourers to weed, prune and spray a 12-acre cocoa farm near Bechem. Work is in the mornings for about two weeks. Protective equipment is provided for spraying days.',
    pay: { jobType: 'hourly', ghs: 13, hours: 48 },
    skills: ['Farm work', 'Weeding', 'Pruning'],
  },

  // Oti
  {
    category: 'skilled_trades',
    region: 'Oti',
    title: 'Outboard motor mechanic for ferry boats in Dambai',
    description:
      'A boat operator in Dambai needs a mechanic to service and repair the outboard motors of three passenger boats on the Volta Lake. Yamaha experience is preferred.',
    pay: { jobType: 'hourly', ghs: 45, hours: 24 },
    skills: ['Outboard motors', 'Yamaha engines', 'Engine repair'],
  },
  {
    category: 'professional',
    region: 'Oti',
    title: 'Weekend locum nurse for private clinic in Nkwanta',
    description:
      'A private clinic in Nkwanta needs a registered nurse to cover weekend shifts for two months. You will triage patients, administer medication and keep records.\nValid NMC registration is required.',
    pay: { jobType: 'hourly', ghs: 65, hours: 48 },
    skills: ['Nursing', 'Triage', 'NMC registration'],
  },
  {
    category: 'general_labor',
    region: 'Oti',
    title: 'Cook and kitchen assistants for school feeding in Jasikan',
    description:
      'A school feeding caterer in Jasikan needs two kitchen assistants to help prepare lunch for 400 pupils each weekday. Work starts at 6 am and ends after serving.',
    pay: { jobType: 'hourly', ghs: 12, hours: 100 },
    skills: ['Cooking', 'Food hygiene'],
    inactive: true,
  },

  // Savannah
  {
    category: 'skilled_trades',
    region: 'Savannah',
    title: 'Carpenters for roofing of classroom block in Damongo',
    description:
      'A community school project in Damongo needs two carpenters to build the roof structure and fix aluminium roofing sheets on a three-classroom block. Timber and sheets are on site.',
    pay: { jobType: 'fixed', ghs: 7500 },
    skills: ['Carpentry', 'Roofing', 'Aluminium sheets'],
  },
  {
    category: 'general_labor',
    region: 'Savannah',
    title: 'Camp helpers for safari lodge near Mole National Park',
    description:
      'A safari lodge near Damongo and Mole National Park needs camp helpers for the dry season. Duties include cleaning rooms, serving meals and helping with laundry. Accommodation is provided.',
    pay: { jobType: 'hourly', ghs: 14, hours: 160 },
    skills: ['Housekeeping', 'Serving', 'Hospitality'],
  },
  {
    category: 'professional',
    region: 'Savannah',
    title: 'French-speaking tour guide for Mole and Larabanga',
    description:
      'A tour operator needs a guide for groups of French-speaking visitors to Mole National Park and the Larabanga mosque. Each tour lasts two days, starting from Damongo.\nYou should speak fluent French and English and know the history of the area.',
    pay: { jobType: 'hourly', ghs: 55, hours: 16 },
    skills: ['Tour guiding', 'French', 'English', 'Local history'],
  },

  // North East
  {
    category: 'skilled_trades',
    region: 'North East',
    title: 'Aluminium window fabricator in Nalerigu',
    description:
      'We need aluminium sliding windows and mosquito nets fabricated and installed for a six-room house in Nalerigu. Measurements are ready. Quote should include labour and transport of materials from Tamale.',
    pay: { jobType: 'fixed', ghs: 3800 },
    skills: ['Aluminium fabrication', 'Window installation'],
  },
  {
    category: 'professional',
    region: 'North East',
    title: 'Pharmacy technician (locum) for community pharmacy in Nalerigu',
    description:
      'A community pharmacy in Nalerigu needs a locum pharmacy technician for four weeks while a staff member is on leave. You will dispense under supervision and manage stock records.',
    pay: { jobType: 'hourly', ghs: 60, hours: 160 },
    skills: ['Dispensing', 'Stock management', 'Pharmacy Council registration'],
  },
  {
    category: 'general_labor',
    region: 'North East',
    title: 'Shea nut sorters for women cooperative in Walewale',
    description:
      'A shea butter cooperative in Walewale needs extra hands to sort and wash shea nuts before processing. Work is from 7 am to noon for three weeks. Lunch is provided.',
    pay: { jobType: 'hourly', ghs: 12, hours: 75 },
    skills: [],
  },

  // Western North
  {
    category: 'skilled_trades',
    region: 'Western North',
    title: 'Chainsaw and small engine mechanic in Sefwi Wiawso',
    description:
      'A timber and farming business in Sefwi Wiawso needs a mechanic to service chainsaws, mist blowers and a small generator. Work is at our premises over two days.',
    pay: { jobType: 'hourly', ghs: 35, hours: 16 },
    skills: ['Chainsaw repair', 'Small engines', 'Generators'],
  },
  {
    category: 'professional',
    region: 'Western North',
    title: 'Licensed surveyor for land demarcation in Bibiani',
    description:
      'We need a licensed surveyor to demarcate and prepare site plans for four plots in Bibiani. The plots are already allocated by the family head.\nThe site plans must be acceptable to the Lands Commission.',
    pay: { jobType: 'fixed', ghs: 5000 },
    skills: ['Land surveying', 'Site plans', 'GPS equipment'],
  },
  {
    category: 'entertainment',
    region: 'Western North',
    title: 'Gospel band for church anniversary in Sefwi Wiawso',
    description:
      'A church in Sefwi Wiawso is celebrating its 25th anniversary and needs a live gospel band for the thanksgiving service and an evening praise night. Both sessions are on the same day.',
    pay: { jobType: 'fixed', ghs: 3500 },
    skills: ['Live band', 'Gospel music', 'Praise and worship'],
  },
];

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

export const ARTISTS: ArtistSeed[] = [
  DEMO_ARTIST,
  {
    person: { phone: '+233245610384', first: 'Kofi', last: 'Asamoah', region: 'Ashanti' },
    stageName: 'Kofi Palmwine',
    bio: 'Guitarist and singer keeping palmwine and highlife music alive in Kumasi. Perfect for cocktail hours and outdoor receptions.',
    types: ['Musician'],
    hourly: 300,
    event: 3500,
    reviewStars: [5, 4, 5, 4, 5, 4, 5, 5],
    images: ['guitar'],
  },
  {
    person: { phone: '+233502741936', first: 'Esinam', last: 'Dzokoto', region: 'Volta' },
    stageName: 'Esinam Praise',
    bio: 'Gospel vocalist from Ho singing in Ewe, Twi and English. Available for church programmes, weddings and thanksgiving services.',
    types: ['Musician'],
    hourly: 200,
    event: 2500,
    reviewStars: [5, 4, 5, 5, 5],
    images: ['microphone'],
  },
  {
    person: { phone: '+233266183045', first: 'Nii Armah', last: 'Tetteh', region: 'Greater Accra' },
    stageName: 'Nii Tickles',
    bio: 'Stand-up comedian and event host with a sharp Ga-English humour. Regular at Accra comedy nights and corporate dinners.',
    types: ['Comedian', 'MC'],
    hourly: 400,
    event: 4000,
    reviewStars: [5, 4, 5, 4, 5, 4, 5, 4, 4, 4],
    images: ['microphone', 'stage-lights'],
  },
  {
    person: { phone: '+233548320971', first: 'Abena', last: 'Pokuaa', region: 'Ashanti' },
    stageName: 'Adowa Queens',
    bio: 'A troupe of eight Adowa and Kete dancers with their own drummers. We bring grace and colour to funerals, festivals and weddings across Ashanti.',
    types: ['Dancer'],
    hourly: 200,
    event: 2200,
    reviewStars: [5, 4, 5, 5, 5, 5, 5],
    images: ['dancer', 'kente'],
  },
  {
    person: { phone: '+233272518604', first: 'Kwesi', last: 'Eshun', region: 'Central' },
    stageName: 'Cape Vibes Band',
    bio: 'Six-piece live band from Cape Coast playing highlife, Afro-jazz and reggae. We come with our own PA and sound engineer.',
    types: ['Band', 'Musician'],
    event: 8500,
    reviewStars: [5, 4, 5, 4],
    images: ['drums', 'guitar', 'stage-lights'],
  },
  {
    person: { phone: '+233249075318', first: 'Ibrahim', last: 'Fuseini', region: 'Northern' },
    stageName: 'DJ Sahel',
    bio: 'Tamale DJ mixing Afrobeats, hiplife and northern Simpa beats for weddings and school events.',
    types: ['DJ'],
    hourly: 180,
    event: 1800,
    reviewStars: [5, 4, 5, 4, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233207394162', first: 'Mawuli', last: 'Agbenyo', region: 'Volta' },
    stageName: 'MC Mawuli',
    bio: 'Bilingual MC (Ewe and English) for weddings, funerals and durbars in Ho and the Volta Region.',
    types: ['MC'],
    hourly: 150,
    event: 1500,
    reviewStars: [4, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233563086247', first: 'Akosua', last: 'Fosuah', region: 'Eastern' },
    stageName: 'Akos Soul',
    bio: 'Neo-soul and highlife singer based in Koforidua. I perform with backing tracks or with a guitarist for intimate events.',
    types: ['Musician'],
    hourly: 250,
    event: 2800,
    reviewStars: [5, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233268514390', first: 'Samuel', last: 'Takyi', region: 'Bono' },
    stageName: 'Sammy Laughs',
    bio: 'Sunyani comedian known for clean family-friendly jokes in Twi and English.',
    types: ['Comedian'],
    event: 1500,
    reviewStars: [4, 3, 4, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233234917025', first: 'Daniel', last: 'Aidoo', region: 'Western' },
    stageName: 'Sekondi Brass Ensemble',
    bio: 'A twelve-member brass band from Sekondi playing highlife, hymns and marching tunes. Funerals, church anniversaries and street processions.',
    types: ['Band'],
    hourly: 600,
    event: 6000,
    reviewStars: [5, 4, 5, 4, 5],
    images: ['drums'],
  },
  {
    person: { phone: '+233596241873', first: 'Fatima', last: 'Issah', region: 'Upper East' },
    stageName: 'Fati Moves',
    bio: 'Afro-dance choreographer from Bolgatanga teaching and performing at weddings and school events.',
    types: ['Dancer'],
    hourly: 120,
    event: 1200,
    reviewStars: [],
    images: [],
  },
  {
    person: { phone: '+233240538716', first: 'Prosper', last: 'Kuma', region: 'Bono East' },
    stageName: 'DJ Prosper',
    bio: 'Techiman party DJ with a full sound system and lights for outdoor events of up to 1,000 people.',
    types: ['DJ'],
    hourly: 150,
    event: 1600,
    reviewStars: [5, 4, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233508163429', first: 'Yussif', last: 'Bawa', region: 'Upper West' },
    stageName: 'Gyil Masters of Wa',
    bio: 'Traditional gyil (xylophone) ensemble from Wa with singers and drummers. We play festivals, funerals and cultural showcases.',
    types: ['Band', 'Musician'],
    event: 4500,
    reviewStars: [5, 4, 5, 5],
    images: ['drums', 'kente'],
  },
  {
    person: { phone: '+233277903154', first: 'Emmanuel', last: 'Ansah', region: 'Ashanti' },
    stageName: 'DJ Goldtown',
    bio: 'Obuasi DJ playing Afrobeats, dancehall and gospel mixes for parties, church events and funerals.',
    types: ['DJ'],
    hourly: 200,
    event: 2500,
    reviewStars: [4, 3, 4, 3, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233542786013', first: 'Linda', last: 'Ofosu', region: 'Greater Accra' },
    stageName: 'MC Lindy',
    bio: 'Polished corporate host and wedding MC. Comfortable in English, Twi and Ga, and great with a timed programme.',
    types: ['MC'],
    hourly: 350,
    event: 3500,
    reviewStars: [5, 4, 5, 4, 5, 5],
    images: ['microphone'],
  },
  {
    person: { phone: '+233209457381', first: 'Kwaku', last: 'Boadu', region: 'Greater Accra' },
    stageName: 'Madina Azonto Crew',
    bio: 'High-energy Afro-dance crew from Madina doing azonto, amapiano and choreographed entrances for weddings and launches.',
    types: ['Dancer'],
    hourly: 180,
    event: 2000,
    reviewStars: [5, 4, 5, 4],
    images: [],
  },
  {
    person: {
      phone: '+233246209873',
      first: 'Richard',
      last: 'Owusu-Sekyere',
      region: 'Ahafo',
    },
    stageName: 'Richie Keys',
    bio: 'Keyboardist from Goaso available for church services, weddings and studio sessions.',
    types: ['Musician'],
    hourly: 200,
    reviewStars: [],
    images: [],
  },
  {
    person: { phone: '+233567318024', first: 'Salifu', last: 'Abdulai', region: 'Savannah' },
    stageName: 'Damongo Lunsi Drummers',
    bio: 'Lunsi talking-drum group and dancers from Damongo, performing Gonja praise songs and festival dances.',
    types: ['Band', 'Dancer'],
    event: 3000,
    reviewStars: [5, 4, 5, 4, 5],
    images: ['drums', 'dancer'],
  },
  {
    person: { phone: '+233265741208', first: 'Eunice', last: 'Amoako', region: 'Central' },
    stageName: 'Auntie Eunice',
    bio: 'Kasoa-based comedian whose market-woman characters have audiences in stitches. Great for end-of-year parties.',
    types: ['Comedian'],
    hourly: 300,
    event: 2500,
    reviewStars: [5, 4, 5, 4, 4, 4, 4, 4, 4, 4],
    images: [],
  },
  {
    person: { phone: '+233509632147', first: 'Bright', last: 'Osei', region: 'Western North' },
    stageName: 'DJ Bright Lights',
    bio: 'DJ and MC from Sefwi Wiawso covering parties, naming ceremonies and school functions in Western North.',
    types: ['DJ', 'MC'],
    hourly: 120,
    event: 1200,
    reviewStars: [4, 3, 4, 3, 4, 3, 4],
    images: [],
  },
  {
    person: { phone: '+233238105496', first: 'Gideon', last: 'Amenyo', region: 'Oti' },
    stageName: 'Gidi the Jester',
    bio: 'Comedian and host from Dambai who keeps the crowd laughing between acts.',
    types: ['Comedian', 'MC'],
    hourly: 150,
    event: 1300,
    reviewStars: [],
    images: [],
  },
  {
    person: { phone: '+233594107386', first: 'Adjoa', last: 'Mensimah', region: 'Eastern' },
    stageName: 'Adjoa Gospel Voice',
    bio: 'Contemporary gospel singer from Nkawkaw. I minister at church programmes, weddings and memorial services.',
    types: ['Musician'],
    hourly: 220,
    event: 2000,
    reviewStars: [5, 4, 5, 5, 5, 5, 5, 5, 5],
    images: ['microphone', 'kente'],
  },
  {
    person: { phone: '+233247862015', first: 'Joseph', last: 'Adongo', region: 'Upper East' },
    stageName: 'Frafra Beats',
    bio: 'Musicians and dancers from Bolgatanga blending kologo, drums and modern beats. We perform as a full band or as a dance group.',
    types: ['Musician', 'Band', 'Dancer'],
    hourly: 250,
    event: 3200,
    reviewStars: [5, 4, 5, 4, 5, 4, 4],
    images: ['drums', 'kente', 'dancer'],
  },
  {
    person: {
      phone: '+233205418639',
      first: 'Abdul-Karim',
      last: 'Mahamudu',
      region: 'North East',
    },
    stageName: 'DJ Karim',
    bio: 'Nalerigu DJ available for weddings, birthdays and community programmes.',
    types: ['DJ'],
    hourly: 100,
    reviewStars: [4, 3, 4],
    images: [],
  },
  {
    person: { phone: '+233543970862', first: 'Nana Akua', last: 'Addo', region: 'Ashanti' },
    stageName: 'Akua Afrobeats Dance Co.',
    bio: 'Kumasi dance company and event hosts. Choreographed shows, dance-offs and crowd hype for launches and weddings.',
    types: ['Dancer', 'MC'],
    hourly: 250,
    event: 2800,
    reviewStars: [5, 4, 5, 4, 5, 4, 5, 5],
    images: ['dancer', 'stage-lights'],
  },
  {
    person: { phone: '+233200864531', first: 'Michael', last: 'Tetteh', region: 'Greater Accra' },
    stageName: 'The Highlife Collective',
    bio: 'A nine-piece Accra band playing classic and new highlife with horns. Weddings, embassy receptions and corporate galas.',
    types: ['Band'],
    hourly: 800,
    event: 12000,
    reviewStars: [5, 5, 5, 5, 5],
    images: ['guitar', 'drums', 'stage-lights'],
  },
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
