// Sign-in sessions as Security Settings lists them: never the session token, only its id.

/** GET /api/me/sessions: the caller's active sessions, the most recently used first. */
export type SessionView = {
  id: string;
  /** 'Chrome on Windows' (from the user agent, see user-agent.ts). */
  device: string;
  ipAddress: string | null;
  createdAt: string;
  /** Last active: better-auth refreshes it as the session is used. */
  updatedAt: string;
  /** The session of the request itself ('This device'). */
  current: boolean;
};

/** At most this many sessions are listed (the most recently used). */
export const SESSIONS_LISTED = 100;

export const SESSION_NOT_FOUND = 'This session was not found. It may have ended already.';
