import { describe, expect, it } from 'vitest';
import { matchPages, searchablePages } from './shell-pages';

const found = (role: string, query: string) => matchPages(searchablePages(role), query).map((p) => p.path);

describe('the page search', () => {
  it('lists the administrators’ support pages to administrators alone', () => {
    expect(found('admin', 'support')).toEqual(expect.arrayContaining(['/support-targets', '/support-report']));
    for (const role of ['staff', 'client']) {
      expect(found(role, 'support report')).toEqual([]);
      expect(found(role, 'support targets')).toEqual([]);
    }
    expect(found('client', 'support')).toEqual(['/support']);
  });
});
