import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
  isTeacher: boolean;
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through e2e/playwright.config.ts`);
  return value;
}

let accountCounter = 0;

export function newAccount(kind: 'student' | 'teacher'): Account {
  accountCounter += 1;
  const id = `${Date.now().toString(36)}${process.pid}${accountCounter}`;
  return {
    name: kind === 'teacher' ? `Dr Teacher ${id}` : `Student ${id}`,
    email: `${kind}.${id}@campus.test`,
    password: `${kind}-pass-${id}`,
    isTeacher: kind === 'teacher',
  };
}

export interface CampusFixtures {
  teacherCode: string;
  /** Registers an account through the API (fast), for specs about what comes after. */
  registered(kind: 'student' | 'teacher'): Promise<Account>;
  /** Signs in through the login screen and waits for the redirect. */
  logIn(page: Page, account: Account): Promise<void>;
}

async function register(request: APIRequestContext, baseURL: string, account: Account, teacherCode: string) {
  const response = await request.post(`${baseURL}/api/auth/register`, {
    data: { ...account, teacherCode: account.isTeacher ? teacherCode : '' },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens the register screen and fills name, email and password; the spec ticks, submits and checks. */
export async function fillRegisterForm(page: Page, account: Pick<Account, 'name' | 'email' | 'password'>) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
}

// Playwright reads a fixture's dependencies from its destructuring, so fixtures without any take `{}`.
/* eslint-disable no-empty-pattern */
export const test = base.extend<CampusFixtures>({
  baseURL: async ({}, use) => use(requiredEnv('E2E_BASE_URL')),
  teacherCode: async ({}, use) => use(requiredEnv('E2E_TEACHER_CODE')),
  registered: async ({ request, baseURL, teacherCode }, use) => {
    await use(async (kind) => {
      const account = newAccount(kind);
      await register(request, baseURL!, account, teacherCode);
      return account;
    });
  },
  logIn: async ({}, use) => {
    await use(async (page, account) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/(feature|commondataform)$/);
    });
  },
});
/* eslint-enable no-empty-pattern */

export { expect };
