/**
 * Joining generated WGSL: parts that a job does not need are empty strings, and they leave no
 * line behind, so the shader reads as if written by hand for its settings.
 */

/**
 * Statements one to a line, each line after the first indented by `indent` spaces (the first
 * is placed by the template around it); empty parts are left out.
 */
export function joinStatements(indent: number, ...parts: string[]): string {
  return parts.filter((part) => part !== '').join(`\n${' '.repeat(indent)}`);
}

/** Top-level declarations, a blank line between each two; empty parts are left out. */
export function joinDeclarations(...parts: string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n');
}
