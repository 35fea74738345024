/** A QR code drawn locally (the qrcode package, loaded only when a code is first shown). */
import { useEffect, useState } from 'react';

export function QrCode({ text, size = 160, label }: { text: string; size?: number; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Drawn when the page is idle, one code per idle slot: a page that shows a code (payment,
    // WeChat binding) is still rendering when it mounts. The side tool's codes mount only when
    // their pop-up is first wanted.
    const draw = () =>
      void import('qrcode')
        .then((qr) => qr.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1f2329', light: '#ffffff' } }))
        .then((url) => live && setSrc(url))
        .catch(() => live && setSrc(null));
    // Safari has no requestIdleCallback.
    const idle = 'requestIdleCallback' in globalThis ? requestIdleCallback(draw, { timeout: 3000 }) : null;
    const timer = idle === null ? setTimeout(draw, 0) : undefined;
    return () => {
      live = false;
      if (idle !== null) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [text, size]);
  if (!src) return <span style={{ display: 'inline-block', width: size, height: size, background: 'var(--color-bg-disabled)' }} role="img" aria-label={`${label}（生成中）`} />;
  return <img src={src} width={size} height={size} alt={label} />;
}
