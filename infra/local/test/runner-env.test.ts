import { environmentFor, operatorSetting } from '../src/runner-env';

const processes = ['identity', 'library', 'profile', 'gateway'];

test("when a secret is scoped to identity, then no other process's environment carries it", () => {
  const operator = {
    PATH: '/usr/bin',
    IDENTITY_JWT_PRIVATE_KEY: 'PRIVATE-PEM',
    IDENTITY_TEACHER_CODE: 'SECRET-CODE',
    LOG_LEVEL: 'info',
  };
  const library = environmentFor('library', { defaults: {}, operator, owned: {}, processes });
  expect(library).toEqual({ PATH: '/usr/bin', LOG_LEVEL: 'info' });
  const identity = environmentFor('identity', { defaults: {}, operator, owned: {}, processes });
  expect(identity).toEqual({
    PATH: '/usr/bin',
    LOG_LEVEL: 'info',
    JWT_PRIVATE_KEY: 'PRIVATE-PEM',
    TEACHER_CODE: 'SECRET-CODE',
  });
});

test('when a process declares a name that looks scoped to another (the gateway’s IDENTITY_SERVICE_URL), then it keeps it', () => {
  const operator = { IDENTITY_SERVICE_URL: 'http://identity:8080', IDENTITY_TEACHER_CODE: 'SECRET-CODE' };
  const gateway = environmentFor('gateway', {
    defaults: {},
    operator,
    owned: {},
    processes,
    declared: new Set(['IDENTITY_SERVICE_URL']),
  });
  expect(gateway).toEqual({ IDENTITY_SERVICE_URL: 'http://identity:8080' });
});

test('when layers disagree, then runner-owned values beat the operator, and a test override beats both', () => {
  const env = environmentFor('library', {
    defaults: { LOG_LEVEL: 'warn', COOKIE_SECURE: 'false' },
    operator: { LOG_LEVEL: 'info', LIBRARY_LOG_LEVEL: 'debug', PORT: '8080' },
    owned: { PORT: '0' },
    overrides: { COOKIE_SECURE: 'true' },
    processes,
  });
  expect(env).toEqual({ LOG_LEVEL: 'debug', PORT: '0', COOKIE_SECURE: 'true' });
});

test('a setting as one process gets it: the override, else its scoped variable, else the plain one', () => {
  expect(
    operatorSetting('identity', 'TEACHER_CODE', { TEACHER_CODE: ' A ', IDENTITY_TEACHER_CODE: 'B' }),
  ).toBe('B');
  expect(operatorSetting('identity', 'TEACHER_CODE', { TEACHER_CODE: ' A ' })).toBe('A');
  expect(operatorSetting('identity', 'TEACHER_CODE', { TEACHER_CODE: '  ' })).toBeUndefined();
  expect(
    operatorSetting('identity', 'TEACHER_CODE', { IDENTITY_TEACHER_CODE: 'B' }, { TEACHER_CODE: 'C' }),
  ).toBe('C');
});
