/** Loads a module together with tailwind-merge (see cn.ts), so what it renders has its class conflicts resolved. */
export const withClassMerge = <M>(load: Promise<M>): Promise<M> =>
  Promise.all([import('./class-merge'), load]).then(([, m]) => m);
