import { useEffect, useState } from 'react';

/**
 * The authenticator URI as a QR code (an SVG drawn in the browser). The qrcode library is loaded
 * when set-up reaches this step, not with the page.
 */
export function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value]);
  if (failed)
    return (
      <p className="text-sm text-red-700">The QR code could not be drawn. Type the key below into your app instead.</p>
    );
  if (!src)
    return (
      <div
        role="status"
        className="flex size-44 items-center justify-center rounded-md border border-gray-200 text-sm text-gray-500"
      >
        Loading...
      </div>
    );
  return (
    <img
      src={src}
      alt="QR code for your authenticator app"
      width={176}
      height={176}
      className="size-44 rounded-md border border-gray-200 bg-white"
    />
  );
}
