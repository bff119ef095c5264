import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/**
 * scrypt (memory-hard, in Node's crypto, no native add-on). Cost parameters live in the stored string,
 * so raising `cost` later only affects new hashes and old ones keep verifying.
 */
export function createScryptHasher(cost = 2 ** 15): PasswordHasher {
  const params = { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 + 1024 * 1024 };
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, params);
      return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify(password, stored) {
      const [scheme, n, r, p, salt, key] = stored.split('$');
      if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
      const N = Number(n);
      const expected = Buffer.from(key, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), {
        N,
        r: Number(r),
        p: Number(p),
        maxmem: 256 * N * Number(r) + 1024 * 1024,
      });
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
