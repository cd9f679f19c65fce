/**
 * Why a build failed, in words marketing understands: the builder's errors carry Astro's
 * output or a system error, which the page keeps for whoever runs the builder but does not
 * lead with.
 */
const reasons: ReadonlyArray<readonly [RegExp, string]> = [
  [/ENOSPC|no space left/iu, 'Disken er full, så den nye utgaven fikk ikke plass.'],
  [
    /ECONNREFUSED|fetch failed|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up/iu,
    'API-et svarte ikke, så bygget fikk ikke lest varene.',
  ],
  [
    /Røyktest: ([^\n]*)/u,
    'Den nye utgaven besto ikke prøven før den skulle bli live ($1), så den som var live, er beholdt.',
  ],
  [/\(SIG(KILL|TERM|INT)\)/u, 'Bygget ble avbrutt før det var ferdig.'],
  [/ENOMEM|heap out of memory/iu, 'Maskinen gikk tom for minne under bygget.'],
  [/\b(?:GET|POST) https?:\/\/\S+: /u, 'API-et svarte noe bygget ikke kunne bruke.'],
];

/** A failed build's reason in plain Norwegian (the live release is always the one before). */
export function failureInWords(error: string | null): string {
  const text = error ?? '';
  for (const [pattern, words] of reasons) {
    const match = pattern.exec(text);
    if (match) return words.replace('$1', match[1] ?? '');
  }
  return 'Bygget stoppet med en feil; utgaven som var live, er beholdt. Detaljene står i byggerens logg.';
}
