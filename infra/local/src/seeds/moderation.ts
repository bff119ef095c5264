import type { SeedStep } from './seed-step';

/**
 * Moderation has no demo data of its own: it learns the items from their owning services' events
 * and its queue fills from users' reports, so a fresh platform starts with an empty queue and log.
 */
export const moderationSeed: SeedStep = {
  name: 'moderation',
  async run() {},
};
