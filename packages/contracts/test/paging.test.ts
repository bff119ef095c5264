import { z } from 'zod';
import { encodeCursor } from '../src/cursor';
import { cursorQuery, pageCount, pageQuery, pageWindow } from '../src/paging';

const Page = z.object(pageQuery({ defaultLimit: 20, maxLimit: 50 }));
const Cursor = z.object(cursorQuery({ defaultLimit: 10, maxLimit: 50 }));

describe('page queries', () => {
  test('when nothing is given, then page 1 at the list default; numbers given as text are read', () => {
    expect(Page.parse({})).toEqual({ page: 1, limit: 20 });
    expect(Page.parse({ page: '3', limit: '5' })).toEqual({ page: 3, limit: 5 });
    expect(pageWindow({ page: 3, limit: 5 })).toEqual({ offset: 10, limit: 5 });
    expect(pageCount(41, 20)).toBe(3);
  });

  test.each([
    [{ page: '0' }, 'Page must be a whole number from 1 to 10000'],
    [{ page: '1.5' }, 'Page must be a whole number from 1 to 10000'],
    [{ page: ['1', '2'] }, 'Page must be a whole number from 1 to 10000'],
    [{ limit: '51' }, 'Limit must be a whole number from 1 to 50'],
    [{ limit: 'all' }, 'Limit must be a whole number from 1 to 50'],
  ])('when the query is %j, then it is refused with "%s"', (query, message) => {
    const result = Page.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('cursor queries', () => {
  test('when a cursor the list handed out comes back, then it names the same position', () => {
    const cursor = encodeCursor({ createdAt: '2026-11-23T10:00:00.000Z', id: 'post-ü-1' });
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(Cursor.parse({ cursor, limit: '5' })).toEqual({
      cursor: { createdAt: '2026-11-23T10:00:00.000Z', id: 'post-ü-1' },
      limit: 5,
    });
    expect(Cursor.parse({})).toEqual({ cursor: undefined, limit: 10 });
  });

  test.each([
    'not-a-cursor',
    encodeCursor({ createdAt: 'yesterday', id: 'x' }),
    'x'.repeat(400),
    '{"$ne":1}',
  ])('when the cursor %s was not handed out, then it is refused with a clear message', (cursor) => {
    const result = Cursor.safeParse({ cursor });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'The cursor is not one this list gave out. Start again from the first page.',
    );
  });
});
