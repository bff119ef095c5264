import { eventsService } from '@campus/events-service/service';
import { startBenchService } from './support/bench-service';
import { phonePhoto, posterUploadBody } from './support/poster-upload';

const JOINS = Number(process.env.BENCH_JOINS ?? 200);
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 50);

/**
 * RSVP under contention (issue 27): JOINS students answer going at once (HTTP to the service, each
 * its own request) on an event of CAPACITY seats. Checks exactly CAPACITY going and the rest
 * waitlisted in order of arrival (each answer's waitlist count is its place), and times the burst.
 * Run: `npx tsx bench/src/events-rsvp.ts` (DATABASE_URL for PostgreSQL).
 */
export async function run(): Promise<void> {
  const service = await startBenchService(eventsService, {});
  const owner = service.tokenFor({ id: 'bench-owner', name: 'Owner', isTeacher: false });
  try {
    const upload = await fetch(`${service.url}/api/event/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner}` },
      body: posterUploadBody(await phonePhoto()),
    });
    const { posterUrl } = (await upload.json()) as { posterUrl: string };
    const start = new Date(Date.now() + 24 * 3600_000);
    const created = await fetch(`${service.url}/api/event/createform`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        posterLink: posterUrl,
        registerLink: 'https://forms.example.org/bench',
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 2 * 3600_000).toISOString(),
        capacity: CAPACITY,
      }),
    });
    const event = ((await created.json()) as { data: { _id: string } }).data;
    const tokens = Array.from({ length: JOINS }, (_, i) =>
      service.tokenFor({ id: `bench-student-${i}`, name: `Student ${i}`, isTeacher: false }),
    );
    const began = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const t0 = performance.now();
        const res = await fetch(`${service.url}/api/event/events/${event._id}/rsvp`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'going' }),
        });
        const body = (await res.json()) as { mine: string; waitlisted: number };
        return { status: res.status, ...body, ms: performance.now() - t0 };
      }),
    );
    const total = performance.now() - began;
    const going = answers.filter((a) => a.mine === 'going').length;
    const waiting = answers.filter((a) => a.mine === 'waitlisted');
    const places = waiting.map((a) => a.waitlisted).sort((a, b) => a - b);
    const inOrder = places.every((p, i) => p === i + 1);
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(0);
    console.log(
      `${service.database.kind}: ${JOINS} concurrent joins at capacity ${CAPACITY}: ${going} going, ${waiting.length} waitlisted, ` +
        `places 1..${places.length} ${inOrder ? 'each once' : 'NOT in order'}, all 200: ${answers.every((a) => a.status === 200)}; ` +
        `burst ${total.toFixed(0)} ms, per answer p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`,
    );
    if (going !== CAPACITY || !inOrder) throw new Error('RSVP under contention is wrong');
  } finally {
    await service.stop();
  }
}

if (process.argv[1]?.endsWith('events-rsvp.ts')) void run();
