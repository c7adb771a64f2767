import { z } from 'zod';

// What typed text never needs and what can forge or hide a line wherever a value is printed (a
// console log, a mail's text): the C0 controls (tab, line feed and carriage return included), DEL,
// the C1 controls, and the Unicode line and paragraph separators. The server's log escapes the
// same set (lib/logger.ts).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Multi-line text keeps its line breaks and tabs (and the Unicode separators, which are line breaks).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const singleLineMessage = (label: string) =>
  `${label} must be one line, without line breaks or other control characters.`;
export const controlCharacterMessage = (label: string) => `${label} contains a control character that is not allowed.`;

/** Whether `s` is one line of text: no control character at all (see CONTROL_CHARACTERS). */
export const isSingleLine = (s: string) => !CONTROL_CHARACTERS.test(s);

/** The rule of every single-line text field: `z.string().trim().check(singleLine('Name'))`. */
export const singleLine = (label: string) => z.refine<string>((s) => isSingleLine(s), singleLineMessage(label));

/** The rule of multi-line text (descriptions, notes, messages): line breaks and tabs, no other control character. */
export const multiLine = (label: string) =>
  z.refine<string>((s) => !CONTROLS_BUT_LINE_BREAKS.test(s), controlCharacterMessage(label));
