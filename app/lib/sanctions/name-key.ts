/**
 * The key two names are compared by (decision 085): the same for a list name and an inquiry's name,
 * so that order, diacritics, case, punctuation, titles, legal forms and common transliteration
 * variants do not make two spellings of one name differ. Trigram similarity then measures the rest.
 */

/** Cyrillic letters in a plain Latin transliteration, after which the variant folding below applies. */
const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ї: "i",
  є: "ye",
  ґ: "g",
  ў: "u",
};

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_SPECIAL: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
  ŋ: "n",
  ħ: "h",
};

/** Words that say what a party is, not which: titles and legal forms. */
const IGNORED_WORDS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "dr",
  "sir",
  "the",
  "and",
  "of",
  "ltd",
  "limited",
  "llc",
  "plc",
  "inc",
  "co",
  "company",
  "corp",
  "corporation",
  "gmbh",
  "sa",
  "ag",
  "jsc",
  "pjsc",
  "ojsc",
  "cjsc",
  "ooo",
  "oao",
  "zao",
  "fze",
  "fzco",
  "llp",
  "lp",
]);

/**
 * Spellings one name takes when transliterated by different hands: doubled letters (Hassan, Hasan),
 * y and i (Yevgeniy, Evgenii), kh and h (Khodorkovsky), ph and f, ou and u, q and k, ck and k.
 */
function foldVariants(token: string): string {
  return token
    .replace(/^ye/, "e")
    .replace(/y/g, "i")
    .replace(/kh/g, "h")
    .replace(/ph/g, "f")
    .replace(/ou/g, "u")
    .replace(/ck/g, "k")
    .replace(/q/g, "k")
    .replace(/(.)\1+/g, "$1");
}

function transliterate(text: string): string {
  let out = "";
  for (const char of text) out += CYRILLIC[char] ?? LATIN_SPECIAL[char] ?? char;
  return out;
}

/** The comparison key of a name: folded words, each once, in alphabetical order. Empty for a name of no words. */
export function nameKey(name: string): string {
  const letters = transliterate(name.normalize("NFKC").toLowerCase())
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    // An apostrophe joins (O'Brien, Ma'ruf); any other punctuation separates.
    .replace(/['’`ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ");
  const words = letters
    .split(" ")
    .filter((word) => word.length > 0 && !IGNORED_WORDS.has(word))
    .map(foldVariants);
  return [...new Set(words)].sort().join(" ");
}

/**
 * The keys a list name is matched by: its own, and for a name of three words or more each key with one
 * word left out, so that a lead who gives a first and a last name is found without the middle name or
 * patronymic the list also holds.
 */
export function listNameKeys(name: string): string[] {
  const key = nameKey(name);
  const words = key.split(" ");
  if (words.length < 3) return key ? [key] : [];
  return [key, ...words.map((_, index) => words.filter((__, other) => other !== index).join(" "))];
}
