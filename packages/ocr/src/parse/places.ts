// Place names and address words of the regions the product reads invoices and receipts from (Malaysia,
// Egypt, the Gulf), in Latin letters. An address word the engine misread by one letter of a shape it
// confuses ("FETALING", "Danansara", "PERBANDARAN" read "FERBANDARAN") is put back when exactly one such
// word is that close; the list also tells the word-by-word merge of two readings (`merge.ts`) which
// reading is a real word. The English word list (`engine/lexicon.ts`) lacks most of these names.

const WORDS = `
malaysia selangor darul ehsan kuala lumpur wilayah persekutuan putrajaya labuan johor bahru takzim
kedah aman kelantan naim melaka malacca negeri sembilan khusus pahang makmur perak ridzuan perlis indera
kayangan penang pinang sabah sarawak terengganu iman
petaling jaya subang shah alam klang puchong cheras kajang ampang bangsar damansara kepong setapak
rawang semenyih seremban ipoh kuching kinabalu sandakan tawau miri sibu bintulu alor setar sungai
petani kangar kota bharu kuantan temerloh bentong genting highlands seri serdang kembangan balakong
bangi cyberjaya sepang nilai banting kapar meru setia gombak selayang batu caves sentul titiwangsa
kampung baru bukit bintang chow kit pudu sri hartamas mont kiara desa parkcity segambut jalil
petaling utama mutiara tropicana ara kelana sunway usj bandar baru uptown glenmarie hicom
kemuning rimau botanic pandan indah melawati wangsa maju keramat setiawangsa taman tun dr ismail
permas masai skudai pasir gudang kulai pontian muar batu pahat kluang segamat tebrau larkin nusajaya
iskandar puteri ulu tiram senai butterworth bayan lepas georgetown jelutong gelugor perai bertam
kulim sungai jitra langkawi kamunting taiping teluk intan sitiawan manjung lumut tanjung malim
rompin pekan raub cameron jerantut kemaman dungun besut marang pasir mas tumpat machang
melaka alor gajah jasin ayer keroh masjid tanah nilai senawang rembau tampin port dickson
jalan jln lorong persiaran lebuh lebuhraya lingkaran lengkok medan pusat perniagaan perindustrian
kawasan industri seksyen kompleks wisma menara bangunan tingkat aras plaza pangsapuri apartment
kondominium residensi dataran laman pinggiran cahaya damai indah jaya utara selatan timur barat
tengah lama baharu besar kecil mall galleria avenue square centre center court block blok unit
floor level ground basement mezzanine suite building tower street road lane drive crescent
boulevard highway district village garden gardens heights park industrial commercial business
estate complex shoplot lapangan terbang terminal stesen station hospital universiti university
perbandaran majlis daerah mukim
egypt cairo giza alexandria nasr heliopolis maadi zamalek mohandessin dokki agouza shubra abbassia
mokattam helwan tagamoa rehab madinaty shorouk obour badr october sheikh zayed ismailia suez port
said damietta mansoura tanta zagazig mahalla banha menoufia gharbia sharqia dakahlia beheira
kafr fayoum minya assiut sohag qena luxor aswan hurghada sharm matrouh arish
emirates dubai abu dhabi sharjah ajman fujairah khaimah umm quwain deira bur jumeirah karama
barsha qusais mirdif jebel khalifa mussafah
saudi arabia riyadh jeddah mecca makkah medina madinah dammam khobar dhahran jubail taif tabuk
abha khamis mushait buraidah hail najran jazan yanbu qassim olaya malaz sulaimaniyah
qatar doha lusail wakrah rayyan kuwait salmiya hawalli farwaniya jahra ahmadi bahrain manama
muharraq riffa oman muscat seeb sohar salalah nizwa ruwi qurum
`;

/** The place and address words, lower case. */
export const placeWords: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter(Boolean));

/**
 * Letters the engines confuse with each other in print: a substitution between two letters of one pair is
 * a likely misread, any other is not.
 */
const CONFUSED = new Set(
  [
    'pf',
    'fe',
    'mn',
    'nh',
    'hb',
    'il',
    'lt',
    'it',
    'ij',
    'od',
    'oq',
    'oc',
    'ce',
    'cg',
    'uv',
    'nu',
    'rn',
    'gp',
    'gq',
    'gy',
    'ou',
  ].flatMap((p) => [p, `${p[1]}${p[0]}`]),
);
/** Letters so thin that the engine drops them ("Foor" for "Floor"). */
const THIN = new Set(['i', 'l', 't', 'f', 'r', 'j']);

/**
 * Whether `read` is `word` with one letter misread as a confusable one, or one thin letter dropped
 * (narrower than the company-name words' test in `extract.ts`, which takes any one letter: place words
 * are shorter and have closer neighbours).
 */
export function confusableMisread(read: string, word: string): boolean {
  if (read.length === word.length) {
    let diff = -1;
    for (let i = 0; i < read.length; i++) {
      if (read[i] === word[i]) continue;
      if (diff >= 0) return false;
      diff = i;
    }
    return diff >= 0 && CONFUSED.has(`${read[diff]}${word[diff]}`);
  }
  if (read.length + 1 !== word.length) return false;
  let i = 0;
  while (i < read.length && read[i] === word[i]) i++;
  return THIN.has(word[i] as string) && read.slice(i) === word.slice(i + 1);
}

/** Words of at least this many letters are put back; shorter ones have too many close neighbours. */
const MIN_LETTERS = 5;

/** `word` in the case of `like`: all capitals, capitalised, or lower case. */
export function inCaseOf(word: string, like: string): string {
  if (like === like.toUpperCase()) return word.toUpperCase();
  if (like[0] === like[0]?.toUpperCase()) return (word[0] as string).toUpperCase() + word.slice(1);
  return word;
}

const byLength = new Map<number, string[]>();
for (const w of placeWords) {
  const same = byLength.get(w.length);
  if (same) same.push(w);
  else byLength.set(w.length, [w]);
}

/**
 * The place or address word a run of letters is a one-letter misread of, when exactly one is; null when
 * it is itself such a word, too short, or close to none or to several.
 */
export function placeWordFor(read: string, known: (word: string) => boolean): string | null {
  const lower = read.toLowerCase();
  if (lower.length < MIN_LETTERS || placeWords.has(lower) || !/^[a-z]+$/.test(lower)) return null;
  // A word of the language is read as printed: "LOWER GROUND FLOOR" is not "TOWER".
  if (known(lower)) return null;
  const near = [...(byLength.get(lower.length) ?? []), ...(byLength.get(lower.length + 1) ?? [])].filter(
    (w) => confusableMisread(lower, w),
  );
  return near.length === 1 ? inCaseOf(near[0] as string, read) : null;
}

/**
 * Puts back the place and address words of a Latin address that the engine misread by one letter;
 * `known` tells the words of the language (the English word list), which are left as read.
 */
export function fixPlaceWords(address: string, known: (word: string) => boolean): string {
  return address.replace(
    /(?<![\p{L}\p{N}])\p{L}+(?![\p{L}\p{N}])/gu,
    (run) => placeWordFor(run, known) ?? run,
  );
}
