import type { FlatRequest } from '@campus/contracts/housing';
import {
  FOOD_LABELS,
  GENDER_LABELS,
  SLEEP_LABELS,
  SMOKING_LABELS,
  flatStateOf,
  type GenderPreference,
} from '@campus/contracts/housing-rules';
import { lazyValue } from '@campus/web-kit/lazy-value';

// Made on first use: an Intl formatter's construction loads locale data (see lazy-value.ts).
const rupees = lazyValue(
  () => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
);
const calendarDay = lazyValue(
  () =>
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** "₹8,500" (Indian digit grouping). */
export const formatRent = (rent: number) => rupees().format(rent);

/** "1 Jul 2026" for "2026-07-01" (a calendar day: no time zone may move it). */
export function formatMoveIn(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : calendarDay().format(date);
}

/** What the card says about who may move in. */
export const genderText = (preference: GenderPreference) =>
  preference === 'any' ? 'Anyone' : `${GENDER_LABELS[preference]} only`;

/** The lifestyle tags the owner gave, as the card's badges ("Veg", "No smoking", "Night owl"). */
export const lifestyleTags = (flat: Pick<FlatRequest, 'food' | 'smoking' | 'sleep'>): string[] => [
  ...(flat.food ? [FOOD_LABELS[flat.food]] : []),
  ...(flat.smoking ? [SMOKING_LABELS[flat.smoking]] : []),
  ...(flat.sleep ? [SLEEP_LABELS[flat.sleep]] : []),
];

/** Where the owner's request stands: "Filled", "Expired on 30 Apr 2026", "Listed until 30 Apr 2026". */
export function stateText(flat: Pick<FlatRequest, 'filled' | 'expiresAt'>, now = new Date()): string {
  const day = formatMoveIn(flat.expiresAt);
  switch (flatStateOf(flat, now)) {
    case 'filled':
      return 'Filled: not in the list';
    case 'expired':
      return `Expired on ${day}: renew to list it again`;
    default:
      return `Listed until ${day}`;
  }
}
