import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 200 with the database up', async () => {
    const res = await t.request('GET', '/api/health', { origin: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 "degraded" once the database is gone, not a 500', async () => {
    await t.database.close();
    const res = await t.request('GET', '/api/health', { origin: null });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'degraded', database: 'down' });
  });
});
