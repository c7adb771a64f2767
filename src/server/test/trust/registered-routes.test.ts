import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { access } from '../../middleware/access';
import { multipartRoute } from '../../uploads/upload';
import { registeredEndpoints } from './registered-routes';

describe('registeredEndpoints', () => {
  it('reports each endpoint with its declared access (undeclared ones as undefined) and whether it reads a multipart form', () => {
    const app = new Hono()
      .use('*', async (_c, next) => next())
      .get('/declared', access('admin'), (c) => c.text('x'))
      .post('/forgotten', (c) => c.text('x'))
      .post('/form/upload', access('user'), multipartRoute(), (c) => c.text('x'))
      .route(
        '/nested',
        new Hono().get('/:id', access('own'), (c) => c.text('x')),
      );
    expect(registeredEndpoints(app)).toEqual([
      { method: 'GET', path: '/declared', access: 'admin', validators: [], multipart: false },
      { method: 'POST', path: '/forgotten', access: undefined, validators: [], multipart: false },
      { method: 'POST', path: '/form/upload', access: 'user', validators: [], multipart: true },
      { method: 'GET', path: '/nested/:id', access: 'own', validators: [], multipart: false },
    ]);
  });
});
