import { clsx, type ClassValue } from 'clsx';

type Merge = (classes: string) => string;
let merge: Merge | null = null;

/**
 * Joins class names. Once tailwind-merge is in (lib/class-merge.ts: the signed-in app and every
 * guest page but the sign-in page's first load import it) a later class also wins over a
 * conflicting earlier one ('p-6' then 'pt-0'). The sign-in page and the marketing layout do
 * without its 9 kB: their class lists have no conflicts, which first-load-classes.test.ts checks.
 */
export const cn = (...inputs: ClassValue[]) => {
  const classes = clsx(inputs);
  return merge ? merge(classes) : classes;
};

export function setClassMerge(fn: Merge | null) {
  merge = fn;
}
