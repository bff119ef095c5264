import { Badge, type BadgeTone } from '@campus/ui/badge';

/** The spec styles two categories: Q&A and Advice; the rest share the neutral look. */
const TONES: Record<string, BadgeTone> = { 'Q&A': 'info', Advice: 'success' };

export function PostTagBadge({ tag }: { tag: string }) {
  return <Badge tone={TONES[tag] ?? 'neutral'}>{tag}</Badge>;
}
