/** Joins the truthy class names; the tiny subset of `clsx` the components need. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
