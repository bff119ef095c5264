import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '@campus/service-kit/config';
import { startService, type RunningService } from '@campus/service-kit/service-runtime';
import { startServiceForTest, type ServiceHarness } from '@campus/service-kit/testing/service-harness';
import { libraryService } from '@campus/library-service/service';
import { profileService } from '../src/service';
import { waitFor } from '@campus/service-kit/testing/wait-for';
import { userWithToken } from './profile-test-kit';

// The real producer: the library service on the same database and bus, as the embedded platform runs them.
let h: ServiceHarness;
let library: RunningService;

beforeAll(async () => {
  h = await startServiceForTest(profileService);
  library = await startService(libraryService, {
    config: loadConfig('library', libraryService.configSchema, {
      PORT: '0',
      JWT_PUBLIC_KEY: h.keys.publicKey,
    }),
    database: h.database,
    bus: h.bus,
    logger: pino({ level: 'silent' }),
    outboxPollMs: 50,
  });
});
afterAll(async () => {
  await library.stop();
  await h.stop();
});

const book = (title: string, subject = 'Computer Networks') => ({
  title,
  semester: 5,
  branch: 'Computer Engineering',
  subject,
  tags: ['notes'],
  driveLink: 'https://drive.google.com/file/d/1AbCdEf/view',
});

test('when a student uploads two books through the library, then their bookCount becomes 2', async () => {
  const s = userWithToken(h.keys.privateKey);
  for (const title of ['CN unit 1', 'CN unit 2']) {
    await request(library.url).post('/api/book').set('Authorization', s.auth).send(book(title)).expect(201);
  }
  await waitFor('bookCount 2', async () => {
    const res = await request(h.url).get(`/api/commonData/${s.id}`).set('Authorization', s.auth).expect(200);
    return res.body.data.bookCount === 2;
  });
});

test('when a teacher saves their subjects, then the library routes pending books in those subjects to them', async () => {
  const t = userWithToken(h.keys.privateKey, { name: 'Dr. Meera Iyer', isTeacher: true });
  const s = userWithToken(h.keys.privateKey);
  await request(h.url)
    .post('/api/commonData')
    .set('Authorization', t.auth)
    .send({ department: 'CS', subjects: ['Compiler Design'] })
    .expect(201);
  await request(library.url)
    .post('/api/book')
    .set('Authorization', s.auth)
    .send(book('Lexers and parsers', 'Compiler Design'))
    .expect(201);
  await waitFor('the book pending for the teacher', async () => {
    const res = await request(library.url).get(`/api/book/pending/${t.id}`).set('Authorization', t.auth);
    return (
      res.status === 200 &&
      (res.body.data as Array<{ title: string }>).some((b) => b.title === 'Lexers and parsers')
    );
  });
});
