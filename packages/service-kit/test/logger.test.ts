import { Writable } from 'node:stream';
import pino from 'pino';
import { serializeError } from '../src/logger';

test('when a query fails, then its log line names the query and cause but never the bound parameters', () => {
  const failed = Object.assign(
    new Error('Failed query: insert into users values ($1)\nparams: scrypt$32768$secret-hash'),
    {
      query: 'insert into users values ($1)',
      params: ['scrypt$32768$secret-hash'],
      cause: { code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    },
  );
  let line = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      line += String(chunk);
      done();
    },
  });
  pino({ serializers: { err: serializeError } }, sink).error({ err: failed }, 'unhandled error');
  expect(line).not.toContain('secret-hash');
  expect(JSON.parse(line).err).toMatchObject({
    message: 'query failed: insert into users values ($1)',
    cause: { code: '22021' },
  });
});

test('other errors keep their message and stack', () => {
  const out = serializeError(new Error('boom'));
  expect(out).toMatchObject({ message: 'boom', type: 'Error' });
  expect(String(out.stack)).toContain('boom');
});
