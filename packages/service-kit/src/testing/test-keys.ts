import { generateKeyPairSync } from 'node:crypto';

/** A fresh ES256 key pair for one test file (production keys never appear in tests). */
export function generateTestKeys(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
}
