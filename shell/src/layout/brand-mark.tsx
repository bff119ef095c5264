/** The Campus Connect logo: a mortarboard on the brand colour, drawn inline (no image request). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M6 13l10-5 10 5-10 5z" fill="var(--color-on-primary)" />
      <path
        d="M10.5 15.5v5c3 2.7 8 2.7 11 0v-5"
        fill="none"
        stroke="var(--color-on-primary)"
        strokeWidth="2"
      />
      <path d="M25 13v6" stroke="var(--color-on-primary)" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
