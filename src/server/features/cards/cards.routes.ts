import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env';
import { access, clientQuery } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import {
  CARD_MESSAGES,
  revolvingCreditInput,
  storeCardInput,
  type CardKind,
  type StoreCardSecret,
} from '../../../shared/credit';
import { adminListQuery, pageQuery } from '../../../shared/paging';
import {
  addCard,
  cardExists,
  deleteCard,
  listAllCards,
  listCards,
  revealCardSecret,
  updateCard,
  type CardValues,
} from './cards.service';

const NOT_FOUND = 'Card not found.';
const NOTHING_ON_FILE: Record<StoreCardSecret, string> = {
  'account-number': 'No account number is on file.',
  username: 'No username is on file.',
  password: 'No password is on file.',
};

// An admin naming a client who does not exist hears the original product's 'User not found' (a client naming
// anyone but themselves, or an admin naming another admin, still hears 'Not found').
const OWNER = { unknownClient: CARD_MESSAGES.userNotFound };

// Runs before validation, so another client's card is a 404 whatever the body says.
const ownCard = (kind: CardKind) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const id = c.req.param('cardId') ?? '';
    if (id.length > 64 || !(await cardExists(c.var.deps.db, kind, c.var.scope.clientId, id)))
      return c.json({ error: NOT_FOUND }, 404);
    return next();
  });

/** List, add, edit and delete one kind of card of one client (admins: any client's, audited). */
function cardRoutes<S extends typeof storeCardInput | typeof revolvingCreditInput>(kind: CardKind, input: S) {
  const own = ownCard(kind);
  return new Hono<AppEnv>()
    .get('/', access('own', OWNER), validate('query', pageQuery), async (c) => {
      const { db, keyring } = c.var.deps;
      return c.json(await listCards(db, keyring, kind, c.var.scope.clientId, c.req.valid('query')));
    })
    .post('/', access('own', OWNER), validate('json', input), async (c) => {
      const { db, keyring } = c.var.deps;
      return c.json({ card: await addCard(db, keyring, kind, c.var.scope, c.req.valid('json') as CardValues) }, 201);
    })
    .patch('/:cardId', access('own', OWNER), own, validate('json', input), async (c) => {
      const { db, keyring } = c.var.deps;
      const card = await updateCard(
        db,
        keyring,
        kind,
        c.var.scope,
        c.req.param('cardId'),
        c.req.valid('json') as CardValues,
      );
      return card ? c.json({ card }) : c.json({ error: NOT_FOUND }, 404);
    })
    .delete('/:cardId', access('own', OWNER), own, async (c) => {
      const deleted = await deleteCard(c.var.deps.db, kind, c.var.scope, c.req.param('cardId'));
      return deleted ? c.json({ ok: true }) : c.json({ error: NOT_FOUND }, 404);
    });
}

const storeOwn = ownCard('store');
async function revealed(c: Context<AppEnv>, field: StoreCardSecret) {
  const { db, keyring } = c.var.deps;
  const value = await revealCardSecret(db, keyring, c.var.scope, c.req.param('cardId') ?? '', field);
  return value === null ? c.json({ error: NOTHING_ON_FILE[field] }, 404) : c.json({ value });
}

/** /api/clients/:clientId/store-cards, with one audited reveal route per secret (POST: nothing prefetches or caches it). */
export const storeCardsRoutes = cardRoutes('store', storeCardInput)
  .post('/:cardId/reveal/account-number', access('own', OWNER), storeOwn, (c) => revealed(c, 'account-number'))
  .post('/:cardId/reveal/username', access('own', OWNER), storeOwn, (c) => revealed(c, 'username'))
  .post('/:cardId/reveal/password', access('own', OWNER), storeOwn, (c) => revealed(c, 'password'));

/** /api/clients/:clientId/revolving-credits */
export const revolvingCreditsRoutes = cardRoutes('revolving', revolvingCreditInput);

/** /api/store-cards and /api/revolving-credits: admins see every client's cards (secrets masked), each with the client's name. */
const allCardsRoutes = (kind: CardKind) =>
  new Hono<AppEnv>().get('/', access('staff'), validate('query', adminListQuery), clientQuery, async (c) => {
    const { db, keyring } = c.var.deps;
    return c.json(await listAllCards(db, keyring, kind, c.var.user!, c.req.valid('query')));
  });
export const allStoreCardsRoutes = allCardsRoutes('store');
export const allRevolvingCreditsRoutes = allCardsRoutes('revolving');
