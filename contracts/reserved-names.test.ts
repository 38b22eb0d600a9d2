import { describe, expect, test } from 'vitest';
import { impersonates } from './reserved-names.ts';

/** Names that pass for the platform, a network, mobile money or Paystack, however spelled. */
const REFUSED: string[] = [
  // Found by the third outside probe (issue 23).
  'Gh\u0430na Gigs', // Cyrillic а
  'G h a n a G i g s',
  'GHANA GIG$',
  'Ghana Gigs Support',
  // The platform, every other way.
  'Ghana Gigs',
  'ghanagigs',
  'GhanaGigs Official',
  'Ghana-Gigs recruitment',
  'Gh4n4 G1gs',
  'GHANA GlGS',
  'Ghaana Giggs',
  'Ｇｈａｎａ Ｇｉｇｓ', // fullwidth
  'G.h.a.n.a. G.i.g.s',
  '\u0262hana \u0262igs', // Latin small capital ɢ
  'Gh\u03b1n\u03b1 Gigs', // Greek α
  // Networks, mobile money and the payment provider.
  'MTN',
  'M T N',
  'M.T.N',
  'mtn',
  '\u041CTN', // Cyrillic М
  '\u039C\u03A4\u039D', // Greek ΜΤΝ
  'MTN Mobile Money',
  'MTNMoMo',
  'MTNMOMO',
  'MoMo',
  'M0M0',
  'Mo Mo',
  'MoMo Support',
  'Momo Agent',
  'Mobile Money Services',
  'Telecel',
  'TELECELL',
  'T3l3c3l',
  'Telecel Cash Official',
  'AirtelTigo',
  'Airtel Tigo',
  'A1rtelT1go',
  'Paystack',
  'PAY STACK',
  'Payst@ck',
  'Paystak',
  'Ghana Gigz',
  'Telekel',
  '\u24c2\u24c9\u24c3', // circled letters
  'M-T-N Official',
  '\u2c98\u2ca6\u2c9a', // Coptic ⲘⲦⲚ
  '\ua4df\ua4d4\ua4e0', // Lisu ꓟꓔꓠ
  '\u13b7\u13a2N', // Cherokee Ꮇ Ꭲ and a Latin N
  'Ghana Gig',
  'Gana Gigs',
  // Support, Admin and Official beside a brand, or an older network name.
  'Vodafone Support',
  'Support Vodafone',
  'Airtel Admin',
  'Tigo Official',
  'Gigs Support',
  'Admin Gigs',
  'MomoSupport',
  'Vodafone-Admin',
  'S u p p o r t Vodafone',
];

/**
 * Ordinary names of people and businesses in Ghana, among them some near the reserved words:
 * none may be refused.
 */
const PASSED: string[] = [
  'Kofi',
  'Ama',
  'Kwame Mensah',
  'Akosua Boateng',
  'Yaw Owusu',
  'Efua Asante',
  'Kwabena Agyemang',
  'Adwoa Asantewaa',
  'Esi Ofori',
  'Kojo Antwi',
  'Abena Darko',
  'Nana Yaa Amankwah',
  'Kwesi Appiah',
  'Afua Sarpong',
  'Yaa Asantewaa',
  'Akua Nkansah',
  'Kwadwo Osei',
  'Ekow Quaye',
  'Naa Adjeley Tetteh',
  'Nii Armah Lamptey',
  'Selorm Agbeko',
  'Edem Kofi Dzokoto',
  'Mawuli Amegashie',
  'Dzifa Gbeho',
  'Abdul-Rahman Mahama',
  'Fatima Iddrisu',
  'Alhassan Mohammed',
  'Ibrahim Abdulai',
  'Mensah',
  'Momoh Sule',
  'Mtumwa Salim',
  'Amtanko',
  'Kofi Admin',
  'Admin',
  'Customer Support',
  'Official Kojo',
  'Ghana Water Ventures',
  'Gigs and Gags Entertainment',
  'Tema Gig Band',
  'Osei Tutu Motors',
  'Airtel Lane Provisions',
  'Vodafone Street Chop Bar',
  'Tigo Mensah',
  'Paystone Enterprise',
  'Telemedicine Ghana',
  'Mobile Phone Repairs',
  'Money Matters Consult',
  'Mo Salah',
  'Ɛsi Ɔfori',
  'Kwame Nkrumah Circle Traders',
  "O'Neil Tetteh",
  'DJ Kasa',
  'Sarkodie',
  'Stonebwoy',
  'Zakaria Mohammed',
  'Ghana Gilgal Church',
  'Ghana Gigantic Ventures',
  'Cecilia Kuffour',
  'Akwasi Telek',
];

describe('refused', () => {
  for (const name of REFUSED) {
    test(name, () => {
      expect(impersonates(name)).toBe(true);
    });
  }
});

describe('passed', () => {
  for (const name of PASSED) {
    test(name, () => {
      expect(impersonates(name)).toBe(false);
    });
  }
});
