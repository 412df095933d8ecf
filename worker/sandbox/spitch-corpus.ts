/**
 * What the Spitch emulator hears, says and translates: one short press briefing written out in
 * English, Yorùbá, Hausa, Igbo and Naijá, sentence for sentence, so a transcript in one language
 * translates to the same sentences in another and `npm start` shows real text in each.
 */

export const CORPUS_LANGUAGES = ["en", "yo", "ha", "ig", "pcm"] as const;
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number];

const BRIEFING: readonly Readonly<Record<CorpusLanguage, string>>[] = [
  {
    en: "Good morning, and thank you all for joining us today.",
    yo: "Ẹ káàárọ̀, a dúpẹ́ lọ́wọ́ gbogbo yín fún dídára pọ̀ mọ́ wa lónìí.",
    ha: "Barka da safiya, muna godiya da kuka kasance tare da mu yau.",
    ig: "Ụtụtụ ọma, daalụ nke ukwuu maka isonyere anyị taa.",
    pcm: "Good morning o, thank you well well say una join us today.",
  },
  {
    en: "We are pleased to announce our new community radio programme.",
    yo: "Inú wa dùn láti kéde ètò rédíò tuntun fún àwùjọ wa.",
    ha: "Muna farin cikin sanar da sabon shirin rediyon al'ummarmu.",
    ig: "Obi dị anyị ụtọ ikwupụta mmemme redio ọhụrụ maka obodo anyị.",
    pcm: "We happy to announce our new community radio programme.",
  },
  {
    en: "The programme will reach listeners in twelve states from the first of March.",
    yo: "Ètò náà yóò dé ọ̀dọ̀ àwọn olùgbọ́ ní ìpínlẹ̀ méjìlá láti ọjọ́ kìíní oṣù Kẹta.",
    ha: "Shirin zai isa ga masu sauraro a jihohi goma sha biyu daga ranar daya ga watan Maris.",
    ig: "Mmemme a ga-eru ndị na-ege ntị na steeti iri na abụọ site n'ụbọchị mbụ nke ọnwa Maachị.",
    pcm: "The programme go reach people wey dey listen for twelve states from first of March.",
  },
  {
    en: "Our partners will train young presenters in every state.",
    yo: "Àwọn alábàáṣiṣẹ́pọ̀ wa yóò kọ́ àwọn ọ̀dọ́ olóòtú ètò ní gbogbo ìpínlẹ̀.",
    ha: "Abokan hulɗarmu za su horar da matasa masu gabatar da shirye-shirye a kowace jiha.",
    ig: "Ndị mmekọ anyị ga-azụ ndị ntorobịa na-eweta mmemme na steeti ọ bụla.",
    pcm: "Our partners go train young presenters for every state.",
  },
  {
    en: "Power supply remains a serious problem for many stations.",
    yo: "Ìpèsè iná mọ̀nàmọ́ná ṣì jẹ́ ìṣòro ńlá fún ọ̀pọ̀lọpọ̀ ilé iṣẹ́ rédíò.",
    ha: "Samar da wutar lantarki har yanzu babbar matsala ce ga tashoshi da yawa.",
    ig: "Ọkụ eletrik ka bụ nnukwu nsogbu nye ọtụtụ ụlọ ọrụ redio.",
    pcm: "Light still be serious wahala for plenty stations.",
  },
  {
    en: "Journalists can send their questions to our press office at any time.",
    yo: "Àwọn akọ̀ròyìn lè fi ìbéèrè wọn ránṣẹ́ sí ọ́fíìsì ìròyìn wa nígbàkígbà.",
    ha: "'Yan jarida za su iya aika tambayoyinsu zuwa ofishin yaɗa labaranmu a kowane lokaci.",
    ig: "Ndị nta akụkọ nwere ike iziga ajụjụ ha n'ọfịs akụkọ anyị n'oge ọ bụla.",
    pcm: "Journalists fit send their questions give our press office any time.",
  },
  {
    en: "Thank you, and may God bless our country.",
    yo: "Ẹ ṣé o, kí Ọlọ́run bùkún orílẹ̀-èdè wa.",
    ha: "Mun gode, Allah ya albarkaci ƙasarmu.",
    ig: "Daalụ, ka Chineke gọzie obodo anyị.",
    pcm: "Thank you, make God bless our country.",
  },
];

export function briefingSentence(language: CorpusLanguage, index: number): string {
  const row = BRIEFING[((index % BRIEFING.length) + BRIEFING.length) % BRIEFING.length];
  return row?.[language] ?? "";
}

/** Letters without tone marks or under-dots, the way Yorùbá is often typed. */
export function withoutMarks(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
}

const HOOKED: Readonly<Record<string, string>> = { ɓ: "b", ɗ: "d", ƙ: "k", ƴ: "y", Ɓ: "B", Ɗ: "D", Ƙ: "K", Ƴ: "Y" };

/**
 * A sentence as Whisper (AssemblyAI's whisper-rt) writes it in `language`: Yorùbá without its tone
 * marks and under-dots, Hausa without its hooked letters, as text it learned from is mostly typed.
 */
export function asWhisperWrites(sentence: string, language: CorpusLanguage): string {
  if (language === "yo") return withoutMarks(sentence);
  if (language === "ha") return sentence.replace(/[ɓɗƙƴƁƊƘƳ]/g, (letter) => HOOKED[letter] ?? letter);
  return sentence;
}

/** The sentences of `text`, each ending at its stop (a text without one is one sentence). */
export function sentencesOf(text: string): string[] {
  return (
    text
      .match(/[^.!?]+[.!?]*/g)
      ?.map((sentence) => sentence.trim())
      .filter(Boolean) ?? []
  );
}

function findRow(sentence: string, from: CorpusLanguage | null) {
  const bare = withoutMarks(sentence).toLowerCase();
  const languages = from ? [from] : CORPUS_LANGUAGES;
  return BRIEFING.find((row) => languages.some((language) => withoutMarks(row[language]).toLowerCase() === bare));
}

/** Each corpus sentence in `to`; a sentence the corpus lacks stays as it was. */
export function translateText(text: string, from: CorpusLanguage | null, to: CorpusLanguage): string {
  return sentencesOf(text)
    .map((sentence) => findRow(sentence, from)?.[to] ?? sentence)
    .join(" ");
}

/** Yorùbá corpus sentences typed without marks get them back; other text is answered as given. */
export function restoreToneMarks(text: string): string {
  return sentencesOf(text)
    .map((sentence) => findRow(sentence, "yo")?.yo ?? sentence)
    .join(" ");
}
