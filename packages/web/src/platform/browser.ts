/** Page-level side effects, in one module so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}

export function openInNewWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** A full page load: after logout nothing of the previous session (routes, caches) may survive. */
export function loadPage(path: string): void {
  window.location.assign(path);
}
