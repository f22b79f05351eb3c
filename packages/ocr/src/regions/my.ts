// Malaysia: the receipts of the SROIE collection are Malaysian.
import type { RegionConventions } from './types.js';

export const malaysia: RegionConventions = {
  code: 'MY',
  country: 'Malaysia',
  countryNames: ['Malaysia', 'ماليزيا'],
  callingCode: '60',
  currency: { code: 'MYR', decimals: 2, adjective: 'ماليزي' },
  places: `
malaysia selangor darul ehsan kuala lumpur wilayah persekutuan putrajaya labuan johor bahru takzim
kedah aman kelantan naim melaka malacca negeri sembilan khusus pahang makmur perak ridzuan perlis
indera kayangan penang pinang sabah sarawak terengganu iman petaling jaya subang shah alam klang
puchong cheras kajang ampang bangsar damansara kepong setapak rawang semenyih seremban ipoh kuching
kinabalu sandakan tawau miri sibu bintulu alor setar sungai petani kangar kota bharu kuantan
temerloh bentong genting highlands seri serdang kembangan balakong bangi cyberjaya sepang nilai
banting kapar meru setia gombak selayang batu caves sentul titiwangsa kampung baru bukit bintang
chow kit pudu sri hartamas mont kiara desa parkcity segambut jalil petaling utama mutiara tropicana
ara kelana sunway usj bandar baru uptown glenmarie hicom kemuning rimau botanic pandan indah
melawati wangsa maju keramat setiawangsa taman tun dr ismail permas masai skudai pasir gudang kulai
pontian muar batu pahat kluang segamat tebrau larkin nusajaya iskandar puteri ulu tiram senai
butterworth bayan lepas georgetown jelutong gelugor perai bertam kulim sungai jitra langkawi
kamunting taiping teluk intan sitiawan manjung lumut tanjung malim rompin pekan raub cameron
jerantut kemaman dungun besut marang pasir mas tumpat machang melaka alor gajah jasin ayer keroh
masjid tanah nilai senawang rembau tampin port dickson jalan jln lorong persiaran lebuh lebuhraya
lingkaran lengkok medan pusat perniagaan perindustrian kawasan industri seksyen kompleks wisma
menara bangunan tingkat aras plaza pangsapuri kondominium residensi dataran laman pinggiran cahaya
damai indah jaya utara selatan timur barat tengah lama baharu besar kecil blok shoplot lapangan
terbang stesen universiti perbandaran majlis daerah mukim
`,
  placeMisread: { read: 'SEREMBAM', meant: 'SEREMBAN' },
  legalForms: [
    {
      form: 'Sdn Bhd',
      meaning: 'Sendirian Berhad, a private limited company',
      pattern: /\bsdn\.?\s*bhd\b/i,
      example: 'KILANG BATIK SEMANGAT SDN. BHD.',
    },
    {
      form: 'Bhd',
      meaning: 'Berhad, a public limited company',
      pattern: /\bbhd\b/i,
      example: 'Syarikat Contoh Bhd',
    },
    { form: 'S/B', meaning: 'Sdn Bhd abbreviated', pattern: /\bs\/b\b/i, example: 'MAJU JAYA S/B' },
  ],
  businessWords: [
    {
      form: 'Restoran',
      meaning: 'restaurant',
      pattern: /\brestoran\b/i,
      example: 'Restoran Nasi Kandar Pelita',
    },
    { form: 'Farmasi', meaning: 'pharmacy', pattern: /\bfarmasi\b/i, example: 'FARMASI SEJAHTERA' },
    {
      form: 'Perniagaan',
      meaning: 'trading (a sole trader)',
      pattern: /\bperniagaan\b/i,
      example: 'PERNIAGAAN AH KOW',
    },
    {
      form: 'Syarikat',
      meaning: 'company',
      pattern: /\bsyarikat\b/i,
      example: 'Syarikat Pengangkutan Bintang',
    },
    { form: 'Kedai', meaning: 'shop', pattern: /\bkedai\b/i, example: 'KEDAI RUNCIT MESRA' },
  ],
  nameWords: ['perniagaan', 'restoran', 'syarikat', 'sdn', 'bhd'],
  addressWords: [
    { word: 'Jalan', meaning: 'road', pattern: /\bjalan\b/i, example: 'Jalan Mawar Merah' },
    { word: 'Jln', meaning: 'Jalan abbreviated', pattern: /\bjln\b/i, example: 'Jln Kenanga Indah' },
    { word: 'Lorong', meaning: 'lane', pattern: /\blorong\b/i, example: 'Lorong Sentosa Dua' },
    { word: 'Taman', meaning: 'housing estate', pattern: /\btaman\b/i, example: 'Taman Sri Muda' },
  ],
  taxIds: [
    {
      name: 'SST registration number',
      description: 'a letter, 2 digits, 4 digits and 8 digits joined by hyphens',
      pattern: /^[A-Z]\d{2}-\d{4}-\d{8}$/,
      example: 'B16-1809-22000123',
      counterexample: '001234567890',
    },
    {
      name: 'GST registration number (2015-2018)',
      description: '12 digits',
      pattern: /^\d{12}$/,
      example: '000987654321',
      counterexample: 'B16-1809-22000123',
    },
    {
      name: 'company number (before 2019)',
      description: 'up to 7 digits, a hyphen and a check letter',
      pattern: /^\d{1,7}-[A-Z]$/,
      example: '654321-K',
      counterexample: '201901000123',
    },
  ],
  nameConfusions: [
    {
      description: 'the "SDN" of "SDN BHD" read as SUN, Sin, SC\': a short S-word before BHD is always SDN',
      pattern: /\bS[DUIOCE0][NMHI:'’.,]{0,2}(?=\s+bhd\b)/gi,
      replacement: (w) => {
        if (/^sdn\.?$/i.test(w)) return w;
        return w[1] && w[1] === w[1].toLowerCase() && /\p{L}/u.test(w[1]) ? 'Sdn' : 'SDN';
      },
      read: 'MESRA NIAGA SUN BHD',
      meant: 'MESRA NIAGA SDN BHD',
    },
  ],
  addressConfusions: [
    {
      description:
        'the section codes of Petaling Jaya and Subang ("SS2/3") with the S of SS read as "$" and the second S as 5',
      pattern: /(?<=^|[\s,(])[$§]5(?=\d{1,2}\/\d)/g,
      replacement: 'SS',
      read: 'JLN $52/3',
      meant: 'JLN SS2/3',
    },
    {
      description:
        'an SS section code after Jalan with its S read as 9, 8, 5 or "$": streets are not numbered in the thousands',
      pattern: /(?<=\b(?:jalan|jln)\s+)(?!SS)[985$§S]{2}(?=\d{2}\/\d)/gi,
      replacement: 'SS',
      read: 'JALAN 8817/2',
      meant: 'JALAN SS17/2',
    },
    {
      description:
        "Kuala Lumpur's postcodes all start with 5 (50000-60000): a 9 in their place is a misread 5",
      pattern: /(?<!\d)9(\d{4})(?=[\s,.]+kuala\s*lumpur\b)/gi,
      replacement: '5$1',
      read: '98100 Kuala Lumpur',
      meant: '58100 Kuala Lumpur',
    },
  ],
};
