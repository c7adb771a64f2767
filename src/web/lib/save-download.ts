/** Hands a fetched file to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the object URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a response's body under the name its Content-Disposition gives, or `fallback`. */
export async function saveResponse(res: Response, fallback: string) {
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  saveBlob(await res.blob(), name);
}
