import sharp from 'sharp';
import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

interface DemoEvent {
  title: string;
  description: string;
  colours: [string, string];
  instagram?: string;
}

/** A dozen campus events, so /events has a carousel, a grid and a Load More on first start. */
const DEMO_EVENTS: DemoEvent[] = [
  {
    title: 'Hack Night 2026',
    description: '24 hours, teams of four, mentors from three startups. Food and coffee all night.',
    colours: ['#1d4ed8', '#7c3aed'],
    instagram: 'https://www.instagram.com/campus.hacknight/',
  },
  {
    title: 'Robotics Expo',
    description: 'The robotics club shows line followers, a drone swarm and a robotic arm that plays chess.',
    colours: ['#0f766e', '#22c55e'],
  },
  {
    title: 'Cultural Fest: Rang',
    description: 'Three evenings of dance, music and drama from every department. Open to all years.',
    colours: ['#be185d', '#f97316'],
    instagram: 'https://www.instagram.com/rang.fest/',
  },
  {
    title: 'Placement Talk: Cracking the Interview',
    description: 'Alumni from product companies walk through real interview rounds and answer questions.',
    colours: ['#334155', '#0ea5e9'],
  },
  {
    title: 'Inter-College Football Cup',
    description: 'Eight colleges, one trophy. Matches every evening on the main ground.',
    colours: ['#15803d', '#a3e635'],
  },
  {
    title: 'Photography Walk',
    description: 'A slow walk around the old campus at golden hour. Bring any camera, phones welcome.',
    colours: ['#92400e', '#fbbf24'],
    instagram: 'https://www.instagram.com/campus.clicks/',
  },
  {
    title: 'Open Source Day',
    description: 'Make your first pull request with help from maintainers. Laptops required.',
    colours: ['#111827', '#6366f1'],
  },
  {
    title: 'Blood Donation Camp',
    description: 'With the city hospital. Every donor gets a certificate and a hot breakfast.',
    colours: ['#991b1b', '#f87171'],
  },
  {
    title: 'Quiz Night',
    description: 'Science, sport, films and campus trivia. Teams of up to three.',
    colours: ['#6d28d9', '#ec4899'],
  },
  {
    title: 'Startup Pitch Day',
    description: 'Ten student teams pitch to investors. Audience vote decides the people’s choice.',
    colours: ['#0369a1', '#14b8a6'],
    instagram: 'https://www.instagram.com/ecell.campus/',
  },
  {
    title: 'Music Unplugged',
    description: 'Acoustic sets in the amphitheatre. Sign up at the door to play one song.',
    colours: ['#7c2d12', '#d946ef'],
  },
  {
    title: 'Green Campus Drive',
    description: 'Plant 500 saplings along the lake road. Gloves and tools provided.',
    colours: ['#166534', '#84cc16'],
  },
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Splits a title into lines of at most `width` characters, on spaces. */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last && last.length + word.length + 1 <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** A 1080 × 1350 poster drawn from SVG at seed time (no network, no binary files in the repository). */
export function demoPoster(event: DemoEvent, index: number): Promise<Buffer> {
  const [from, to] = event.colours;
  const title = lines(event.title, 14)
    .map((line, i) => `<tspan x="90" dy="${i === 0 ? 0 : 120}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350" viewBox="0 0 1080 1350">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1080" height="1350" fill="url(#g)"/>
  <circle cx="${860 - index * 20}" cy="${260 + index * 15}" r="220" fill="#ffffff" fill-opacity="0.14"/>
  <circle cx="${180 + index * 25}" cy="1120" r="300" fill="#000000" fill-opacity="0.12"/>
  <rect x="90" y="150" width="240" height="16" rx="8" fill="#ffffff" fill-opacity="0.8"/>
  <text x="90" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#ffffff">${title}</text>
  <text x="90" y="1230" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" fill="#ffffff" fill-opacity="0.9">Campus Connect · Events</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Where the demo events happen (one is online), in turn. */
const DEMO_VENUES = [
  'Main Auditorium',
  'Central Lawn',
  'Seminar Hall 2',
  'Online',
  'Sports Complex',
  'Library Atrium',
];

/**
 * When the demo event at `index` (0 = the soonest) happens: from tomorrow, one every other day, at
 * 18:00 in campus time (12:30 UTC) for three hours, so the carousel, the cards and Upcoming show
 * dates, and reminders and RSVPs have something to work on.
 */
export function demoEventTimes(index: number, now = new Date()): { startsAt: string; endsAt: string } {
  const start = new Date(now);
  start.setUTCDate(start.getUTCDate() + 1 + index * 2);
  start.setUTCHours(12, 30, 0, 0);
  const end = new Date(start.getTime() + 3 * 3_600_000);
  return { startsAt: start.toISOString(), endsAt: end.toISOString() };
}

/** Twelve events from the demo student, through the public API (upload, then createform). */
export const eventsSeed: SeedStep = {
  name: 'events',
  async run(ctx) {
    const { student } = DEMO_USERS;
    const { call } = await signedInFetch(ctx.url, student.email, student.password);
    // The session cookie for the multipart upload (call() sends JSON bodies only).
    const login = await fetch(`${ctx.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: student.email, password: student.password }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Oldest first, so the first in the list is the newest on the page.
    const soonestFirst = DEMO_EVENTS.length - 1;
    for (const [index, event] of [...DEMO_EVENTS].reverse().entries()) {
      const body = new FormData();
      body.append(
        'poster',
        new Blob([new Uint8Array(await demoPoster(event, index))], { type: 'image/jpeg' }),
        'poster.jpg',
      );
      const uploaded = await fetch(`${ctx.url}/api/event/upload`, {
        method: 'POST',
        headers: { cookie },
        body,
      });
      if (!uploaded.ok) throw new Error(`seed event poster: HTTP ${uploaded.status}`);
      const { posterUrl } = (await uploaded.json()) as { posterUrl: string };
      const res = await call('/api/event/createform', {
        body: {
          posterLink: posterUrl,
          registerLink: `https://forms.example.org/${encodeURIComponent(event.title.toLowerCase().replace(/\W+/g, '-'))}`,
          instagramLink: event.instagram,
          title: event.title,
          description: event.description,
          ...demoEventTimes(soonestFirst - index),
          venue: DEMO_VENUES[(soonestFirst - index) % DEMO_VENUES.length],
        },
      });
      if (res.status !== 201) throw new Error(`seed event: HTTP ${res.status}`);
    }
  },
};
