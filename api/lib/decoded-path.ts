/** A request path as the router reads it (`/%61pi/x` is `/api/x`), or as sent when malformed. */
export function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
