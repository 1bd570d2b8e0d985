// Slugs as the platform makes them from a name or a nickname: lower case, words joined by `-`, letters and digits
// of any script kept (accents dropped from Latin letters only, since elsewhere a mark is part of the letter).

/** The slug of a text, at most `maxLength` characters; empty when the text holds no letter or digit of any script. */
export const slugify = (text: string, maxLength = 100): string =>
  text
    .normalize('NFKD')
    .replace(/(?<=\p{Script=Latin})\p{Mn}+/gu, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/[\s_]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, maxLength)
    .replace(/-$/, '');
