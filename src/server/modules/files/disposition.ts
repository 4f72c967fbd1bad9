// Content-Disposition for a file the server sends: the name percent-encoded as RFC 5987's filename* (Chinese
// names survive every browser), with an optional plain ASCII name for clients that read only filename.
export function contentDisposition(kind: 'inline' | 'attachment', name: string, asciiFallback?: string): string {
  return `${kind};${asciiFallback ? ` filename="${asciiFallback}";` : ''} filename*=UTF-8''${encodeURIComponent(name)}`;
}
