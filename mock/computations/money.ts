// Money as the platform sends it: decimal text amounts ("49.00") in commerce, numbers in the catalogue. Sums are
// kept in integer minor units (cents) so totals never drift by a float rounding.

/** Amount text or number -> minor units (2 decimals); NaN-safe: anything unreadable is 0. */
export const toCents = (amount: string | number | undefined | null): number => {
  if (amount === undefined || amount === null || amount === '') return 0;
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : 0;
};

/** Minor units -> the platform's amount text, two decimals ("114.10"). */
export const toAmount = (cents: number): string => {
  // Whole cents (every sum here) are written without toFixed, which costs several times more.
  if (!Number.isSafeInteger(cents)) return (cents / 100).toFixed(2);
  const whole = Math.abs(cents);
  const fraction = whole % 100;
  return `${cents < 0 ? '-' : ''}${(whole - fraction) / 100}.${fraction < 10 ? '0' : ''}${fraction}`;
};

/** Minor units -> a catalogue number (45.5). */
export const toNumber = (cents: number): number => Math.round(cents) / 100;

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', ILS: '₪', JPY: '¥', CAD: 'CA$', AUD: 'A$' };

/** "$114.10" for USD; unknown currencies as "114.10 XYZ". */
export const formatMoney = (cents: number, currency: string): string => {
  const sign = cents < 0 ? '-' : '';
  const symbol = SYMBOLS[currency];
  const amount = toAmount(Math.abs(cents));
  return symbol ? `${sign}${symbol}${amount}` : `${sign}${amount} ${currency}`;
};

/** The commerce MultiCurrencyPrice (no conversion: the converted amount is the amount). */
export const multiCurrencyPrice = (cents: number, currency: string) => {
  const amount = toAmount(cents);
  const formatted = formatMoney(cents, currency);
  return { amount, convertedAmount: amount, formattedAmount: formatted, formattedConvertedAmount: formatted };
};

/** The orders' Price. */
export const orderPrice = (cents: number, currency: string) => ({ amount: toAmount(cents), formattedAmount: formatMoney(cents, currency) });

/** `rate` (decimal text, "0.08875") of an amount, rounded half up to a cent. */
export const percentOf = (cents: number, rate: string | number): number => Math.round(cents * Number(rate));
