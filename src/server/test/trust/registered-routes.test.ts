import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { access } from '../../middleware/access';
import { registeredEndpoints } from './registered-routes';

describe('registeredEndpoints', () => {
  it('reports each endpoint with its declared access, and undeclared ones as undefined', () => {
    const app = new Hono()
      .use('*', async (_c, next) => next())
      .get('/declared', access('admin'), (c) => c.text('x'))
      .post('/forgotten', (c) => c.text('x'))
      .route('/nested', new Hono().get('/:id', access('own'), (c) => c.text('x')));
    expect(registeredEndpoints(app)).toEqual([
      { method: 'GET', path: '/declared', access: 'admin', validators: [] },
      { method: 'POST', path: '/forgotten', access: undefined, validators: [] },
      { method: 'GET', path: '/nested/:id', access: 'own', validators: [] },
    ]);
  });
});
