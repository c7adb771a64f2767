// Authentication constants without zod: the sign-in page (first load, with a JavaScript budget)
// imports these; the schemas in auth.ts re-export them.
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const RESET_EMAIL_STORAGE_KEY = 'x-psw-email';
export const SIGNUP_REQUIRED_MESSAGE = 'Name, Email, Password and Phone are all required';
export const SIGNIN_REQUIRED_MESSAGE = 'email and password are required';
