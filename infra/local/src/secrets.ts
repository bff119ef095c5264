import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface LocalSecrets {
  jwtPrivateKey: string;
  jwtPublicKey: string;
  teacherCode: string;
  /** Signs the one-click unsubscribe links of notification emails (UNSUBSCRIBE_SECRET). */
  unsubscribeSecret: string;
  dir: string;
}

function readOrCreate(file: string, create: () => string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const value = create();
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

/**
 * Embedded mode makes its own secrets on first start and keeps them in the data folder, so sessions
 * and the faculty code survive restarts. Production passes them in from the environment instead.
 */
export function loadOrCreateSecrets(dataDir: string): LocalSecrets {
  const dir = path.join(dataDir, 'secrets');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const privateFile = path.join(dir, 'jwt-private.pem');
  const publicFile = path.join(dir, 'jwt-public.pem');
  if (!fs.existsSync(privateFile) || !fs.existsSync(publicFile)) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    fs.writeFileSync(privateFile, privateKey, { mode: 0o600 });
    fs.writeFileSync(publicFile, publicKey, { mode: 0o644 });
  }
  return {
    dir,
    jwtPrivateKey: fs.readFileSync(privateFile, 'utf8'),
    jwtPublicKey: fs.readFileSync(publicFile, 'utf8'),
    teacherCode: readOrCreate(
      path.join(dir, 'teacher-code.txt'),
      () => `FAC-${randomBytes(4).toString('hex').toUpperCase()}`,
    ),
    unsubscribeSecret: readOrCreate(path.join(dir, 'unsubscribe-secret.txt'), () =>
      randomBytes(32).toString('base64url'),
    ),
  };
}
