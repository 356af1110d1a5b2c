/** `decodeURIComponent` that answers null for a malformed escape (`%zz`) instead of throwing a URIError. */
export function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
