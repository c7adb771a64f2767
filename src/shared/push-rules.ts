// Web Push on a person's devices (My Account, "Notifications on this device"): answer types and
// texts both sides use, without zod (the card is part of My Account's first paint).
import { LIMITS } from './limits';

/** GET /api/me/push/devices: one browser with notifications on. Never its endpoint or keys. */
export type PushDevice = {
  id: string;
  /** 'Chrome on Windows', from the user agent that turned it on (see user-agent.ts). */
  label: string;
  /**
   * The first 16 characters of the base64url SHA-256 of the device's endpoint: the page compares
   * its own subscription's to mark 'This device', and the endpoint itself never comes back.
   */
  endpointTag: string;
  createdAt: string;
  /** When a push last reached its push service, or null before the first. */
  lastSuccessAt: string | null;
};

/** At most this many devices are listed: LIMITS.pushDevices is the bound, this the list's own cap. */
export const PUSH_DEVICES_LISTED = 100;

export const PUSH_DEVICE_NOT_FOUND = 'This device was not found. Its notifications may be off already.';
export const PUSH_DEVICES_FULL = `You can have notifications on ${LIMITS.pushDevices} devices at most. Remove one you no longer use, then try again.`;
export const PUSH_ENDPOINT_REFUSED =
  "This browser's push service is not one we send to. Try another browser (Chrome, Edge, Firefox or Safari).";
