import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { loginHref, returnPathOf, safeReturnPath, useLoginHref } from '../src/login-return-path';

describe('safeReturnPath', () => {
  test.each([
    ['/post/123', '/post/123'],
    ['/roomfinder', '/roomfinder'],
    ['/profile/createjob', '/profile/createjob'],
    ['/jobs?page=2#top', '/jobs?page=2#top'],
    ['/library/search?q=a%20b', '/library/search?q=a%20b'],
  ])('when the value is our page %s, then it is kept', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  test.each([
    ['another host, protocol-relative', '//evil.test/post/1'],
    ['another host, backslash', '/\\evil.test'],
    ['a backslash later on', '/post\\..\\..\\evil'],
    ['a scheme', 'https://evil.test/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'post/1'],
    ['a tab the URL parser drops', '/\t/evil.test'],
    ['a newline', '/\n/evil.test'],
    ['a space', '/ /evil.test'],
    ['dot segments resolving to another host', '/..//evil.test'],
    ['a dot segment before two slashes', '/.//evil.test'],
    ['a climb back to two slashes', '/a/..//evil.test/x'],
    ['encoded dots resolving to another host', '/%2e%2e//evil.test'],
    ['a NUL byte', '/post/1\u0000'],
    ['too long', `/${'a'.repeat(600)}`],
    ['empty', ''],
    ['the login page (a loop)', '/login?next=/login'],
    ['the logout page', '/logout'],
    ['the register page with a slash', '/register/'],
  ])('when the value is %s, then there is no return path', (_what, value) => {
    expect(safeReturnPath(value)).toBeUndefined();
  });

  test('when there is no value, then there is no return path', () => {
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
  });
});

describe('loginHref and returnPathOf', () => {
  test('when a page is ours, then the login link carries it encoded and reads back the same', () => {
    const href = loginHref('/post/123?x=1&y=2');
    expect(href).toBe('/login?next=%2Fpost%2F123%3Fx%3D1%26y%3D2');
    expect(returnPathOf(href.slice('/login'.length))).toBe('/post/123?x=1&y=2');
  });

  test('when a value is hostile, then the link is plain /login and reading it gives nothing', () => {
    expect(loginHref('//evil.test')).toBe('/login');
    expect(returnPathOf('?next=%2F%2Fevil.test')).toBeUndefined();
    expect(returnPathOf('?next=https%3A%2F%2Fevil.test')).toBeUndefined();
  });
});

describe('useLoginHref', () => {
  const at = (url: string) =>
    renderHook(() => useLoginHref(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      ),
    }).result.current;

  test('when a guest is on a post, then the login link returns there', () => {
    expect(at('/post/123')).toBe('/login?next=%2Fpost%2F123');
  });

  test('when the guest is on the login page already, then the link keeps the page it was opened for', () => {
    expect(at('/login?next=%2Froomfinder')).toBe('/login?next=%2Froomfinder');
    expect(at('/login')).toBe('/login');
  });
});
