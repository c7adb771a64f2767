/**
 * The cookie that says this browser dismissed the phone's "Switch to Desktop View" notice: a
 * session cookie (gone when the browser closes), read by the web app and by the server, which
 * then leaves the notice out of a signed-in page's first paint.
 */
export const MOBILE_NOTICE_DISMISSED_COOKIE = 'mobile_notice_dismissed';
