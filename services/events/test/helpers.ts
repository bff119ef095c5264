import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { signAccessToken } from '@campus/service-kit/auth';
import type { ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { blobs, events, posters } from '../src/data/schema';

/** A user as the gateway would hand them over: a signed access token naming them. */
export function signedIn(h: ServiceHarness, name: string) {
  const user = { id: randomUUID(), name, isTeacher: false };
  return { user, headers: { Authorization: `Bearer ${signAccessToken(user, h.keys.privateKey, 900)}` } };
}

/** A photo as a phone writes it: camera and GPS position in EXIF, an author in XMP. */
export function phonePhoto(width = 1200, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="60" y="60" width="${width / 2}" height="${height / 3}" fill="#f5c000"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'CampusCam', Model: 'Leaky 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '18/1 31/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '73/1 51/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Asha from room 214"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** A small poster of one colour (distinct seeds give distinct bytes, so distinct blobs). */
export function poster(seed: number, width = 400, height = 560): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: seed % 256, g: (seed * 7) % 256, b: (seed * 13) % 256 },
    },
  })
    .png()
    .toBuffer();
}

export const uploadPoster = (
  h: ServiceHarness,
  headers: Record<string, string>,
  bytes: Buffer,
  filename = 'poster.png',
  contentType = 'image/png',
) => request(h.url).post('/api/event/upload').set(headers).attach('poster', bytes, { filename, contentType });

export interface PostedEvent {
  _id: string;
  posterLink: string;
  posterVariants: Array<{ url: string; width: number }>;
  view: number;
}

/** Uploads a poster and posts an event with it; returns the event. */
export async function postEvent(
  h: ServiceHarness,
  headers: Record<string, string>,
  seed: number,
  fields: Record<string, unknown> = {},
): Promise<PostedEvent> {
  const uploaded = await uploadPoster(h, headers, await poster(seed)).expect(200);
  const res = await request(h.url)
    .post('/api/event/createform')
    .set(headers)
    .send({ posterLink: uploaded.body.posterUrl, registerLink: 'https://forms.example.org/fest', ...fields })
    .expect(201);
  return res.body.data as PostedEvent;
}

/** How many rows the poster and event tables hold: what "nothing stored" is checked against. */
export async function storedCounts(h: ServiceHarness) {
  const db = h.database.db;
  const [b] = await db.select({ n: count() }).from(blobs);
  const [p] = await db.select({ n: count() }).from(posters);
  const [e] = await db.select({ n: count() }).from(events);
  return { blobs: b?.n ?? 0, posters: p?.n ?? 0, events: e?.n ?? 0 };
}
