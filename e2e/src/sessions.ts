import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, type Account } from './fixtures';

/** An API session of `account`'s own (the same cookies a browser gets from logging in). */
export async function apiAs(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  account: Account,
): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** A page of its own browser context at `viewport`, signed in as `account`. */
export async function signedInPage(
  browser: Browser,
  viewport: { width: number; height: number },
  logIn: (page: Page, account: Account) => Promise<void>,
  account: Account,
): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await logIn(page, account);
  return page;
}

/** The nav bar's bell; its accessible name carries the unread count ("Notifications, 2 unread"). */
export const bellOf = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /^Notifications/ });

/** A token no other run uses, for titles a test finds again. */
export const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
