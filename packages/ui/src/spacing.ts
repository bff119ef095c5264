/** The spacing scale of tokens.css (`--space-0` ... `--space-10`). */
export type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

export function spaceVar(space: Space): string {
  return `var(--space-${space})`;
}
