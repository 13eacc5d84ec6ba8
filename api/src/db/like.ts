/** Escapes LIKE's wildcards, so that an underscore or a percent sign in `text` matches only itself. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern for values that start with `prefix`. */
export function likePrefix(prefix: string): string {
  return `${escapeLike(prefix)}%`;
}

/** A LIKE pattern for values that contain `part`. */
export function likeContaining(part: string): string {
  return `%${escapeLike(part)}%`;
}
