import { randomBytes } from 'node:crypto';
import { ApiClient, teacherCode, uniqueEmail } from './api-client';

export const PASSWORD = 'a-long-enough-password';

export interface SignedInUser {
  client: ApiClient;
  _id: string;
  name: string;
  email: string;
  isTeacher: boolean;
}

/**
 * A fresh account, signed in, as a real client gets one: register (teachers with the run's faculty
 * code), then log in; the returned client carries the session cookies. The name is unique to the run
 * so answers that echo it (a reviewer's name) can only come from this user.
 */
export async function signUp(role: 'student' | 'teacher', name: string): Promise<SignedInUser> {
  const client = new ApiClient();
  const email = uniqueEmail(role);
  const fullName = `${name} ${randomBytes(3).toString('hex')}`;
  const registered = await client.post<{ user: { _id: string } }>('/api/auth/register', {
    name: fullName,
    email,
    password: PASSWORD,
    isTeacher: role === 'teacher',
    teacherCode: role === 'teacher' ? teacherCode() : '',
  });
  if (registered.status !== 201)
    throw new Error(
      `registering a ${role} answered ${registered.status}: ${JSON.stringify(registered.body)}`,
    );
  const login = await client.post('/api/auth/login', { email, password: PASSWORD });
  if (login.status !== 200)
    throw new Error(`logging in a new ${role} answered ${login.status}: ${JSON.stringify(login.body)}`);
  return { client, _id: registered.body.user._id, name: fullName, email, isTeacher: role === 'teacher' };
}
