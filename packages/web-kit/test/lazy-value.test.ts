import { lazyValue } from '../src/lazy-value';

describe('a lazy value', () => {
  test('is not made until first asked for, then made once and kept', () => {
    const make = jest.fn(() => ({ made: true }));
    const value = lazyValue(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  test('keeps a falsy value too', () => {
    const make = jest.fn(() => 0);
    const value = lazyValue(make);
    expect([value(), value()]).toEqual([0, 0]);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
