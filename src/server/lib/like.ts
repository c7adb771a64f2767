/** `text` for a LIKE pattern, its wildcards and escape taken literally. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern that matches `text` literally anywhere. */
export const likeContaining = (text: string) => `%${likeLiteral(text)}%`;
