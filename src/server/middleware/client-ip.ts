import type { Context } from 'hono';

type RemoteInfo = { incoming?: { socket?: { remoteAddress?: string } } };

/** The socket's address; headers a client could forge are never trusted for it. */
export const clientIp = (c: Context) => (c.env as RemoteInfo | undefined)?.incoming?.socket?.remoteAddress ?? null;
