import { GENDER_LABELS, type GenderPreference } from '@campus/contracts/housing-rules';

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "₹8,500" (Indian digit grouping). */
export const formatRent = (rent: number) => RUPEES.format(rent);

/** "1 Jul 2026" for "2026-07-01" (a calendar day: no time zone may move it). */
export function formatMoveIn(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
}

/** What the card says about who may move in. */
export const genderText = (preference: GenderPreference) =>
  preference === 'any' ? 'Anyone' : `${GENDER_LABELS[preference]} only`;
